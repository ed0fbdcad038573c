import type { JobTitle } from './types';

/** VISIBLE_DIVISIONS is how many division badges a collapsed row shows (spec 01 §9). */
export const VISIBLE_DIVISIONS = 3;

/** matchesSearch: case-insensitive substring of the job title; empty matches all. */
export function matchesSearch(r: Pick<JobTitle, 'jobTitle'>, search: string): boolean {
  const s = search.trim().toLowerCase();
  return s === '' || r.jobTitle.toLowerCase().includes(s);
}

/** matchesDivision: any division label contains the filter, case-insensitively; empty matches all. */
export function matchesDivision(r: Pick<JobTitle, 'divisions'>, division: string): boolean {
  const d = division.trim().toLowerCase();
  return d === '' || r.divisions.some((x) => x.toLowerCase().includes(d));
}

/** filterRoles applies search and division filter together. */
export function filterRoles<T extends Pick<JobTitle, 'jobTitle' | 'divisions'>>(list: T[], search: string, division: string): T[] {
  return list.filter((r) => matchesSearch(r, search) && matchesDivision(r, division));
}

/** DivisionBadge is a division label with its head count for this title. */
export interface DivisionBadge {
  label: string;
  count: number;
}

/** divisionBadges lists a title's divisions, largest head count first, then by label. */
export function divisionBadges(r: Pick<JobTitle, 'divisions' | 'divisionBreakdown'>): DivisionBadge[] {
  const labels = new Set([...r.divisions, ...Object.keys(r.divisionBreakdown ?? {})]);
  return [...labels]
    .map((label) => ({ label, count: r.divisionBreakdown?.[label] ?? 0 }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** visibleBadges: the first VISIBLE_DIVISIONS badges unless expanded, and how many are hidden. */
export function visibleBadges(badges: DivisionBadge[], expanded: boolean): { shown: DivisionBadge[]; hidden: number } {
  if (expanded || badges.length <= VISIBLE_DIVISIONS) return { shown: badges, hidden: 0 };
  return { shown: badges.slice(0, VISIBLE_DIVISIONS), hidden: badges.length - VISIBLE_DIVISIONS };
}

/** rolesCaption is the table caption "Showing N of M authentic job titles". */
export function rolesCaption(shown: number, total: number): string {
  return `Showing ${shown} of ${total} authentic job titles`;
}
