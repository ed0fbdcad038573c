// Logic of the Schedule screen's planning tools, kept
// out of the components so it is tested without a DOM: campaign activities
// for the import dialog, the import payload, warning texts, blackout form
// rules and the calendar feed URL.
import { addDays, isValid, parse } from 'date-fns';
import { calendarDateKey, dateKey, formatShortDate } from './dates';
import type { CampaignActivity } from './campaigns';
import type { Audience, BlackoutInput, Communication, ScheduleWarning } from './types';

// The campaign types are pkg/campaign's, declared once in ./campaigns.
export type { CampaignActivity, SavedCampaign } from './campaigns';

/** ImportSource is what the import reads of a saved campaign: its phases' activities, or its flat list. */
export interface ImportSource {
  schedule: {
    totalActivities?: number;
    phases?: { name: string; activities?: CampaignActivity[] | null }[] | null;
    activities?: CampaignActivity[] | null;
  } | null;
}

/** ActivityItem is an activity as the import dialog lists it: key is unique within its campaign. */
export interface ActivityItem {
  key: string;
  phase: string;
  activity: CampaignActivity;
}

/**
 * campaignActivities flattens a saved campaign's phases into one list in
 * phase order (spec 02 §3: "schedule {totalActivities, phases[] {name,
 * activities[]}}"). A schedule without phase activities falls back to its
 * flat list. Keys are the activity ids, made unique if an edited schedule
 * repeats one.
 */
export function campaignActivities(c: ImportSource | null | undefined): ActivityItem[] {
  const s = c?.schedule;
  if (!s) return [];
  let pairs: { phase: string; activity: CampaignActivity }[] = (s.phases ?? []).flatMap((p) =>
    (p.activities ?? []).map((activity) => ({ phase: p.name, activity })),
  );
  if (pairs.length === 0) pairs = (s.activities ?? []).map((activity) => ({ phase: activity.phase ?? '', activity }));
  const seen = new Map<string, number>();
  return pairs.map(({ phase, activity }, i) => {
    const base = activity.id || `activity-at-${i}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { key: n === 0 ? base : `${base}#${n + 1}`, phase, activity };
  });
}

/** filterActivities keeps the activities whose title, description, phase, type, channel or audience contains the query (case-insensitive). */
export function filterActivities(items: ActivityItem[], query: string): ActivityItem[] {
  const q = query.trim().toLowerCase();
  if (q === '') return items;
  return items.filter(({ phase, activity: a }) =>
    [a.title, a.description, phase, a.type, a.channel, a.audience].some((f) => (f ?? '').toLowerCase().includes(q)),
  );
}

/** FALLBACK_DAYS is how far after today an activity with an unreadable date lands (spec 02 §5). */
export const FALLBACK_DAYS = 7;

/**
 * activityDate is the calendar date (YYYY-MM-DD) a campaign activity is
 * scheduled on: its own date when it reads as an ISO date, an RFC 3339
 * instant (its local day) or a US "M/D/YYYY" date; otherwise 7 days after
 * today, as a local date.
 */
export function activityDate(date: string | null | undefined, today: Date = new Date()): string {
  const v = (date ?? '').trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    // A real calendar day only: 2031-02-30 is not one.
    if (isValid(parse(v, 'yyyy-MM-dd', today))) return v;
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(v)) {
    const key = calendarDateKey(v);
    if (key) return key;
  } else if (/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(v)) {
    const d = parse(v, 'M/d/yyyy', today);
    if (isValid(d)) return dateKey(d);
  }
  return dateKey(addDays(today, FALLBACK_DAYS));
}

/** CampaignImportResult is the answer of POST /api/campaigns/{id}/import (docs/campaigns.md, "Import to the Schedule"). */
export interface CampaignImportResult {
  created: Communication[];
  skipped: number;
  unmapped: string[];
  /** warnings are the Schedule warnings the import caused, or for a dry run would cause. */
  warnings?: ImportWarnings;
}

/** ImportWarnings count the warnings of an import by kind, with the first few in the Schedule's words. */
export interface ImportWarnings {
  total: number;
  byKind: Record<string, number>;
  first: string[];
}

/** addWarnings sums the warnings of several campaigns' imports, keeping the first few named. */
export function addWarnings(all: (ImportWarnings | undefined)[], shown = 3): ImportWarnings {
  const out: ImportWarnings = { total: 0, byKind: {}, first: [] };
  for (const w of all) {
    if (!w) continue;
    out.total += w.total;
    for (const [k, n] of Object.entries(w.byKind ?? {})) out.byKind[k] = (out.byKind[k] ?? 0) + n;
    for (const m of w.first ?? []) if (out.first.length < shown) out.first.push(m);
  }
  return out;
}

/** importWarningCounts says an import's warnings by kind, e.g. "2 audience overloads · 1 blackout conflict". */
export function importWarningCounts(w: ImportWarnings): string {
  return warningCounts(Object.entries(w.byKind).flatMap(([kind, n]) => Array.from({ length: n }, () => ({ kind: kind as ScheduleWarning['kind'] }))));
}

/** CampaignImportBody is what the import dialog sends for one campaign. */
export interface CampaignImportBody {
  activityIds: string[];
  themeId: string;
  /** audienceMap maps an audience label to the stored audience ids it stands for ("" is everyone). */
  audienceMap: AudienceMap;
  /** phaseThemes name a theme per phase; activityThemes one per activity id (wins over the phase's). */
  phaseThemes?: Record<string, string>;
  activityThemes?: Record<string, string>;
  dryRun?: boolean;
  /** requestReview asks for the review of every imported item (any approver). */
  requestReview?: { approvers?: string[]; dueDate?: string };
}

/** EVERYONE_CHOICE is the select value of "Everyone" in the audience mapping (a Radix select item cannot be ""). */
export const EVERYONE_CHOICE = '__everyone__';

const mapKey = (campaignId: string) => `commsplan.import.audienceMap.${campaignId}`;

/** AudienceMap maps an audience label to the audience ids it stands for ("" is everyone). */
export type AudienceMap = Record<string, string[]>;

/**
 * rememberedAudienceMap is the audience mapping last chosen for a campaign
 * in this browser (asked once); a label remembered with one id, as before
 * several were allowed, reads as a list of one.
 */
export function rememberedAudienceMap(campaignId: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): AudienceMap {
  try {
    const raw = storage?.getItem(mapKey(campaignId));
    const v: unknown = raw ? JSON.parse(raw) : {};
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    const out: AudienceMap = {};
    for (const [label, ids] of Object.entries(v as Record<string, unknown>)) {
      if (typeof ids === 'string') out[label] = [ids];
      else if (Array.isArray(ids) && ids.length > 0 && ids.every((i) => typeof i === 'string')) out[label] = ids;
    }
    return out;
  } catch {
    return {};
  }
}

/** rememberAudienceMap keeps a campaign's audience mapping for the next import. */
export function rememberAudienceMap(campaignId: string, map: AudienceMap, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(mapKey(campaignId), JSON.stringify(map));
  } catch {
    // A full or blocked storage only means the dialog asks again.
  }
}

/** MSG_SELECTION_REQUIRED and the others are the import dialog's toasts (spec 02 §5, §8). */
export const MSG_SELECTION_REQUIRED = { title: 'Selection required', description: 'Please select activities to add to the schedule' };
export const MSG_NO_THEMES = 'No themes available. Please create a theme first.';
export const MSG_IMPORT_FAILED = { title: 'Failed to add communications', description: 'There was an error adding campaign activities to the schedule.' };

/**
 * importSuccess is the import's success toast: spec 02 §8's "Activities added" and the count sentence,
 * plus how many were already in the schedule (the same sentence as plan.ImportSummary).
 */
export function importSuccess(n: number, skipped = 0): { title: string; description: string } {
  const already = skipped > 0 ? `; ${skipped} were already in the schedule` : '';
  return { title: 'Activities added', description: `Successfully added ${n} communications to schedule${already}` };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** warningTitle is the one-line text of a warning: the server's sentence (pkg/schedule), which speaks dates, not ISO weeks. */
export function warningTitle(w: ScheduleWarning): string {
  return w.message;
}

/** warningKey is a stable React key of a warning. */
export function warningKey(w: ScheduleWarning): string {
  return w.kind === 'overload' ? `overload:${w.audienceId}:${w.week}` : `blackout:${w.blackoutId}`;
}

/** warningsSummary is the panel's heading count, e.g. "2 scheduling conflicts". */
export function warningsSummary(n: number): string {
  return n === 0 ? 'No scheduling conflicts' : plural(n, 'scheduling conflict', 'scheduling conflicts');
}

/** WARNINGS_SHOWN is how many warnings the Schedule's panel lists before "Show all". */
export const WARNINGS_SHOWN = 5;

/** warningCounts counts warnings by kind, e.g. "3 audience overloads · 1 blackout conflict"; '' for none. */
export function warningCounts(warnings: Pick<ScheduleWarning, 'kind'>[]): string {
  const overloads = warnings.filter((w) => w.kind === 'overload').length;
  const blackouts = warnings.length - overloads;
  return [
    overloads > 0 ? plural(overloads, 'audience overload', 'audience overloads') : '',
    blackouts > 0 ? plural(blackouts, 'blackout conflict', 'blackout conflicts') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** PreviewCandidate is what the Communication form sends to the warnings preview. */
export interface PreviewCandidate {
  id?: string;
  audienceId?: string;
  status: string;
  scheduledDate?: string;
}

/**
 * previewBody is the body of POST /api/schedule/warnings/preview for a
 * candidate, or null when there is nothing to check: only a scheduled
 * communication with a date can be part of a warning.
 */
export function previewBody(c: PreviewCandidate): { id: string; audienceId: string; status: string; scheduledDate: string } | null {
  const date = (c.scheduledDate ?? '').trim();
  if (c.status !== 'scheduled' || date === '') return null;
  return { id: c.id || 'new', audienceId: c.audienceId ?? '', status: c.status, scheduledDate: date };
}

/** EVERYONE is what a blackout without audiences covers. */
export const EVERYONE = 'Everyone';

/** blackoutAudiences names a blackout's audiences, or Everyone when it has none; unknown ids are skipped. */
export function blackoutAudiences(ids: string[] | null | undefined, audiences: Pick<Audience, 'id' | 'name'>[]): string {
  if (!ids || ids.length === 0) return EVERYONE;
  const names = ids.map((id) => audiences.find((a) => a.id === id)?.name).filter((n): n is string => !!n);
  return names.length > 0 ? names.join(', ') : EVERYONE;
}

/** BlackoutForm is the blackout dialog's state. */
export interface BlackoutForm {
  name: string;
  startDate: string;
  endDate: string;
  audienceIds: string[];
}

/** validateBlackout checks the blackout form as the API does; it returns a message per field, empty when valid. */
export function validateBlackout(f: BlackoutForm): Partial<Record<keyof BlackoutForm, string>> {
  const errors: Partial<Record<keyof BlackoutForm, string>> = {};
  if (f.name.trim() === '') errors.name = 'Name is required';
  if (f.startDate === '') errors.startDate = 'Start date is required';
  if (f.endDate === '') errors.endDate = 'End date is required';
  else if (f.startDate !== '' && f.endDate < f.startDate) errors.endDate = 'End date cannot be before the start date';
  return errors;
}

/** blackoutInput is the create and update payload of a blackout form. */
export function blackoutInput(f: BlackoutForm): BlackoutInput {
  return { name: f.name.trim(), startDate: f.startDate, endDate: f.endDate, audienceIds: f.audienceIds };
}

/** blackoutRange shows a blackout's inclusive dates, e.g. "Mar 4, 2031 – Mar 8, 2031" (one date when they are equal). */
export function blackoutRange(start: string, end: string): string {
  return start === end ? formatShortDate(start) : `${formatShortDate(start)} – ${formatShortDate(end)}`;
}

/** feedUrl is the full subscription address of a feed path such as "/api/calendar/<token>.ics". */
export function feedUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}
