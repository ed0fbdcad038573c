// The History panel's words (docs/ui.md, "History panels"): each changed
// field by the label its form gives it, each value as the screens show it.
// Ids are named by the panel through the resource hooks; this file only says
// which list names a field's values and words everything else.

import { REVIEW_LABELS } from './review';
import { COMMUNICATION_STATUSES, formatScheduled } from './schedule';
import type { ReviewState } from './types';
import { formatLabel, settingsSummary, strategyLabel } from './vehicles';

/**
 * FieldKind says how a field's values read. The ref kinds ('theme' …
 * 'generation') are ids the panel names through that list's hook; 'summary'
 * fields say only that they changed; 'hidden' fields are not listed.
 */
export type FieldKind =
  | 'text'
  | 'number'
  | 'bool'
  | 'date'
  | 'status'
  | 'review'
  | 'strategy'
  | 'format'
  | 'settings'
  | 'category'
  | 'theme'
  | 'audience'
  | 'vehicle'
  | 'vehicleType'
  | 'question'
  | 'content'
  | 'campaign'
  | 'generation'
  | 'effectiveness'
  | 'summary'
  | 'hidden';

/** RefKind is a kind whose values are ids of records of one list. */
export type RefKind = 'theme' | 'audience' | 'vehicle' | 'vehicleType' | 'question' | 'content' | 'campaign' | 'generation' | 'effectiveness';

/** FieldSpec is one field as the panel shows it. */
export interface FieldSpec {
  label: string;
  kind: FieldKind;
}

const f = (label: string, kind: FieldKind = 'text'): FieldSpec => ({ label, kind });
const HIDDEN = f('', 'hidden');

// Fields any entity's entries carry: a comment's text (commented, comment
// edited or deleted) and a review step's state and comment.
// A thread's entries also carry the comment's id, which no one reads; a
// request's approvers and due date are in its sentence (actionPhrase).
const common: Record<string, FieldSpec> = {
  text: f('Comment'),
  comment: f('Comment'),
  reviewState: f('Review', 'review'),
  commentId: HIDDEN,
  approvers: HIDDEN,
  dueDate: HIDDEN,
};

/**
 * HISTORY_FIELDS are the fields of each entity with a History panel, by
 * the JSON name the audit trail records (store.Diff over the record), with
 * the label of the form that edits them.
 */
export const HISTORY_FIELDS: Record<string, Record<string, FieldSpec>> = {
  communication: {
    title: f('Title'),
    themeId: f('Theme', 'theme'),
    selectedQuestions: f('Questions', 'question'),
    audienceId: f('Target audience', 'audience'),
    vehicleId: f('Delivery vehicle', 'vehicle'),
    rawContent: f('Content'),
    generatedContent: f('Generated content', 'summary'),
    finalContentId: f('Final content', 'content'),
    status: f('Status', 'status'),
    scheduledDate: f('Scheduled date', 'date'),
    sourceCampaignId: f('Imported from campaign', 'campaign'),
    sourceActivityId: HIDDEN,
  },
  campaign: {
    title: f('Campaign name'),
    description: f('Description'),
    schedule: f('Schedule', 'summary'),
    audienceFilters: f('Audience filters', 'summary'),
    geographicFilters: f('Locations'),
  },
  vehicle: {
    name: f('Vehicle name'),
    type: f('Type', 'vehicleType'),
    description: f('Description'),
    settings: f('Settings', 'settings'),
    generationalTargeting: f('Generational targeting', 'generation'),
    communicationStrategy: f('Communication strategy', 'strategy'),
    preferredGenerations: f('Preferred generations', 'generation'),
    generationalEffectiveness: f('Generational effectiveness', 'effectiveness'),
  },
  checklist_item: {
    title: f('Title'),
    description: f('Description'),
    team: f('Team'),
    responsibility: f('Responsibility'),
    actualScore: f('Score', 'number'),
    maxScore: f('Max score', 'number'),
    weight: f('Weight', 'number'),
    weightCode: f('Category', 'category'),
    heatMap: f('Heat map', 'number'),
    enabled: f('Enabled', 'bool'),
    notes: f('Notes'),
  },
};

/** fallbackLabel words a field no list names: "sourceActivityId" → "Source activity id". */
export function fallbackLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** fieldSpec is how the panel shows field of entity: its label and kind. */
export function fieldSpec(entity: string, field: string): FieldSpec {
  return HISTORY_FIELDS[entity]?.[field] ?? common[field] ?? f(fallbackLabel(field));
}

/** EMPTY is how the panel shows a value that is not set. */
export const EMPTY = '(empty)';
/** REMOVED names an id whose record no longer exists. */
export const REMOVED = '(removed)';
/** CHANGED stands for the values of a 'summary' field. */
export const CHANGED = 'changed';

/** isEmpty says whether a recorded value means "not set". */
export function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** cut shortens text to 80 characters, as the panel always has. */
export function cut(s: string): string {
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}

/** ids are a ref field's recorded ids: one id or a list of them; an effectiveness map's keys. */
export function refIds(v: unknown): string[] {
  if (isEmpty(v)) return [];
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'object') return Object.keys(v as object);
  return [String(v)];
}

/**
 * valueText words a value of a field that is no ref: dates as the schedule
 * shows them, statuses and strategies by their names, booleans as Yes/No,
 * lists as comma lists, text cut at 80 characters.
 */
export function valueText(kind: FieldKind, v: unknown, categories: Record<string, string> = {}): string {
  if (kind === 'summary') return CHANGED;
  if (kind === 'bool') return v ? 'Yes' : 'No';
  if (isEmpty(v)) return EMPTY;
  switch (kind) {
    case 'date':
      return formatScheduled(String(v)) || String(v);
    case 'status':
      return COMMUNICATION_STATUSES.find((s) => s.value === v)?.label ?? String(v);
    case 'review':
      return v === 'none' ? 'Not in review' : (REVIEW_LABELS[v as ReviewState] ?? String(v));
    case 'strategy':
      return strategyLabel(String(v));
    case 'format':
      return formatLabel(String(v));
    case 'settings':
      return cut(settingsSummary(v as Parameters<typeof settingsSummary>[0]));
    case 'category':
      return categories[String(v)] ?? String(v);
    case 'number':
      return typeof v === 'number' ? v.toLocaleString('en-US') : String(v);
  }
  if (Array.isArray(v)) return cut(v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', '));
  return cut(typeof v === 'string' ? v : JSON.stringify(v));
}

/** namesText words a ref field's value from the names of its ids (undefined: the record is gone). */
export function namesText(kind: RefKind, v: unknown, name: (id: string) => string | undefined): string {
  if (isEmpty(v)) return EMPTY;
  if (kind === 'effectiveness') {
    const m = v as Record<string, number>;
    if (Object.keys(m).length === 0) return EMPTY;
    return cut(
      Object.entries(m)
        .map(([id, x]) => `${name(id) ?? REMOVED} ${Math.round(Number(x) * 100)}%`)
        .join(', '),
    );
  }
  return cut(
    refIds(v)
      .map((id) => name(id) ?? REMOVED)
      .join(', '),
  );
}

/** ACTION_WORDS are the History panel's verbs for actions that are no plain create, update or delete. */
export const ACTION_WORDS: Record<string, string> = {
  commented: 'commented on',
  comment_edited: 'edited a comment on',
  comment_deleted: 'deleted a comment on',
  comment_removed: 'removed a comment on',
  webhook_delivered: 'notified the webhook about',
  webhook_failed: 'could not notify the webhook about',
  review_requested: 'asked for a review of',
  review_approved: 'approved',
  review_changes_requested: 'asked for changes to',
  review_reset: 'reset the approval of',
  import_undone: 'undid the import of',
};

/** namesList words names as a sentence does: "A", "A and B", "A, B and C". */
export function namesList(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * actionPhrase is what follows the actor's name in an entry's sentence,
 * "this" included: "commented on this", "asked Arjun Rao to review this,
 * due Dec 2, 2026". A review request names whom it asked (an empty list:
 * any approver); one recorded before requests kept that reads as before.
 */
export function actionPhrase(action: string, changes: Record<string, { before?: unknown; after?: unknown }> = {}): string {
  if (action === 'review_requested' && Array.isArray(changes.approvers?.after)) {
    const names = (changes.approvers.after as unknown[]).map(String);
    const due = changes.dueDate?.after;
    return `asked ${names.length ? namesList(names) : 'any approver'} to review this${isEmpty(due) ? '' : `, due ${valueText('date', due)}`}`;
  }
  return `${ACTION_WORDS[action] ?? action} this`;
}
