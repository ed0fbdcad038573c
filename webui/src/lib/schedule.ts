import { format, isValid, parseISO } from 'date-fns';
import { dateKey } from './dates';
import type { Communication, CommunicationStatus, ScheduleWarning } from './types';

// A scheduledDate is '' (none), a calendar date 'YYYY-MM-DD' (all day, in no
// time zone) or an RFC 3339 instant (docs/schedule.md). A date is read as a
// local day and never shifted; an instant is shown on the planner's local day.

/** UPCOMING_SCHEDULE_LIMIT is how many communications the Schedule's Upcoming panel lists (spec 02 §9). */
export const UPCOMING_SCHEDULE_LIMIT = 5;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** ScheduledTime is a parsed scheduledDate. */
export type ScheduledTime =
  | { kind: 'none' }
  /** day is the date itself; start is local midnight of it. */
  | { kind: 'date'; day: string; start: Date }
  /** day and time (HH:mm) are local to the planner; start is the instant. */
  | { kind: 'instant'; day: string; time: string; start: Date };

/** parseScheduled reads a scheduledDate; anything unreadable is 'none'. */
export function parseScheduled(value: string | null | undefined): ScheduledTime {
  if (!value) return { kind: 'none' };
  const m = DATE_ONLY.exec(value);
  if (m) {
    const start = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    // Reject 2031-02-30 and the like instead of rolling over.
    return dateKey(start) === value ? { kind: 'date', day: value, start } : { kind: 'none' };
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return { kind: 'none' };
  const start = parseISO(value);
  if (!isValid(start)) return { kind: 'none' };
  return { kind: 'instant', day: dateKey(start), time: format(start, 'HH:mm'), start };
}

/** scheduledStart is when a scheduledDate begins (local midnight for a date), or null. */
export function scheduledStart(value: string | null | undefined): Date | null {
  const s = parseScheduled(value);
  return s.kind === 'none' ? null : s.start;
}

/**
 * scheduledSortKey orders scheduledDates by local day, a date (all day)
 * before the timed ones of its day; '' for none.
 */
export function scheduledSortKey(value: string | null | undefined): string {
  const s = parseScheduled(value);
  if (s.kind === 'none') return '';
  if (s.kind === 'date') return s.day;
  return `${s.day} ${format(s.start, 'HH:mm:ss.SSS')}`;
}

/** sameTimeKey identifies a scheduled time: the day of a date, the epoch ms of an instant (any offset). */
function sameTimeKey(value: string): string {
  const s = parseScheduled(value);
  if (s.kind === 'none') return '';
  return s.kind === 'date' ? `d:${s.day}` : `t:${s.start.getTime()}`;
}

/** COMMUNICATION_STATUSES are a communication's statuses by the names the form and the History panel show. */
export const COMMUNICATION_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'sent', label: 'Sent' },
] as const;

/** formatTime shows an instant's local time, e.g. "3:00 PM". */
export function formatTime(d: Date): string {
  return format(d, 'h:mm a');
}

/** formatScheduled shows "Mar 4, 2031" for a date and "Mar 4, 2031, 3:00 PM" for an instant; "" for none. */
export function formatScheduled(value: string | null | undefined): string {
  const s = parseScheduled(value);
  if (s.kind === 'none') return '';
  const day = format(s.start, 'MMM d, yyyy');
  return s.kind === 'date' ? day : `${day}, ${formatTime(s.start)}`;
}

/** FormSchedule is the form's date and optional time fields. */
export interface FormSchedule {
  date: string;
  time: string;
}

/** toFormSchedule splits a scheduledDate into the form's local date and time ('' when none or all day). */
export function toFormSchedule(value: string | null | undefined): FormSchedule {
  const s = parseScheduled(value);
  if (s.kind === 'none') return { date: '', time: '' };
  return { date: s.day, time: s.kind === 'instant' ? s.time : '' };
}

/**
 * fromFormSchedule builds a scheduledDate from the form: no date gives '',
 * a date alone stays a date, a date and a local time give the UTC instant.
 */
export function fromFormSchedule({ date, time }: FormSchedule): string {
  const d = DATE_ONLY.exec(date);
  if (!d) return '';
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!t) return date;
  return new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2])).toISOString();
}

/** isBeforeToday: the date (YYYY-MM-DD) lies before now's local day. */
export function isBeforeToday(date: string, now: Date): boolean {
  return date !== '' && date < dateKey(now);
}

type Item = Pick<Communication, 'id' | 'title' | 'status' | 'scheduledDate'>;

function byDate<T extends Item>(a: T, b: T): number {
  const ka = scheduledSortKey(a.scheduledDate);
  const kb = scheduledSortKey(b.scheduledDate);
  // Undated items go last.
  if (ka === kb) return 0;
  if (ka === '') return 1;
  if (kb === '') return -1;
  return ka < kb ? -1 : 1;
}

/** dedupeScheduled keeps the first of the communications that share a title and a scheduled time. */
export function dedupeScheduled<T extends Item>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((c) => {
    const key = `${c.title}\u0000${sameTimeKey(c.scheduledDate)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** ListColumns are the List view's three columns. */
export interface ListColumns<T> {
  scheduled: T[];
  drafts: T[];
  sent: T[];
}

/**
 * listColumns splits communications for the List view (spec 02 §9):
 * Scheduled without duplicates of the same title and scheduled time, by date
 * ascending; Drafts by title; Sent by date descending.
 */
export function listColumns<T extends Item>(items: T[]): ListColumns<T> {
  const of = (status: string) => items.filter((c) => c.status === status);
  const sentDesc = (a: T, b: T) => {
    // Newest first, undated still last.
    const ka = scheduledSortKey(a.scheduledDate);
    const kb = scheduledSortKey(b.scheduledDate);
    if (ka === '' || kb === '') return byDate(a, b);
    return -byDate(a, b);
  };
  return {
    scheduled: dedupeScheduled([...of('scheduled')].sort(byDate)),
    drafts: [...of('draft')].sort((a, b) => a.title.localeCompare(b.title)),
    sent: [...of('sent')].sort(sentDesc),
  };
}

/** upcomingCommunications lists communications on today's local day or later, soonest first, at most limit. */
export function upcomingCommunications<T extends Item>(items: T[], now: Date, limit = UPCOMING_SCHEDULE_LIMIT): T[] {
  const today = dateKey(now);
  return items
    .filter((c) => {
      const s = parseScheduled(c.scheduledDate);
      return s.kind !== 'none' && s.day >= today;
    })
    .sort((a, b) => byDate(a, b) || a.title.localeCompare(b.title))
    .slice(0, limit);
}

/** backlog lists the drafts without a date, by title: the side list the calendar takes drops from. */
export function backlog<T extends Item>(items: T[]): T[] {
  return items.filter((c) => c.status === 'draft' && parseScheduled(c.scheduledDate).kind === 'none').sort((a, b) => a.title.localeCompare(b.title));
}

/** canReschedule: only communications not yet sent can be moved on the calendar. */
export function canReschedule(c: Pick<Communication, 'status'>): boolean {
  return c.status !== 'sent';
}

/**
 * rescheduled is what dropping a communication on a day changes: an instant
 * keeps its local time of day, a date (or no date) becomes that day's date,
 * and a draft becomes scheduled.
 */
export function rescheduled(c: Pick<Communication, 'status' | 'scheduledDate'>, day: Date): { status: CommunicationStatus; scheduledDate: string } {
  const s = parseScheduled(c.scheduledDate);
  const status = (c.status === 'draft' ? 'scheduled' : c.status) as CommunicationStatus;
  if (s.kind !== 'instant') return { status, scheduledDate: dateKey(day) };
  const t = s.start;
  const moved = new Date(day.getFullYear(), day.getMonth(), day.getDate(), t.getHours(), t.getMinutes(), t.getSeconds(), t.getMilliseconds());
  return { status, scheduledDate: moved.toISOString() };
}

/** warnedIds are the ids of the communications named by any warning. */
export function warnedIds(warnings: Pick<ScheduleWarning, 'communicationIds'>[] | undefined): Set<string> {
  return new Set((warnings ?? []).flatMap((w) => w.communicationIds ?? []));
}
