// Types of the campaign engine's JSON (pkg/campaign, docs/campaigns.md) and
// the pure rules the Campaign Scheduler and Campaign Inventory share: the
// local edit rules of spec 02 §4, the activity form's checks, file names and
// date display. The engine stays the one generator: nothing here computes a
// schedule, it only edits one.
import { formatShortDate } from './dates';

/** ActivityPriority and ActivityStatus are the choices of the activity form (spec 02 §4). */
export const ACTIVITY_PRIORITIES = ['high', 'medium', 'low'] as const;
export const ACTIVITY_STATUSES = ['planned', 'in-progress', 'completed', 'cancelled'] as const;
export type ActivityPriority = (typeof ACTIVITY_PRIORITIES)[number];
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** CampaignActivity is pkg/campaign.Activity: one dated activity; dates are ISO. */
export interface CampaignActivity {
  id: string;
  title: string;
  type: string;
  timing: string;
  date: string;
  audience: string;
  channel: string;
  description: string;
  priority: string;
  status: string;
  /** phase is the name of the phase the activity belongs to. */
  phase: string;
  confidentiality?: string;
  phasePercentage?: string;
}

/** CampaignPhase is pkg/campaign.Phase. */
export interface CampaignPhase {
  id: string;
  name: string;
  description: string;
  duration: string;
  activities: CampaignActivity[] | null;
  confidentiality: string;
}

/** TimelineEntry is pkg/campaign.TimelineEntry: a phase's day range (day 1 is the start date). */
export interface TimelineEntry {
  phase: string;
  activities: number;
  timing: string;
  startDay: number;
  endDay: number;
}

/** DivisionProfile is pkg/campaign.DivisionProfile. */
export interface DivisionProfile {
  id: string;
  label: string;
  location: string;
  count: number;
  size: string;
  impact: string;
}

/** Targeting is pkg/campaign.Targeting: the target text and the totals behind it. */
export interface Targeting {
  mode: string;
  audienceType: string;
  audiences: string[] | null;
  employeeTarget: string;
  targetCount: number;
  locationTotal: number;
  divisionTotal: number;
  levelTotal: number;
  roleTotal: number;
  divisions: DivisionProfile[] | null;
}

/** CampaignSchedule is pkg/campaign.Schedule (spec 02 §3). */
/** CheckFinding is one thing the plan checker (POST /api/campaigns/check) would change, naming the activities it concerns. */
export interface CheckFinding {
  rule: string;
  severity: 'error' | 'warning';
  activityIds: string[];
  message: string;
}

/** CampaignCheck is the plan checker's answer: the findings, errors first, and their counts. */
export interface CampaignCheck {
  findings: CheckFinding[];
  errors: number;
  warnings: number;
}

/** findingsByActivity indexes findings by the ids of the activities they name. */
export function findingsByActivity(findings: readonly CheckFinding[]): Map<string, CheckFinding[]> {
  const out = new Map<string, CheckFinding[]>();
  for (const f of findings) {
    for (const id of f.activityIds ?? []) {
      const list = out.get(id);
      if (list) list.push(f);
      else out.set(id, [f]);
    }
  }
  return out;
}

export interface CampaignSchedule {
  id: string;
  name: string;
  campaignName: string;
  startDate: string;
  endDate: string;
  type: string;
  status: string;
  totalActivities: number;
  phases: CampaignPhase[] | null;
  activities: CampaignActivity[] | null;
  timeline: TimelineEntry[] | null;
  summary: string;
  confidentialityNote: string;
  /** warnings name each day rule the plan could not hold (an audience's week over the cap, a blackout, a weekend). */
  warnings?: string[] | null;
  targeting?: Targeting;
  /** milestones are the plan's pinned dates (pkg/campaign.Milestones); an older saved plan has none. */
  milestones?: { goLive?: string; acquisition?: string; announcement?: string } | null;
}

/** CampaignConfig is pkg/campaign.Config, the body of POST /api/campaigns/generate. */
export interface CampaignConfig {
  campaignName: string;
  startDate: string;
  endDate: string;
  campaignTypes: string[];
  audienceMode?: 'general' | 'organizational';
  audienceType?: string;
  audiences?: string[];
  urgency?: 'low' | 'medium' | 'high';
  goLiveDate?: string;
  acquisitionDate?: string;
  maturityPhases?: string[];
  preAcquisitionPhases?: string[];
  locations?: string[];
  divisions?: string[];
  orgLevels?: string[];
  roleCategories?: string[];
}

/** GeneratedCampaign is the answer of POST /api/campaigns/generate (and of render, with htmlContent only). */
export interface GeneratedCampaign {
  schedule: CampaignSchedule;
  htmlContent: string;
}

/** AudienceFilters is pkg/campaign.AudienceFilters; targetCount is null without a head count. */
export interface AudienceFilters {
  types: string[];
  audiences: string[];
  audienceType: string;
  divisions: string[];
  orgLevels: string[];
  roles: string[];
  maturityPhases: string[];
  targetCount: number | null;
  goLiveDate: string;
  acquisitionDate: string;
}

/**
 * SavedCampaign is domain.Campaign. GET /api/campaigns leaves out
 * htmlContent; GET /api/campaigns/{id} has it.
 */
export interface SavedCampaign {
  id: string;
  title: string;
  description: string;
  schedule: CampaignSchedule | null;
  htmlContent?: string;
  audienceFilters: AudienceFilters | null;
  geographicFilters: string[] | null;
  createdAt: string;
  updatedAt: string;
  /** review is its review state. */
  review?: import('./types').Review;
  /** confidential: only its insiders and admins see it (docs/security.md, "Need to know"). */
  confidential?: boolean;
}

/**
 * CampaignSummary is a saved campaign in GET /api/campaigns?fields=summary:
 * no schedule and no HTML; GET /api/campaigns/{id} has them.
 */
export interface CampaignSummary {
  id: string;
  title: string;
  description: string;
  activityCount: number;
  startDate?: string;
  endDate?: string;
  audienceFilters: AudienceFilters | null;
  geographicFilters: string[] | null;
  createdAt: string;
  updatedAt: string;
  review?: import('./types').Review;
  /** confidential: only its insiders and admins see it. */
  confidential?: boolean;
}

/** CampaignInput is the body of POST and PATCH /api/campaigns (PATCH: absent fields keep their value). */
export interface CampaignInput {
  title?: string;
  description?: string;
  schedule?: CampaignSchedule;
  htmlContent?: string;
  audienceFilters?: AudienceFilters | null;
  geographicFilters?: string[];
}

// ---- Local edit rules (spec 02 §4) ----

function phaseActivities(p: CampaignPhase): CampaignActivity[] {
  return p.activities ?? [];
}

/** withTotals sets the flat list, the phases, the timeline counts and the total in one step. */
function withTotals(s: CampaignSchedule, phases: CampaignPhase[], activities: CampaignActivity[]): CampaignSchedule {
  // The timeline counts each phase's activities too; keep it in step by phase name.
  const timeline = (s.timeline ?? null)?.map((t) => {
    const p = phases.find((ph) => t.phase === ph.name || t.phase.endsWith(`: ${ph.name}`));
    return p ? { ...t, activities: phaseActivities(p).length } : t;
  });
  return { ...s, phases, activities, timeline: timeline ?? s.timeline, totalActivities: activities.length };
}

/** nextActivityId is an id no activity of s uses: activity-N after the largest N. */
export function nextActivityId(s: CampaignSchedule): string {
  const ids = new Set<string>();
  let max = 0;
  const all = [...(s.activities ?? []), ...(s.phases ?? []).flatMap(phaseActivities)];
  for (const a of all) {
    ids.add(a.id);
    const m = /^activity-(\d+)$/.exec(a.id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  let n = max + 1;
  while (ids.has(`activity-${n}`)) n++;
  return `activity-${n}`;
}

/**
 * addActivity appends an activity to the phase phaseId and to the flat list
 * and increments the total. The activity gets a fresh id when it has none
 * (or one already used) and the phase's name. Unknown phases leave s as is.
 */
export function addActivity(s: CampaignSchedule, phaseId: string, activity: CampaignActivity): CampaignSchedule {
  const phases = s.phases ?? [];
  const target = phases.find((p) => p.id === phaseId);
  if (!target) return s;
  const used = [...(s.activities ?? []), ...phases.flatMap(phaseActivities)].some((a) => a.id === activity.id);
  const added: CampaignActivity = { ...activity, id: activity.id && !used ? activity.id : nextActivityId(s), phase: target.name };
  const nextPhases = phases.map((p) => (p.id === phaseId ? { ...p, activities: [...phaseActivities(p), added] } : p));
  return withTotals(s, nextPhases, [...(s.activities ?? []), added]);
}

/** updateActivity replaces the activity with the same id in its phase and in the flat list. */
export function updateActivity(s: CampaignSchedule, activity: CampaignActivity): CampaignSchedule {
  const swap = (a: CampaignActivity) => (a.id === activity.id ? { ...activity, phase: a.phase } : a);
  const phases = (s.phases ?? []).map((p) => ({ ...p, activities: phaseActivities(p).map(swap) }));
  return withTotals(s, phases, (s.activities ?? []).map(swap));
}

/** deleteActivity removes the activity from the flat list and its phase and decrements the total. */
export function deleteActivity(s: CampaignSchedule, activityId: string): CampaignSchedule {
  const keep = (a: CampaignActivity) => a.id !== activityId;
  const phases = (s.phases ?? []).map((p) => ({ ...p, activities: phaseActivities(p).filter(keep) }));
  return withTotals(s, phases, (s.activities ?? []).filter(keep));
}

// ---- Activity form (spec 02 §4, §5) ----

/** ActivityFormValues is the activity form's state. */
export type ActivityFormValues = Pick<
  CampaignActivity,
  'title' | 'type' | 'timing' | 'date' | 'audience' | 'channel' | 'description' | 'priority' | 'status'
>;

/** ActivityErrors holds a message per invalid field. */
export type ActivityErrors = Partial<Record<keyof ActivityFormValues, string>>;

/** emptyActivity is a new activity's form: status planned, priority medium. */
export function emptyActivity(): ActivityFormValues {
  return { title: '', type: '', timing: '', date: '', audience: '', channel: '', description: '', priority: 'medium', status: 'planned' };
}

/** activityValues is the form state of an existing activity. */
export function activityValues(a: CampaignActivity): ActivityFormValues {
  return {
    title: a.title ?? '',
    type: a.type ?? '',
    timing: a.timing ?? '',
    date: a.date ?? '',
    audience: a.audience ?? '',
    channel: a.channel ?? '',
    description: a.description ?? '',
    priority: a.priority || 'medium',
    status: a.status || 'planned',
  };
}

const REQUIRED: [keyof ActivityFormValues, string][] = [
  ['title', 'Title is required'],
  ['type', 'Type is required'],
  ['timing', 'Timing is required'],
  ['date', 'Date is required'],
  ['audience', 'Audience is required'],
  ['channel', 'Channel is required'],
  ['description', 'Description is required'],
];

/** MSG_ACTIVITY_DATE and the others mirror pkg/campaign's checks beyond "required". */
export const MSG_ACTIVITY_DATE = 'Date must be a valid date (YYYY-MM-DD)';
export const MSG_ACTIVITY_PRIORITY = 'Priority must be high, medium or low';
export const MSG_ACTIVITY_STATUS = 'Status must be planned, in-progress, completed or cancelled';

function isIsoDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  // setUTCFullYear, since Date.UTC reads years 0-99 as 1900-1999 (Go takes 0099 as it is).
  const date = new Date(0);
  date.setUTCFullYear(y, mo, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo && date.getUTCDate() === d;
}

/** validateActivity checks the form as campaign.ValidateActivity does; empty when valid. */
export function validateActivity(v: ActivityFormValues): ActivityErrors {
  const errors: ActivityErrors = {};
  for (const [field, msg] of REQUIRED) {
    if (trimSpace(v[field] ?? '') === '') errors[field] = msg;
  }
  if (!errors.date && !isIsoDate(trimSpace(v.date))) errors.date = MSG_ACTIVITY_DATE;
  if (!(ACTIVITY_PRIORITIES as readonly string[]).includes(v.priority)) errors.priority = MSG_ACTIVITY_PRIORITY;
  if (!(ACTIVITY_STATUSES as readonly string[]).includes(v.status)) errors.status = MSG_ACTIVITY_STATUS;
  return errors;
}

/** activityFromForm builds an activity from valid form values (texts trimmed) on top of base. */
export function activityFromForm(v: ActivityFormValues, base?: CampaignActivity): CampaignActivity {
  return {
    ...(base ?? { id: '', phase: '' }),
    title: trimSpace(v.title),
    type: trimSpace(v.type),
    timing: trimSpace(v.timing),
    date: trimSpace(v.date),
    audience: trimSpace(v.audience),
    channel: trimSpace(v.channel),
    description: trimSpace(v.description),
    priority: v.priority,
    status: v.status,
  };
}

/** priorityLabel and statusLabel are the choices' visible names. */
export function priorityLabel(p: string): string {
  return p ? p[0].toUpperCase() + p.slice(1) : '';
}
export function statusLabel(s: string): string {
  return s
    .split('-')
    .map((w, i) => (i === 0 ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

// ---- File names and display ----

/**
 * sanitizeTitle mirrors campaign.SanitizeTitle: lower case, every character
 * other than a-z and 0-9 becomes "_", and a title with nothing left (only
 * underscores) becomes "campaign".
 */
export function sanitizeTitle(title: string): string {
  let out = '';
  // Code point by code point, as Go's strings.ToLower does: "İ" is one "i", not "i" and a combining dot.
  for (const ch of trimSpace(title)) {
    const lower = ch.toLowerCase()[0];
    out += /^[a-z0-9]$/.test(lower) ? lower : '_';
  }
  return out.replace(/_/g, '') === '' ? 'campaign' : out;
}

// GO_SPACE is what Go's strings.TrimSpace trims (Unicode White_Space);
// String.trim differs (it trims U+FEFF, keeps U+0085).
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const GO_TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'g');

/** trimSpace trims as the server (Go's strings.TrimSpace) does. */
function trimSpace(s: string): string {
  return s.replace(GO_TRIM, '');
}

/** scheduleFileName is a generated schedule's HTML download: <sanitised>_campaign_schedule.html. */
export function scheduleFileName(campaignName: string): string {
  return `${sanitizeTitle(campaignName)}_campaign_schedule.html`;
}

/** savedFileName is a saved campaign's HTML download: <sanitised>_campaign.html. */
export function savedFileName(title: string): string {
  return `${sanitizeTitle(title)}_campaign.html`;
}

/** shortDate shows an ISO date or instant in en-US short form, e.g. "Mar 4, 2025" (docs/ui.md). */
export function shortDate(value: string | null | undefined): string {
  return formatShortDate(value);
}

/** peopleCount is the inventory's people count: the saved target, or Unknown. */
export function peopleCount(c: Pick<SavedCampaign, 'audienceFilters'>): string {
  const n = c.audienceFilters?.targetCount;
  return typeof n === 'number' && n > 0 ? `${n.toLocaleString('en-US')} people` : 'Unknown';
}

/** locationCount is the inventory's location count, e.g. "3 locations". */
export function locationCount(c: Pick<SavedCampaign, 'geographicFilters'>): string {
  const n = c.geographicFilters?.length ?? 0;
  return `${n} ${n === 1 ? 'location' : 'locations'}`;
}

/**
 * priorityClass colours a priority badge as the HTML rendering does (high
 * green, medium blue, anything else grey), in shades dark enough for text.
 */
export function priorityClass(p: string): string {
  switch (p) {
    case 'high':
      return 'bg-green-100 text-green-800';
    case 'medium':
      return 'bg-blue-100 text-blue-800';
    default:
      return 'bg-slate-100 text-slate-700';
  }
}

/** deleteActivityConfirm is the schedule editor's confirm prompt. */
export function deleteActivityConfirm(title: string): string {
  return `Are you sure you want to delete the activity "${title}"?`;
}

/** campaignDeleteConfirm is the inventory's confirm prompt before deleting a saved campaign. */
export function campaignDeleteConfirm(title: string): string {
  return `Are you sure you want to delete the campaign "${title}"? This cannot be undone.`;
}
