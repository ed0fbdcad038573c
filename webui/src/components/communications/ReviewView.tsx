import { Pencil } from 'lucide-react';
import { CommentThread } from '@/components/CommentThread';
import { ReviewSection } from '@/components/ReviewSection';
import { SandboxFrame } from '@/components/SandboxFrame';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCan } from '@/hooks/session';
import { useVehicles } from '@/hooks/vehicles';
import { contentDocument } from '@/lib/preview';
import { formatScheduled } from '@/lib/schedule';
import type { Communication } from '@/lib/types';

/**
 * ReviewView is a communication as its approver reads it: the message as it
 * will be sent (subject, body in its vehicle's format, vehicle, audience and
 * day), the planner's notes folded away, and the review with its decision
 * and thread in reach. Nothing is focused for editing when it opens; Edit,
 * for those who may edit, is a separate step (onEdit opens the form). Its
 * only other way out is Close, which changes nothing.
 */
export function ReviewView({ communication: c, onEdit, onOpenChange }: { communication: Communication; onEdit: () => void; onOpenChange: (open: boolean) => void }) {
  const canEdit = useCan('plan.edit');
  const { data: vehicles } = useVehicles();
  const format = vehicles?.find((v) => v.id === c.vehicleId)?.settings?.format ?? 'text';
  const body = c.generatedContent ?? '';
  const notes = c.rawContent ?? '';

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-4xl"
        data-testid="review-view"
        onOpenAutoFocus={(e) => {
          // The title, not a field: the first key pressed must not change anything.
          e.preventDefault();
          (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-review-title]')?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle data-review-title tabIndex={-1} className="focus:outline-none">
            Review Communication
          </DialogTitle>
          <DialogDescription>Read it as it will be sent, then approve it or request changes.</DialogDescription>
        </DialogHeader>
        {/* Wide, the decision sits beside the message and stays in view while it scrolls; narrow, it follows a capped message. */}
        <div className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-start">
        <article aria-label="The message as it will be sent" className="grid gap-3 rounded-md border border-slate-200 p-3" data-testid="review-message">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium text-slate-600">Subject</dt>
            <dd className="break-words font-semibold text-slate-900" data-testid="review-subject">
              {c.title}
            </dd>
            <dt className="font-medium text-slate-600">Vehicle</dt>
            <dd className="text-slate-900" data-testid="review-vehicle">
              {c.vehicle?.name ?? 'No delivery vehicle'}
            </dd>
            <dt className="font-medium text-slate-600">Audience</dt>
            <dd className="text-slate-900">{c.audience?.name ?? 'No specific audience'}</dd>
            <dt className="font-medium text-slate-600">When</dt>
            <dd className="text-slate-900">{c.scheduledDate ? formatScheduled(c.scheduledDate) : 'Not scheduled'}</dd>
          </dl>
          {body.trim() === '' ? (
            <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="review-body-missing">
              No message has been composed yet: only the planner&apos;s notes exist (below).
            </p>
          ) : format === 'text' ? (
            <div className="max-h-60 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm text-slate-900 md:max-h-none" data-testid="review-body" tabIndex={0} aria-label="Message body">
              {body}
            </div>
          ) : (
            <SandboxFrame title={`Message: ${c.title}`} html={contentDocument(body, format, c.title)} className="h-60 md:h-96" />
          )}
          {notes.trim() !== '' && (
            <details className="text-sm" data-testid="review-notes">
              <summary className="cursor-pointer font-medium text-slate-700">Planner&apos;s notes (not sent)</summary>
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-700">{notes}</p>
            </details>
          )}
        </article>
        <div className="md:sticky md:top-0">
          <ReviewSection entity="communication" id={c.id} review={c.review} decideOnly />
        </div>
        </div>
        <CommentThread kind="communication" id={c.id} headingLevel="h4" />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          {canEdit && (
            <Button variant="secondary" onClick={onEdit}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
