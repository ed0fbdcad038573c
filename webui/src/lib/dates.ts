import { format, isValid, parseISO } from 'date-fns';

// Calendar dates (YYYY-MM-DD) are parsed as local dates: new Date('2025-03-04')
// would be UTC midnight and show the previous day west of Greenwich.

/** parseDate reads a calendar date or an RFC 3339 instant; null when empty or invalid. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = parseISO(value);
  return isValid(d) ? d : null;
}

/** dateKey is the local calendar date of d as YYYY-MM-DD. */
export function dateKey(d: Date): string {
  return format(d, 'yyyy-MM-dd');
}

/** calendarDateKey is the calendar date of a scheduledDate or instant, or null. */
export function calendarDateKey(value: string | null | undefined): string | null {
  if (!value) return null;
  // A bare date is already the key; an instant is converted to the local day.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = parseDate(value);
  return d ? dateKey(d) : null;
}

const shortFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** formatShortDate shows a date in en-US short form, e.g. "Mar 4, 2025"; "" when invalid. */
export function formatShortDate(value: string | Date | null | undefined): string {
  const d = value instanceof Date ? value : parseDate(value);
  return d ? shortFormat.format(d) : '';
}
