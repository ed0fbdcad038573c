import { endOfWeek, startOfMonth, startOfWeek } from 'date-fns';
import { calendarDateKey, dateKey, parseDate } from './dates';
import { upcomingCommunications } from './schedule';
import type { Audience, Communication, DashboardStats } from './types';

export type { DashboardStats } from './types';

/** UPCOMING_LIMIT is how many upcoming communications the Dashboard lists. */
export const UPCOMING_LIMIT = 3;

/** toCount reads a count that may arrive as text; anything unreadable counts as 0. */
export function toCount(value: number | string | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** isScheduled: status scheduled with a scheduledDate (the "Scheduled Comms" rule). */
export function isScheduled(c: Pick<Communication, 'status' | 'scheduledDate'>): boolean {
  return c.status === 'scheduled' && !!calendarDateKey(c.scheduledDate);
}

/** dueThisWeek counts scheduled communications dated in the week (Sunday to Saturday) holding now. */
export function dueThisWeek(comms: Pick<Communication, 'status' | 'scheduledDate'>[], now: Date): number {
  const from = dateKey(startOfWeek(now, { weekStartsOn: 0 }));
  const to = dateKey(endOfWeek(now, { weekStartsOn: 0 }));
  return comms.filter((c) => {
    if (!isScheduled(c)) return false;
    const key = calendarDateKey(c.scheduledDate)!;
    return key >= from && key <= to;
  }).length;
}

/** totalContacts sums contactCount over audiences. */
export function totalContacts(audiences: Pick<Audience, 'contactCount'>[]): number {
  return audiences.reduce((sum, a) => sum + toCount(a.contactCount), 0);
}

/** createdBefore keeps the records created before the instant at (records without a valid createdAt are dropped). */
export function createdBefore<T extends { createdAt?: string }>(items: T[], at: Date): T[] {
  return items.filter((x) => {
    const d = parseDate(x.createdAt);
    return d !== null && d < at;
  });
}

/**
 * trendPercent compares a figure with its value at the end of last month, as
 * a whole percentage; null when there is nothing to compare with.
 */
export function trendPercent(current: number, previous: number): number | null {
  if (!Number.isFinite(previous) || previous <= 0 || !Number.isFinite(current)) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** trendLabel renders a trend such as "+8% from last month"; null stays null. */
export function trendLabel(pct: number | null): string | null {
  if (pct === null) return null;
  return `${pct > 0 ? '+' : ''}${pct}% from last month`;
}

/** dashboardStats computes the summary cards from the four lists. */
export function dashboardStats(
  input: {
    themes: { createdAt?: string }[];
    communications: Communication[];
    audiences: Audience[];
    content: { createdAt?: string }[];
  },
  now: Date,
): DashboardStats {
  const monthStart = startOfMonth(now);
  const scheduled = input.communications.filter(isScheduled);
  const contacts = totalContacts(input.audiences);
  return {
    activeThemes: input.themes.length,
    themesTrend: trendPercent(input.themes.length, createdBefore(input.themes, monthStart).length),
    scheduled: scheduled.length,
    scheduledTrend: trendPercent(scheduled.length, createdBefore(scheduled, monthStart).length),
    dueThisWeek: dueThisWeek(input.communications, now),
    contacts,
    contactsTrend: trendPercent(contacts, totalContacts(createdBefore(input.audiences, monthStart))),
    contentPieces: input.content.length,
    contentTrend: trendPercent(input.content.length, createdBefore(input.content, monthStart).length),
  };
}

/** upcoming lists communications dated today or later, soonest first (the Schedule's rule), at most limit. */
export function upcoming<T extends Pick<Communication, 'id' | 'title' | 'status' | 'scheduledDate'>>(comms: T[], now: Date, limit = UPCOMING_LIMIT): T[] {
  return upcomingCommunications(comms, now, limit);
}
