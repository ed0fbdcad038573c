import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calendarEvents } from './calendar';
import {
  backlog,
  canReschedule,
  dedupeScheduled,
  formatScheduled,
  fromFormSchedule,
  isBeforeToday,
  listColumns,
  parseScheduled,
  rescheduled,
  scheduledSortKey,
  toFormSchedule,
  upcomingCommunications,
  UPCOMING_SCHEDULE_LIMIT,
  warnedIds,
} from './schedule';

// Node honours a change of process.env.TZ at once; each block runs in a zone
// where the UTC day and the local day differ.
function inZone(zone: string) {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.TZ;
    process.env.TZ = zone;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
}

let n = 0;
const comm = (title: string, status: string, scheduledDate: string) => ({ id: `c${++n}`, title, status, scheduledDate });

describe('parseScheduled west of Greenwich (Los Angeles)', () => {
  inZone('America/Los_Angeles');

  it('reads a date as that local day, never shifted', () => {
    const s = parseScheduled('2031-03-04');
    expect(s.kind).toBe('date');
    if (s.kind !== 'date') return;
    expect(s.day).toBe('2031-03-04');
    expect([s.start.getFullYear(), s.start.getMonth(), s.start.getDate(), s.start.getHours()]).toEqual([2031, 2, 4, 0]);
  });

  it('puts an instant on the planner’s local day and time', () => {
    // 03:00 UTC on March 4 is 19:00 on March 3 in Los Angeles.
    expect(parseScheduled('2031-03-04T03:00:00Z')).toMatchObject({ kind: 'instant', day: '2031-03-03', time: '19:00' });
    expect(parseScheduled('2031-03-04T10:00:00-05:00')).toMatchObject({ kind: 'instant', day: '2031-03-04', time: '07:00' });
  });

  it('formats a date without a time and an instant with its local time', () => {
    expect(formatScheduled('2031-03-04')).toBe('Mar 4, 2031');
    expect(formatScheduled('2031-03-04T03:00:00Z')).toBe('Mar 3, 2031, 7:00 PM');
    expect(formatScheduled('')).toBe('');
  });

  it('draws a date as an all-day event on its day and an instant at its local time', () => {
    const [date, instant] = calendarEvents([comm('A', 'scheduled', '2031-03-04'), comm('B', 'scheduled', '2031-03-04T03:00:00Z'), comm('C', 'draft', '')]);
    expect(date.allDay).toBe(true);
    expect(date.start.getDate()).toBe(4);
    expect(instant.allDay).toBe(false);
    expect([instant.start.getDate(), instant.start.getHours()]).toEqual([3, 19]);
    expect(instant.end).toEqual(instant.start);
  });
});

describe('parseScheduled east of Greenwich (Auckland)', () => {
  inZone('Pacific/Auckland');

  it('moves a late UTC instant to the next local day', () => {
    expect(parseScheduled('2031-03-04T15:00:00.000Z')).toMatchObject({ kind: 'instant', day: '2031-03-05', time: '04:00' });
    expect(parseScheduled('2031-03-04')).toMatchObject({ kind: 'date', day: '2031-03-04' });
  });
});

describe('parseScheduled rejects what is not a date or an instant', () => {
  it.each(['', 'soon', '2031-02-30', '2031-13-01', '2031-03-04T25:00:00Z', '04/03/2031'])('%j', (v) => {
    expect(parseScheduled(v).kind).toBe('none');
  });
  it('treats null and undefined as none', () => {
    expect(parseScheduled(null).kind).toBe('none');
    expect(parseScheduled(undefined).kind).toBe('none');
  });
});

describe('the form’s date and time', () => {
  inZone('America/New_York');

  it('sends a date alone as a date', () => {
    expect(fromFormSchedule({ date: '2031-03-04', time: '' })).toBe('2031-03-04');
  });

  it('sends a date and a local time as the UTC instant', () => {
    // 15:00 in New York in March 2031 (EDT, from March 9) is still EST: 20:00 UTC.
    expect(fromFormSchedule({ date: '2031-03-04', time: '15:00' })).toBe('2031-03-04T20:00:00.000Z');
    expect(fromFormSchedule({ date: '2031-07-04', time: '15:00' })).toBe('2031-07-04T19:00:00.000Z');
  });

  it('sends nothing without a date', () => {
    expect(fromFormSchedule({ date: '', time: '15:00' })).toBe('');
  });

  it('splits a stored value back into the form’s fields', () => {
    expect(toFormSchedule('2031-03-04')).toEqual({ date: '2031-03-04', time: '' });
    expect(toFormSchedule('2031-03-04T20:00:00Z')).toEqual({ date: '2031-03-04', time: '15:00' });
    expect(toFormSchedule('')).toEqual({ date: '', time: '' });
  });

  it('round-trips an instant through the form', () => {
    const stored = '2031-11-02T05:30:00.000Z';
    expect(fromFormSchedule(toFormSchedule(stored))).toBe(stored);
  });

  it('knows a day before today', () => {
    const now = new Date(2031, 2, 4, 0, 30);
    expect(isBeforeToday('2031-03-03', now)).toBe(true);
    expect(isBeforeToday('2031-03-04', now)).toBe(false);
    expect(isBeforeToday('', now)).toBe(false);
  });
});

describe('listColumns', () => {
  inZone('America/New_York');

  it('sorts Scheduled by date ascending and drops the same title at the same time', () => {
    const items = [
      comm('Town hall', 'scheduled', '2031-03-10T20:00:00Z'),
      comm('Kick-off', 'scheduled', '2031-03-04'),
      // The same instant in another offset is the same scheduled time.
      comm('Town hall', 'scheduled', '2031-03-10T15:00:00-05:00'),
      // Same title at another time stays.
      comm('Town hall', 'scheduled', '2031-03-11T20:00:00Z'),
      // Same day as a date is not the same time as an instant on that day.
      comm('Town hall', 'scheduled', '2031-03-10'),
      comm('Kick-off', 'scheduled', '2031-03-04'),
      comm('Early bird', 'scheduled', '2031-03-10T12:00:00Z'),
    ];
    const got = listColumns(items).scheduled.map((c) => [c.title, c.scheduledDate]);
    expect(got).toEqual([
      ['Kick-off', '2031-03-04'],
      ['Town hall', '2031-03-10'],
      ['Early bird', '2031-03-10T12:00:00Z'],
      ['Town hall', '2031-03-10T20:00:00Z'],
      ['Town hall', '2031-03-11T20:00:00Z'],
    ]);
  });

  it('sorts Drafts by title and Sent by date descending, undated last', () => {
    const cols = listColumns([
      comm('Zeta memo', 'draft', ''),
      comm('alpha note', 'draft', '2031-05-01'),
      comm('Beta FAQ', 'draft', ''),
      comm('Old letter', 'sent', '2031-01-02'),
      comm('No date', 'sent', ''),
      comm('Recent letter', 'sent', '2031-02-02T09:00:00Z'),
      comm('Same day earlier', 'sent', '2031-02-02'),
    ]);
    expect(cols.drafts.map((c) => c.title)).toEqual(['alpha note', 'Beta FAQ', 'Zeta memo']);
    expect(cols.sent.map((c) => c.title)).toEqual(['Recent letter', 'Same day earlier', 'Old letter', 'No date']);
    expect(cols.scheduled).toEqual([]);
  });

  it('does not de-duplicate drafts or sent items', () => {
    const cols = listColumns([comm('Same', 'draft', ''), comm('Same', 'draft', ''), comm('Sent', 'sent', '2031-01-01'), comm('Sent', 'sent', '2031-01-01')]);
    expect(cols.drafts).toHaveLength(2);
    expect(cols.sent).toHaveLength(2);
  });

  it('keeps the first of duplicates', () => {
    const a = comm('X', 'scheduled', '2031-01-01');
    const b = comm('X', 'scheduled', '2031-01-01');
    expect(dedupeScheduled([a, b])).toEqual([a]);
  });
});

describe('scheduledSortKey', () => {
  it('puts a date before the timed items of its day and after the day before', () => {
    const keys = ['2031-03-04T09:00:00', '2031-03-04', '2031-03-03T23:00:00'].map(scheduledSortKey).sort();
    expect(keys).toEqual(['2031-03-03 23:00:00.000', '2031-03-04', '2031-03-04 09:00:00.000']);
    expect(scheduledSortKey('')).toBe('');
  });
});

describe('upcomingCommunications', () => {
  inZone('America/New_York');
  const now = () => new Date(2031, 2, 4, 18, 0);

  it('lists the first 5 from today on, soonest first, any status', () => {
    const items = [
      comm('Yesterday', 'scheduled', '2031-03-03'),
      comm('Today late', 'scheduled', '2031-03-04T23:00:00Z'),
      comm('Today all day', 'draft', '2031-03-04'),
      // Earlier today (UTC 14:00 = 09:00 local) still counts: today or later, by day.
      comm('Today morning', 'scheduled', '2031-03-04T14:00:00Z'),
      comm('Next week', 'sent', '2031-03-11'),
      comm('Tomorrow', 'scheduled', '2031-03-05'),
      comm('Undated', 'draft', ''),
      comm('Far', 'scheduled', '2032-01-01'),
    ];
    expect(upcomingCommunications(items, now()).map((c) => c.title)).toEqual(['Today all day', 'Today morning', 'Today late', 'Tomorrow', 'Next week']);
    expect(UPCOMING_SCHEDULE_LIMIT).toBe(5);
  });

  it('treats an instant by its local day: 03:00 UTC on March 5 is still March 4 in New York', () => {
    expect(upcomingCommunications([comm('Evening', 'scheduled', '2031-03-05T03:00:00Z')], new Date(2031, 2, 4, 23, 0))).toHaveLength(1);
    expect(upcomingCommunications([comm('Evening', 'scheduled', '2031-03-04T03:00:00Z')], now())).toHaveLength(0);
  });
});

describe('backlog', () => {
  it('holds the drafts without a date, by title', () => {
    const items = [comm('b draft', 'draft', ''), comm('dated draft', 'draft', '2031-03-04'), comm('A draft', 'draft', ''), comm('sched', 'scheduled', '2031-03-04'), comm('bad date', 'draft', 'soon')];
    expect(backlog(items).map((c) => c.title)).toEqual(['A draft', 'b draft', 'bad date']);
  });
});

describe('rescheduled', () => {
  inZone('America/New_York');
  // Built inside each test, once the zone is set.
  const target = () => new Date(2031, 2, 12);

  it('keeps the local time of day of an instant across a daylight saving change', () => {
    // 15:00 EST on March 4 (20:00 UTC) moved to March 12 (EDT) is 15:00 EDT, 19:00 UTC.
    expect(rescheduled({ status: 'scheduled', scheduledDate: '2031-03-04T20:00:00Z' }, target())).toEqual({ status: 'scheduled', scheduledDate: '2031-03-12T19:00:00.000Z' });
  });

  it('keeps a date a date', () => {
    expect(rescheduled({ status: 'scheduled', scheduledDate: '2031-03-04' }, target())).toEqual({ status: 'scheduled', scheduledDate: '2031-03-12' });
  });

  it('makes a draft dropped on a day scheduled; an undated one gets the day as a date', () => {
    expect(rescheduled({ status: 'draft', scheduledDate: '' }, target())).toEqual({ status: 'scheduled', scheduledDate: '2031-03-12' });
    expect(rescheduled({ status: 'draft', scheduledDate: '2031-03-04T20:00:00Z' }, target())).toEqual({ status: 'scheduled', scheduledDate: '2031-03-12T19:00:00.000Z' });
  });

  it('uses only the day of the drop target, not its time', () => {
    expect(rescheduled({ status: 'scheduled', scheduledDate: '2031-03-04' }, new Date(2031, 2, 12, 23, 59))).toEqual({ status: 'scheduled', scheduledDate: '2031-03-12' });
  });

  it('does not move what was sent', () => {
    expect(canReschedule({ status: 'sent' })).toBe(false);
    expect(canReschedule({ status: 'draft' })).toBe(true);
    expect(canReschedule({ status: 'scheduled' })).toBe(true);
  });
});

describe('warnedIds', () => {
  it('collects the communications of every warning', () => {
    const ids = warnedIds([
      { communicationIds: ['a', 'b'] },
      { communicationIds: ['b', 'c'] },
    ]);
    expect([...ids].sort()).toEqual(['a', 'b', 'c']);
    expect(warnedIds(undefined).size).toBe(0);
  });
});
