import { formatDistanceStrict } from 'date-fns';
import { parseDate } from './dates';
import type { ActivityEntry } from './types';

const entityNames: Record<string, string> = {
  theme: 'Theme',
  question: 'Question',
  content: 'Content',
  audience: 'Audience',
  vehicle: 'Delivery vehicle',
  communication: 'Communication',
  campaign: 'Campaign',
  checklist_template: 'Checklist template',
  calendar_feed: 'Calendar feed',
};

/** actionNames say the review's audit actions in words; other actions read as they are. */
const actionNames: Record<string, string> = {
  review_requested: 'review requested',
  review_approved: 'approved',
  review_changes_requested: 'changes requested',
  review_reset: 'approval reset by an edit',
  import_undone: 'import undone',
};

/** activityText describes one activity entry, e.g. "Theme created: Go-Live". */
export function activityText(a: Pick<ActivityEntry, 'action' | 'entityType' | 'label'>): string {
  const entity = entityNames[a.entityType] ?? a.entityType;
  const action = actionNames[a.action] ?? a.action;
  return a.label ? `${entity} ${action}: ${a.label}` : `${entity} ${action}`;
}

/** activityWhen says how long ago an entry happened and by whom, e.g. "3 minutes ago by Dana Reyes". */
export function activityWhen(a: Pick<ActivityEntry, 'at' | 'actorName'>, now: Date = new Date()): string {
  const age = activityAge(a.at, now);
  return a.actorName ? `${age} by ${a.actorName}` : age;
}

/** activityAge says how long ago an entry happened, e.g. "3 minutes ago". */
export function activityAge(at: string, now: Date = new Date()): string {
  const d = parseDate(at);
  if (!d) return '';
  if (now.getTime() - d.getTime() < 60_000) return 'just now';
  return `${formatDistanceStrict(d, now)} ago`;
}
