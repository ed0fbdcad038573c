import { useEffect, useId, useState, type ReactNode } from 'react';
import { ReviewBadge } from '@/components/ReviewBadge';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCan, useSession } from '@/hooks/session';
import { useReference } from '@/hooks/reference';
import { useApprovers, useDecideReview, useLiveReview, useRequestReview, type ReviewEntity } from '@/hooks/review';
import { formatShortDate } from '@/lib/dates';
import { REVIEW_LABELS, approverText, approversLegend, requestPrefill, reviewState } from '@/lib/review';
import type { Review } from '@/lib/types';

/**
 * ReviewSection is the review of a communication or saved campaign
 * (docs/review.md): its state, whom it waits for and by when, the decisions
 * so far, asking for review (chosen approvers or any approver, a due date)
 * and, for an approver, the decision. children is the discussion thread,
 * shown below the decisions. It sits inside the Communication form, so its
 * buttons never submit it.
 *
 * A re-request starts from the current round's approvers and due date. With
 * unsaved edits in the form around it (unsaved), a request saves them
 * first through saveFirst, and a decision asks before it goes on without
 * them. decideOnly leaves out the request part (the read-only review view).
 */
export function ReviewSection({
  entity,
  id,
  review: given,
  children,
  unsaved = false,
  saveFirst,
  decideOnly = false,
}: {
  entity: ReviewEntity;
  id?: string;
  review?: Review | null;
  children?: ReactNode;
  unsaved?: boolean;
  saveFirst?: () => Promise<boolean>;
  decideOnly?: boolean;
}) {
  const uid = useId();
  const canEdit = useCan('plan.edit');
  const canDecide = useCan('reviews.decide');
  const { data: session } = useSession();
  const { data: approvers } = useApprovers();
  const selfApproval = !!useReference().data?.review?.allowSelfApproval;
  const request = useRequestReview(entity);
  const decide = useDecideReview(entity);
  const [chosen, setChosen] = useState<string[]>([]);
  const [due, setDue] = useState('');
  const [comment, setComment] = useState('');
  const live = useLiveReview(entity, id);
  const review = live.data?.review ?? given;
  const state = reviewState(review);
  const headingId = `${uid}-heading`;
  // A new round (or the first read of the review) prefills the request with its approvers and due date.
  const round = review ? `${review.round ?? 0}|${review.requestedAt ?? ''}` : '';
  useEffect(() => {
    const p = requestPrefill(review);
    setChosen(p.approvers);
    setDue(p.dueDate);
    // review is read at the round's change only: a later refetch keeps what the planner chose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);

  if (!id) {
    return (
      <section aria-labelledby={headingId} className="grid gap-2 rounded-md border border-slate-200 p-3">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Review
        </h3>
        <p className="text-sm text-slate-600">Save it first to request a review.</p>
      </section>
    );
  }
  const mine = review?.requestedBy?.id === session?.id;
  const named = !review || review.approvers.length === 0 || review.approvers.some((a) => a.id === session?.id);
  // The shared identity never decides (a shared code names no one).
  const shared = session?.id === 'shared';
  const mayDecide = canDecide && !shared && state === 'requested' && named;
  const edited = !!review?.editors?.some((e) => e.id === session?.id);
  const decisions = review?.decisions ?? [];
  const requestLabel = state === 'none' ? 'Request review' : 'Request review again';

  // A decision does not save the form's edits: say so before they are left behind.
  function decideKeeping(decision: 'approved' | 'changes_requested') {
    if (!id) return;
    if (unsaved && !window.confirm('You have unsaved changes. A decision does not save them: decide anyway?')) return;
    decide.mutate({ id, decision, comment }, { onSuccess: () => setComment('') });
  }

  // Unsaved edits are saved with the request, so the approvers review what the planner sees.
  async function requestKeeping() {
    if (!id) return;
    if (unsaved) {
      if (!saveFirst) {
        if (!window.confirm('You have unsaved changes. The request does not save them: request anyway?')) return;
      } else if (!(await saveFirst())) return;
    }
    request.mutate({ id, approvers: chosen, dueDate: due });
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-md border border-slate-200 p-3" data-testid="review-section">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Review
        </h3>
        <ReviewBadge review={review} />
        {state === 'none' && <span className="text-sm text-slate-600">Not requested</span>}
      </div>
      {review && state !== 'none' && (
        <p className="text-sm text-slate-700">
          Asked of {approverText(review)}
          {review.requestedBy ? ` by ${review.requestedBy.name}` : ''}
          {review.dueDate ? `, due ${formatShortDate(review.dueDate)}` : ''}.
        </p>
      )}
      {decisions.length > 0 && (
        <ol className="grid gap-1 text-sm" aria-label="Decisions so far">
          {decisions.map((d, i) => (
            <li key={`${d.at}-${i}`} className="text-slate-800">
              <span className="font-medium">{d.by.name}</span>: {REVIEW_LABELS[d.decision].toLowerCase()} ({formatShortDate(d.at)})
              {d.comment && <span className="block whitespace-pre-wrap text-slate-600">{d.comment}</span>}
            </li>
          ))}
        </ol>
      )}
      {mayDecide && (
        <div className="grid gap-2">
          <Label htmlFor={`${uid}-comment`}>Decision comment</Label>
          <Textarea id={`${uid}-comment`} rows={2} value={comment} onChange={(e) => setComment(e.target.value)} placeholder="Required to request changes" />
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={decide.isPending || (mine && !selfApproval) || edited}
              title={edited ? 'You changed it in this review round; someone else must approve it' : mine ? 'You asked for this review' : undefined}
              onClick={() => decideKeeping('approved')}
            >
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending || comment.trim() === ''}
              onClick={() => decideKeeping('changes_requested')}
            >
              Request changes
            </Button>
          </div>
        </div>
      )}
      {canEdit && !decideOnly && (
        <div className="grid gap-2 border-t border-slate-100 pt-3">
          {(approvers ?? []).length > 0 ? (
            <CheckboxGroup
              legend={approversLegend(chosen, approvers ?? [])}
              options={(approvers ?? []).map((a) => ({ value: a.id, label: a.name }))}
              value={chosen}
              onChange={setChosen}
            />
          ) : (
            <p className="text-sm text-slate-600">Any approver may decide.</p>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${uid}-due`}>Due date (optional)</Label>
              <Input id={`${uid}-due`} type="date" value={due} onChange={(e) => setDue(e.target.value)} className="w-44" />
            </div>
            <Button size="sm" variant="secondary" disabled={request.isPending} onClick={() => void requestKeeping()}>
              {unsaved && saveFirst ? `Save and ${requestLabel.toLowerCase()}` : requestLabel}
            </Button>
          </div>
          {unsaved && saveFirst && (
            <p className="text-xs text-slate-600" data-testid="review-saves-edits">
              Your unsaved changes are saved with the request.
            </p>
          )}
        </div>
      )}
      {children}
    </section>
  );
}
