import { toCount } from './dashboard';
import type { Audience } from './types';

/** ALL_EMPLOYEES_ID marks the synthetic All Employees entry, which is never stored. */
export const ALL_EMPLOYEES_ID = 'all-employees';

/** AudienceFilters narrow the audience list (spec 01 §4); the screen shows no control for them. */
export interface AudienceFilters {
  audienceType?: string;
  name?: string;
  role?: string;
  place?: string;
}

/** placeOf is the part of a division-style name after " - " ("ABC - Texas" gives "Texas"), or "". */
export function placeOf(name: string): string {
  const i = name.indexOf(' - ');
  return i >= 0 ? name.slice(i + 3).trim() : '';
}

/** filterAudiences applies the given filters; an empty filter matches everything. */
export function filterAudiences(list: Audience[], f: AudienceFilters = {}): Audience[] {
  const name = f.name?.trim().toLowerCase() ?? '';
  const place = f.place?.trim().toLowerCase() ?? '';
  const role = f.role?.trim().toLowerCase() ?? '';
  return list.filter(
    (a) =>
      (!f.audienceType || a.audienceType === f.audienceType) &&
      (name === '' || a.name.toLowerCase().includes(name)) &&
      (role === '' || (a.roles ?? []).some((r) => r.toLowerCase() === role)) &&
      (place === '' || placeOf(a.name).toLowerCase() === place),
  );
}

/** allEmployees builds the synthetic All Employees audience from the filtered audiences (spec 01 §3). */
export function allEmployees(filtered: Audience[]): Audience {
  const contactCount = filtered.reduce((sum, a) => sum + toCount(a.contactCount), 0);
  const locations = [...new Set(filtered.map((a) => placeOf(a.name)).filter((p) => p !== ''))];
  return {
    id: ALL_EMPLOYEES_ID,
    name: 'All Employees',
    description: `Combined grouping of all employees from ${filtered.length} divisions totaling ${contactCount.toLocaleString('en-US')} employees`,
    contactCount,
    roles: [],
    orgLevels: [],
    divisions: filtered.map((a) => a.name),
    targetingScope: 'organization',
    departments: [],
    locations,
    employeeTypes: [],
    audienceType: 'general',
    createdAt: '',
  };
}

/** withAllEmployees prepends All Employees to the filtered list; an empty list stays empty. */
export function withAllEmployees(list: Audience[], f: AudienceFilters = {}): Audience[] {
  const filtered = filterAudiences(list, f);
  return filtered.length === 0 ? [] : [allEmployees(filtered), ...filtered];
}

/** audienceSummary is the Audience Management summary line. */
export function audienceSummary(audienceCount: number, totalEmployees: number, company: string): string {
  const noun = audienceCount === 1 ? 'audience' : 'audiences';
  return `${audienceCount} ${noun} · ${totalEmployees.toLocaleString('en-US')} total employees at ${company}`;
}

/**
 * newAudience builds a create payload: the form's three fields plus the other
 * audience fields at their defaults. A name that is a known division also
 * targets that division and its location.
 */
export function newAudience(
  form: { name: string; description: string; contactCount: number; greeting?: string },
  divisions: { label: string; location: string }[] = [],
): Omit<Audience, 'id' | 'createdAt'> {
  const name = form.name.trim();
  const division = divisions.find((d) => d.label === name);
  return {
    name,
    description: form.description,
    contactCount: form.contactCount,
    roles: [],
    orgLevels: [],
    divisions: division ? [division.label] : [],
    targetingScope: 'organization',
    departments: [],
    locations: division?.location ? [division.location] : [],
    employeeTypes: [],
    audienceType: 'general',
    greeting: (form.greeting ?? '').trim(),
  };
}
