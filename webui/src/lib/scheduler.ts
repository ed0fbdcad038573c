// The Campaign Scheduler's screen rules (spec 02 §2.7, §5, §9): which
// divisions and role categories the checklists offer, the live employee
// target, the M&A activities preview. The schedule itself always comes from
// POST /api/campaigns/generate; these only shape the configuration form.
// Every rule mirrors pkg/orgdata or pkg/campaign and is tested on the same
// vectors (testdata/campaign/targets.json).
import type { CampaignConfig, DivisionProfile } from './campaigns';
import type { ReferenceItem } from './types';

/** CampaignType, MaturityPhase, PreAcquisitionPhase, Option are pkg/campaign's reference types. */
export interface CampaignTypeRef {
  id: string;
  label: string;
  description: string;
}
export interface MaturityPhaseRef {
  id: string;
  label: string;
  description: string;
  duration: string;
  color: string;
}
export interface PreAcquisitionPhaseRef {
  id: string;
  name: string;
  description: string;
  minPercent: number;
  maxPercent: number;
  percentageRange: string;
  confidentiality: string;
}
export interface OptionRef {
  id: string;
  label: string;
  description?: string;
}
/** MAActivityRef is campaign.MAActivity: an activity an M&A selection adds. */
export interface MAActivityRef {
  title: string;
  priority: string;
  maturityPhases?: string[];
  preAcquisitionPhase?: string;
}
/** DivisionDetail is campaign.DivisionDetail: the detailed division profile. */
export interface DivisionDetail extends DivisionProfile {
  structure: { id: string; label: string; count: number; percent: number }[];
  topRoles: { title: string; count: number }[];
}
export type DivisionRef = ReferenceItem & { location: string; businessLine?: string };
export type RoleGroupRef = ReferenceItem & { alwaysEligible?: boolean };

/** SchedulerReference is the part of GET /api/reference the scheduler reads. */
export interface SchedulerReference {
  locations?: ReferenceItem[];
  divisions?: DivisionRef[];
  orgLevels?: ReferenceItem[];
  roleGroups?: RoleGroupRef[];
  roleGroupsByDivision?: Record<string, string[]>;
  divisionProfiles?: Record<string, DivisionDetail>;
  campaignTypes?: CampaignTypeRef[];
  maturityPhases?: MaturityPhaseRef[];
  preAcquisitionPhases?: PreAcquisitionPhaseRef[];
  audienceGroups?: OptionRef[];
  audienceTypes?: OptionRef[];
  urgencyLevels?: OptionRef[];
  maActivities?: MAActivityRef[];
}

/** Selection is the part of the configuration the targeting rules read. */
export interface Selection {
  audienceMode: 'general' | 'organizational';
  audiences?: string[];
  locations?: string[];
  divisions?: string[];
  orgLevels?: string[];
  roleCategories?: string[];
}

export const TARGET_MULTIPLE = 'Multiple segments';
export const TARGET_NONE = 'No segments selected';

/** divisionsFor mirrors orgdata.DivisionsFor: the divisions in the chosen locations, all when none is chosen. */
export function divisionsFor<D extends { location: string }>(divisions: D[], locations: string[]): D[] {
  if (locations.length === 0) return divisions;
  return divisions.filter((d) => locations.includes(d.location));
}

/**
 * roleGroupsFor mirrors orgdata.RoleGroupsFor: with divisions chosen, the
 * union of their roleGroupsByDivision entries (in dataset order); with none,
 * every group.
 */
export function roleGroupsFor<G extends { id: string }>(groups: G[], byDivision: Record<string, string[]>, divisions: string[]): G[] {
  if (divisions.length === 0) return groups;
  const offered = new Set(divisions.flatMap((d) => byDivision[d] ?? []));
  return groups.filter((g) => offered.has(g.id));
}

function total(items: ReferenceItem[] | undefined, ids: string[] | undefined): number {
  const seen = new Set<string>();
  let sum = 0;
  for (const id of ids ?? []) {
    const it = items?.find((x) => x.id === id);
    if (it && !seen.has(it.id)) {
      seen.add(it.id);
      sum += it.count;
    }
  }
  return sum;
}

/**
 * employeeTarget mirrors campaign's targeting (spec 02 §9): in general mode
 * "Multiple segments" with audiences chosen; in organisational mode the
 * largest of the location, division, level and role totals as "~N
 * employees"; otherwise "No segments selected".
 */
export function employeeTarget(ref: SchedulerReference, sel: Selection): string {
  if (sel.audienceMode !== 'organizational') {
    return (sel.audiences?.length ?? 0) > 0 ? TARGET_MULTIPLE : TARGET_NONE;
  }
  const n = Math.max(
    total(ref.locations, sel.locations),
    total(ref.divisions, sel.divisions),
    total(ref.orgLevels, sel.orgLevels),
    total(ref.roleGroups, sel.roleCategories),
  );
  return n > 0 ? `~${n} employees` : TARGET_NONE;
}

/**
 * relevantMAActivities lists the M&A activities a selection adds, as the
 * generator includes them: a specialised activity when any of its maturity
 * phases is chosen; a pre-acquisition activity when its phase is chosen and
 * so is the pre-acquisition maturity phase.
 */
export function relevantMAActivities(all: MAActivityRef[], maturity: string[], preAcquisition: string[]): MAActivityRef[] {
  const pre = maturity.includes('pre-acquisition');
  return all.filter((a) =>
    a.preAcquisitionPhase ? pre && preAcquisition.includes(a.preAcquisitionPhase) : (a.maturityPhases ?? []).some((m) => maturity.includes(m)),
  );
}

/** previewList shows the first n items, then "and N more" (spec 02 §2.7). */
export function previewList<T>(items: T[], n = 3): { shown: T[]; more: string | null } {
  return { shown: items.slice(0, n), more: items.length > n ? `and ${items.length - n} more` : null };
}

/** urgencyText is the urgency choice's label of spec 02 §9, e.g. "Low (standard timeline)". */
export function urgencyText(u: OptionRef): string {
  return u.description ? `${u.label} (${u.description.toLowerCase()})` : u.label;
}

/** toggle adds id to list, or removes it when present. */
export function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

/**
 * endDateNote tells the planner the server moved the end date of a
 * technology implementation to go-live + 90 days; null for other campaigns
 * or when the date did not change.
 */
export function endDateNote(types: string[], entered: string, scheduled: string, show: (iso: string) => string): string | null {
  if (!types.includes('technology-implementation') || !scheduled || entered === scheduled) return null;
  return `End date set to go-live + 90 days: ${show(scheduled)}`;
}

/** markerRadius sizes a location marker by head count: area proportional, radius 10 to 40 map units (the map is 975 wide). */
export function markerRadius(count: number, max: number): number {
  if (max <= 0) return 10;
  return 10 + 30 * Math.sqrt(Math.max(0, count) / max);
}

/** PRIORITY_CLASSES are the activity cards' priority colours: high green, medium blue, low grey. */
export const PRIORITY_CLASSES: Record<string, string> = {
  high: 'border-l-green-600 bg-green-50 text-green-800',
  medium: 'border-l-blue-600 bg-blue-50 text-blue-800',
  low: 'border-l-gray-500 bg-gray-50 text-gray-700',
};

/** priorityClass is the colour class of a priority; unknown values are grey. */
export function priorityClass(p: string): string {
  return PRIORITY_CLASSES[p] ?? PRIORITY_CLASSES.low;
}

/** SchedulerForm is the scheduler's configuration as the planner edits it. */
export interface SchedulerForm {
  campaignName: string;
  startDate: string;
  endDate: string;
  campaignTypes: string[];
  audienceMode: 'general' | 'organizational';
  audienceType: string;
  audiences: string[];
  urgency: 'low' | 'medium' | 'high';
  goLiveDate: string;
  acquisitionDate: string;
  maturityPhases: string[];
  preAcquisitionPhases: string[];
  locations: string[];
  divisions: string[];
  orgLevels: string[];
  roleCategories: string[];
}

export const emptyForm: SchedulerForm = {
  campaignName: '',
  startDate: '',
  endDate: '',
  campaignTypes: [],
  audienceMode: 'general',
  audienceType: '',
  audiences: [],
  urgency: 'medium',
  goLiveDate: '',
  acquisitionDate: '',
  maturityPhases: [],
  preAcquisitionPhases: [],
  locations: [],
  divisions: [],
  orgLevels: [],
  roleCategories: [],
};

/**
 * configOf is the body of POST /api/campaigns/generate. Selectors the form
 * hides send nothing: the organisational lists and the M&A phases belong to
 * organisational mode, audiences to general mode (spec 02 §2.7).
 */
export function configOf(f: SchedulerForm): CampaignConfig {
  const org = f.audienceMode === 'organizational';
  const ma = org && f.campaignTypes.includes('ma-integration');
  const maturity = ma ? f.maturityPhases : [];
  return {
    campaignName: f.campaignName,
    startDate: f.startDate,
    endDate: f.endDate,
    campaignTypes: f.campaignTypes,
    audienceMode: f.audienceMode,
    audienceType: f.audienceType || undefined,
    audiences: org ? [] : f.audiences,
    urgency: f.urgency,
    goLiveDate: f.goLiveDate || undefined,
    acquisitionDate: f.acquisitionDate || undefined,
    maturityPhases: maturity,
    preAcquisitionPhases: maturity.includes('pre-acquisition') ? f.preAcquisitionPhases : [],
    locations: org ? f.locations : [],
    divisions: org ? f.divisions : [],
    orgLevels: org ? f.orgLevels : [],
    roleCategories: org ? f.roleCategories : [],
  };
}
