import { describe, expect, it } from 'vitest';
import { dashboardStats, dueThisWeek, toCount, totalContacts, trendLabel, trendPercent, upcoming } from './dashboard';
import type { Audience, Communication } from './types';

// Wednesday 12 March 2025, local time; its week runs Sunday 9 to Saturday 15.
const now = new Date(2025, 2, 12, 10, 0, 0);

function comm(id: string, status: string, scheduledDate: string, createdAt = '2025-01-01T00:00:00Z'): Communication {
  return { id, title: `C${id}`, themeId: '', status, scheduledDate, createdAt };
}

describe('dueThisWeek', () => {
  it('counts scheduled communications dated Sunday to Saturday of this week', () => {
    const list = [
      comm('1', 'scheduled', '2025-03-09'),
      comm('2', 'scheduled', '2025-03-15'),
      comm('3', 'scheduled', '2025-03-08'),
      comm('4', 'scheduled', '2025-03-16'),
      comm('5', 'draft', '2025-03-12'),
      comm('6', 'scheduled', ''),
      comm('7', 'sent', '2025-03-10'),
    ];
    expect(dueThisWeek(list, now)).toBe(2);
  });

  it('is not capped at 5', () => {
    const list = Array.from({ length: 7 }, (_, i) => comm(String(i), 'scheduled', '2025-03-13'));
    expect(dueThisWeek(list, now)).toBe(7);
  });
});

describe('counts', () => {
  it.each([
    [5, 5],
    ['12', 12],
    ['', 0],
    [null, 0],
    ['x', 0],
  ])('toCount(%j) is %d', (v, want) => {
    expect(toCount(v as number | string | null)).toBe(want);
  });

  it('totalContacts sums text and numbers', () => {
    expect(totalContacts([{ contactCount: 10 }, { contactCount: '32' }, { contactCount: 'n/a' }] as Pick<Audience, 'contactCount'>[])).toBe(42);
  });
});

describe('trends', () => {
  it.each([
    [12, 10, 20, '+20% from last month'],
    [8, 10, -20, '-20% from last month'],
    [10, 10, 0, '0% from last month'],
    [5, 0, null, null],
    [3, 3 * 1.125, -11, '-11% from last month'],
  ])('%d now vs %d then', (current, previous, pct, label) => {
    expect(trendPercent(current, previous)).toBe(pct);
    expect(trendLabel(trendPercent(current, previous))).toBe(label);
  });

  it('compares with what existed before this month', () => {
    const themes = [{ createdAt: '2025-02-10T00:00:00Z' }, { createdAt: '2025-02-20T00:00:00Z' }, { createdAt: '2025-03-05T00:00:00Z' }];
    const stats = dashboardStats({ themes, communications: [], audiences: [], content: [{ createdAt: '2025-03-02T00:00:00Z' }] }, now);
    expect(stats.activeThemes).toBe(3);
    expect(stats.themesTrend).toBe(50);
    // No content existed last month: no trend rather than a made-up figure.
    expect(stats.contentTrend).toBeNull();
  });

  it('counts scheduled communications that have a date', () => {
    const stats = dashboardStats(
      { themes: [], audiences: [], content: [], communications: [comm('1', 'scheduled', '2025-04-01'), comm('2', 'scheduled', ''), comm('3', 'draft', '2025-04-01')] },
      now,
    );
    expect(stats.scheduled).toBe(1);
  });
});

describe('upcoming', () => {
  it('lists today and later, soonest first, at most 3', () => {
    const list = [
      comm('past', 'scheduled', '2025-03-11'),
      comm('d', 'draft', '2025-04-01'),
      comm('a', 'scheduled', '2025-03-12'),
      comm('c', 'scheduled', '2025-03-20'),
      comm('b', 'sent', '2025-03-13'),
      comm('none', 'draft', ''),
    ];
    expect(upcoming(list, now).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });
});
