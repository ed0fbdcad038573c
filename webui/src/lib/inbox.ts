// The inbox's words and links, without React.

import { activityAge } from './activity';
import { formatShortDate } from './dates';
import type { Review } from './types';

/** inboxKindLabel says what an entry tells, after its actor's name. */
export function inboxKindLabel(kind: string): string {
  switch (kind) {
    case 'review_requested':
      return 'asked you to review';
    case 'approved':
      return 'approved';
    case 'changes_requested':
      return 'requested changes to';
    case 'mention':
      return 'mentioned you on';
    default:
      return kind.replace(/_/g, ' ');
  }
}

/** recordLink is the screen that opens a communication or a saved campaign. */
export function recordLink(entityType: string, id: string): string {
  const q = encodeURIComponent(id);
  return entityType === 'campaign' ? `/campaign-inventory?focus=${q}` : `/schedule?focus=${q}`;
}

/** EDIT_WINDOW_MS is how long after writing a comment its author may edit or delete it (domain.CommentEditWindow). */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;

/** canChange says whether the author may still edit or delete a comment written at createdAt (the server decides; this only hides the buttons). */
export function canChange(createdAt: string, now: Date): boolean {
  return now.getTime() - new Date(createdAt).getTime() < EDIT_WINDOW_MS;
}

/** QueueFacts are what a "Needs my review" row says besides its title and state. */
export interface QueueFacts {
  /** askedBy is "Asked by Dana Reyes" ("Asked" when no one is named). */
  askedBy: string;
  /** due is "due Dec 2", "" for none; overdue when the day is before today's. */
  due: string;
  overdue: boolean;
  /** age is how long ago it was asked ("3 days ago"). */
  age: string;
}

/** queueFacts says who asked for a review, by when and how long ago, at now (the due date compares by calendar day, local). */
export function queueFacts(r: Review, now: Date): QueueFacts {
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return {
    askedBy: r.requestedBy ? `Asked by ${r.requestedBy.name}` : 'Asked',
    due: r.dueDate ? `due ${formatShortDate(r.dueDate)}` : '',
    overdue: !!r.dueDate && r.dueDate < today,
    age: r.requestedAt ? activityAge(r.requestedAt, now) : '',
  };
}
