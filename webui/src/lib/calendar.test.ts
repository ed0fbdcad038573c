import { describe, expect, it } from 'vitest';
import { dayDots, groupByDate, MAX_DOTS, monthGrid, statusColor } from './calendar';

const comm = (id: string, scheduledDate: string, status = 'scheduled') => ({ id, title: `Comm ${id}`, status, scheduledDate });

describe('groupByDate', () => {
  it('groups by the calendar date of scheduledDate and skips undated items', () => {
    const groups = groupByDate([comm('a', '2025-03-04'), comm('b', '2025-03-04'), comm('c', '2025-03-05'), comm('d', ''), comm('e', 'not a date')]);
    expect([...groups.keys()]).toEqual(['2025-03-04', '2025-03-05']);
    expect(groups.get('2025-03-04')!.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('reads a bare date as a local day, not UTC midnight', () => {
    // new Date('2025-03-04') west of Greenwich would land on March 3.
    expect([...groupByDate([comm('a', '2025-03-04')]).keys()]).toEqual(['2025-03-04']);
  });

  it('puts an RFC 3339 instant on its local calendar day', () => {
    const local = new Date(2025, 2, 4, 12, 0, 0).toISOString();
    expect([...groupByDate([comm('a', local)]).keys()]).toEqual(['2025-03-04']);
  });
});

describe('dayDots', () => {
  it.each([
    { n: 0, dots: 0, more: 0, title: '' },
    { n: 1, dots: 1, more: 0, title: '' },
    { n: 2, dots: 2, more: 0, title: '' },
    { n: 3, dots: 2, more: 1, title: '+1 more' },
    { n: 7, dots: 2, more: 5, title: '+5 more' },
  ])('$n communications give $dots dots and +$more', ({ n, dots, more, title }) => {
    const items = Array.from({ length: n }, (_, i) => comm(String(i), '2025-03-04', ['scheduled', 'draft', 'sent'][i % 3]));
    const got = dayDots(items);
    expect(got.dots).toHaveLength(dots);
    expect(got.dots.length).toBeLessThanOrEqual(MAX_DOTS);
    expect(got.more).toBe(more);
    expect(got.moreTitle).toBe(title);
  });

  it('colours dots by status in list order', () => {
    expect(dayDots([comm('1', 'x', 'draft'), comm('2', 'x', 'sent'), comm('3', 'x', 'scheduled')]).dots.map((d) => d.color)).toEqual(['yellow', 'green']);
  });
});

describe('statusColor', () => {
  it.each([
    ['scheduled', 'blue'],
    ['draft', 'yellow'],
    ['sent', 'green'],
    ['archived', 'gray'],
    ['', 'gray'],
  ])('%s is %s', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });
});

describe('monthGrid', () => {
  it('spans the weeks the month view draws', () => {
    // March 2031 starts on a Saturday and ends on a Monday.
    expect(monthGrid(new Date(2031, 2, 15))).toEqual({ from: '2031-02-23', to: '2031-04-05' });
    // February 2026 starts on a Sunday and ends on a Saturday: four weeks exactly.
    expect(monthGrid(new Date(2026, 1, 1))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});
