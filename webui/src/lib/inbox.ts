// The inbox's words and links, without React.

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
