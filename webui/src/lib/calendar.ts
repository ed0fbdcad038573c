import { endOfMonth, endOfWeek, startOfMonth, startOfWeek } from 'date-fns';
import { calendarDateKey, dateKey } from './dates';
import { parseScheduled } from './schedule';
import type { Communication } from './types';

/** MAX_DOTS is how many status dots a calendar day shows before "+N more" (spec 01 §9). */
export const MAX_DOTS = 2;

/** statusColor gives the dot colour of a communication status: blue, yellow, green, else grey. */
export function statusColor(status: string): 'blue' | 'yellow' | 'green' | 'gray' {
  switch (status) {
    case 'scheduled':
      return 'blue';
    case 'draft':
      return 'yellow';
    case 'sent':
      return 'green';
    default:
      return 'gray';
  }
}

/** monthGrid is the days a month view shows, as YYYY-MM-DD: the Sunday on or before the 1st to the Saturday on or after the last day. */
export function monthGrid(month: Date): { from: string; to: string } {
  return { from: dateKey(startOfWeek(startOfMonth(month), { weekStartsOn: 0 })), to: dateKey(endOfWeek(endOfMonth(month), { weekStartsOn: 0 })) };
}

/** groupByDate groups communications by the calendar date of scheduledDate; undated ones are left out. */
export function groupByDate<T extends Pick<Communication, 'scheduledDate'>>(items: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = calendarDateKey(item.scheduledDate);
    if (!key) continue;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** DayDots is what one calendar day draws: up to MAX_DOTS coloured dots and the rest as a count. */
export interface DayDots {
  dots: { id: string; title: string; color: ReturnType<typeof statusColor> }[];
  more: number;
  moreTitle: string;
}

/** dayDots turns one day's communications into dots; more is 0 when all fit. */
export function dayDots(items: Pick<Communication, 'id' | 'title' | 'status'>[]): DayDots {
  const dots = items.slice(0, MAX_DOTS).map((c) => ({ id: c.id, title: c.title, color: statusColor(c.status) }));
  const more = Math.max(0, items.length - MAX_DOTS);
  return { dots, more, moreTitle: more > 0 ? `+${more} more` : '' };
}

/** CalendarEvent is a communication as react-big-calendar draws it. */
export interface CalendarEvent<T> {
  id: string;
  title: string;
  start: Date;
  end: Date;
  /** allDay is true for a date; an instant is a point in its local day. */
  allDay: boolean;
  resource: T;
}

/**
 * calendarEvents turns dated communications into calendar events: a date is
 * an all-day event on that very day, an instant sits on its local day at its
 * time. An instant ends where it starts, so one late in the evening never
 * spills into the next day of a month view.
 */
export function calendarEvents<T extends Pick<Communication, 'id' | 'title' | 'scheduledDate'>>(items: T[]): CalendarEvent<T>[] {
  const events: CalendarEvent<T>[] = [];
  for (const c of items) {
    const s = parseScheduled(c.scheduledDate);
    if (s.kind === 'none') continue;
    events.push({ id: c.id, title: c.title, start: s.start, end: s.start, allDay: s.kind === 'date', resource: c });
  }
  return events;
}
