import { ApiError } from './api';
import type { Communication, Ref, Review, ReviewItem, ReviewState } from './types';

// The review's screen rules (docs/review.md). The server decides; these only
// say what to show, and warn before a save that the server will reset an approval.

/** MSG_NEEDS_APPROVAL is the server's refusal to schedule an unapproved communication (review.required). */
export const MSG_NEEDS_APPROVAL = 'This communication needs approval before it can be scheduled';

/** REVIEW_LABELS are the review states as the badges say them ('none' shows no badge). */
export const REVIEW_LABELS: Record<ReviewState, string> = {
  none: '',
  requested: 'In review',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

/** reviewState is the state of a record's review, 'none' when it has none. */
export function reviewState(r: Review | undefined | null): ReviewState {
  return r?.state ?? 'none';
}

/** needsApproval says whether err is the server's review.required refusal (409). */
export function needsApproval(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409 && err.body?.error === MSG_NEEDS_APPROVAL;
}

/**
 * failureOrApproval is a mutation's failure toast: the fixed one, but with
 * the approval refusal said in full, since the planner can act on it.
 */
export function failureOrApproval(fixed: string) {
  return (err: Error) => (needsApproval(err) ? { title: fixed, description: MSG_NEEDS_APPROVAL } : fixed);
}

/** utcDay is the UTC calendar day of a scheduledDate, the day the server's fingerprint uses ('' when none). */
export function utcDay(scheduled: string | undefined | null): string {
  if (!scheduled) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(scheduled)) return scheduled;
  const d = new Date(scheduled);
  return Number.isNaN(d.getTime()) ? scheduled : d.toISOString().slice(0, 10);
}

/** Covered are the fields an approval covers that the Communication form edits. */
export type Covered = Pick<Communication, 'title' | 'themeId' | 'audienceId' | 'vehicleId' | 'rawContent' | 'scheduledDate'>;

/**
 * approvalWouldReset says whether saving next over the stored communication
 * resets its approval: it is approved (or has approvals in its round) and a
 * covered field changes; a new time on the same day does not count.
 */
export function approvalWouldReset(stored: Communication | undefined, next: Covered): boolean {
  const r = stored?.review;
  if (!stored || !r) return false;
  const approvals = r.decisions.some((d) => d.round === r.round && d.decision === 'approved');
  if (r.state !== 'approved' && !(r.state === 'requested' && approvals)) return false;
  const same = (a: string | undefined, b: string | undefined) => (a ?? '') === (b ?? '');
  return !(
    same(stored.title, next.title) &&
    same(stored.themeId, next.themeId) &&
    same(stored.audienceId, next.audienceId) &&
    same(stored.vehicleId, next.vehicleId) &&
    same(stored.rawContent, next.rawContent) &&
    utcDay(stored.scheduledDate) === utcDay(next.scheduledDate)
  );
}

/** approvalReset says whether a scheduled communication lost its approval to an edit (the Upcoming panel's flag). */
export function approvalReset(c: Pick<Communication, 'status' | 'review'>): boolean {
  return c.status === 'scheduled' && reviewState(c.review) !== 'approved' && !!c.review?.resetAt;
}

/** awaiting is the Dashboard's "Awaiting review" card: how many are requested, and the oldest request's age in whole days. */
export function awaiting(items: ReviewItem[], now: Date): { count: number; oldestDays: number | null } {
  const open = items.filter((i) => i.review.state === 'requested');
  let oldest: number | null = null;
  for (const i of open) {
    const t = i.review.requestedAt ? Date.parse(i.review.requestedAt) : NaN;
    if (!Number.isNaN(t) && (oldest === null || t < oldest)) oldest = t;
  }
  return { count: open.length, oldestDays: oldest === null ? null : Math.max(0, Math.floor((now.getTime() - oldest) / 86_400_000)) };
}

/** ageText says an age in days: "today", "1 day", "3 days". */
export function ageText(days: number): string {
  if (days <= 0) return 'today';
  return days === 1 ? '1 day' : `${days} days`;
}

/** approverText names the approvers of a review, or "any approver". */
export function approverText(r: Review): string {
  return r.approvers.length === 0 ? 'any approver' : r.approvers.map((a) => a.name).join(', ');
}

/** serverMessage is a review refusal's own words (ours, naming what to do), else the error's. */
export function serverMessage(err: Error): string {
  return err instanceof ApiError && err.body?.error ? err.body.error : err.message;
}

/** asToastText gives a toast text its object form. */
export function asToastText(t: string | { title: string; description?: string }): { title: string; description?: string } {
  return typeof t === 'string' ? { title: t } : t;
}

/** approversLegend is the approver picker's label: who is chosen, by name, or that any approver may decide. */
export function approversLegend(chosen: string[], approvers: Ref[]): string {
  const names = approvers.filter((a) => chosen.includes(a.id)).map((a) => a.name);
  return names.length === 0 ? 'Approvers (none chosen: any approver)' : `Approvers (chosen: ${names.join(', ')})`;
}

/** requestPrefill is what a re-request starts from: the current round's approvers and due date (none for a first request). */
export function requestPrefill(r: Review | undefined | null): { approvers: string[]; dueDate: string } {
  if (!r || reviewState(r) === 'none') return { approvers: [], dueDate: '' };
  return { approvers: r.approvers.map((a) => a.id), dueDate: r.dueDate ?? '' };
}

/** MSG_REOPENS is what the form says before a save that sends an approved item back to review. */
export const MSG_REOPENS = 'Saving reopens the approval: the communication goes back to review. Changing only the time on the same day keeps it.';
