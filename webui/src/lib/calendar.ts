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

/** DAY_ROWS is how many rows a day of the Schedule's month holds: its events, or the first DAY_ROWS - 1 and "+N more". */
export const DAY_ROWS = 3;

/** DayMore is the "+N more" of one day: the events that do not fit, which open with the day. */
export interface DayMore<T> {
  more: true;
  day: string;
  items: T[];
}

/**
 * limitDays keeps at most rows events a day, in the month's order (all-day
 * first, then by time): a day with more keeps rows - 1 and gets one
 * DayMore event holding the rest, placed after them (late in the day, so
 * react-big-calendar sorts it last), so no day grows past rows rows.
 */
export function limitDays<T>(events: CalendarEvent<T>[], rows = DAY_ROWS): CalendarEvent<T | DayMore<T>>[] {
  const days = new Map<string, CalendarEvent<T>[]>();
  for (const e of events) {
    const k = dateKey(e.start);
    const list = days.get(k);
    if (list) list.push(e);
    else days.set(k, [e]);
  }
  const out: CalendarEvent<T | DayMore<T>>[] = [];
  for (const [day, list] of days) {
    if (list.length <= rows) {
      out.push(...list);
      continue;
    }
    const sorted = [...list].sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start.getTime() - b.start.getTime());
    const shown = sorted.slice(0, rows - 1);
    const hidden = sorted.slice(rows - 1);
    out.push(...shown);
    const start = new Date(hidden[0].start);
    start.setHours(23, 58, 0, 0);
    const end = new Date(start);
    end.setMinutes(59);
    out.push({ id: `more:${day}`, title: `+${hidden.length} more`, start, end, allDay: false, resource: { more: true, day, items: hidden.map((e) => e.resource) } });
  }
  return out;
}

/** isDayMore tells a day's "+N more" from an event. */
export function isDayMore<T>(r: T | DayMore<T>): r is DayMore<T> {
  return typeof r === 'object' && r !== null && (r as DayMore<T>).more === true;
}

/**
 * CAMPAIGN_COLORS tell campaigns apart on the calendar (a stripe, never
 * text): each at least 3:1 against white, as a graphic must be.
 */
export const CAMPAIGN_COLORS = ['#7c3aed', '#c2410c', '#0e7490', '#be185d', '#4d7c0f', '#1e40af', '#a16207', '#0f766e'] as const;

/** campaignColors gives each campaign, in the list's order, its colour. */
export function campaignColors(ids: string[]): Map<string, string> {
  return new Map(ids.map((id, i) => [id, CAMPAIGN_COLORS[i % CAMPAIGN_COLORS.length]]));
}

/**
 * withoutCampaignName is an event's title without its campaign's name in
 * front ("ERP Go-Live Newsletter, Issue 2" in "ERP Go-Live" is
 * "Newsletter, Issue 2"): the colour says the campaign. A title that is
 * only the name stays whole.
 */
export function withoutCampaignName(title: string, campaign: string | undefined): string {
  const name = campaign?.trim();
  if (!name || !title.toLowerCase().startsWith(name.toLowerCase())) return title;
  const rest = title.slice(name.length).replace(/^[\s\-–—:·,|]+/, '');
  return rest === '' ? title : rest;
}

/** Milestone is a campaign's pinned date as the calendar marks it. */
export interface Milestone {
  day: string;
  label: string;
  campaignId: string;
  campaign: string;
}

/** MILESTONE_LABELS name the plan's milestones (pkg/campaign.Milestones) as the calendar shows them. */
export const MILESTONE_LABELS = { goLive: 'Go-live', announcement: 'Announcement', acquisition: 'Acquisition' } as const;

/** campaignMilestones lists a campaign plan's milestones, by day. */
export function campaignMilestones(
  c: { id: string; title: string; schedule?: { milestones?: Partial<Record<keyof typeof MILESTONE_LABELS, string>> | null } | null },
): Milestone[] {
  const m = c.schedule?.milestones;
  if (!m) return [];
  return (Object.keys(MILESTONE_LABELS) as (keyof typeof MILESTONE_LABELS)[]).flatMap((k) =>
    m[k] ? [{ day: m[k].slice(0, 10), label: MILESTONE_LABELS[k], campaignId: c.id, campaign: c.title }] : [],
  );
}
