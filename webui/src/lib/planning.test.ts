import { describe, expect, it } from 'vitest';
import {
  activityDate,
  blackoutAudiences,
  blackoutInput,
  blackoutRange,
  campaignActivities,
  EVERYONE,
  feedUrl,
  filterActivities,
  importSuccess,
  rememberAudienceMap,
  rememberedAudienceMap,
  previewBody,
  validateBlackout,
  warningKey,
  warningCounts,
  warningsSummary,
  warningTitle,
  type CampaignActivity,
  type ImportSource,
} from './planning';
import type { ScheduleWarning } from './types';

function act(id: string, title: string, date: string, extra: Partial<CampaignActivity> = {}): CampaignActivity {
  return { id, title, date, description: `${title} details`, type: 'announcement', channel: 'email', audience: 'employees', timing: '', priority: 'medium', status: 'planned', phase: '', ...extra };
}

function campaign(schedule: ImportSource['schedule']): ImportSource {
  return { schedule };
}

// A fixed local "today": 28 Feb 2031, so +7 days crosses a month end.
const today = new Date(2031, 1, 28, 13, 45);

describe('campaignActivities', () => {
  it('flattens the phases in order and keeps each phase name', () => {
    const items = campaignActivities(
      campaign({
        totalActivities: 3,
        phases: [
          { name: 'Preparation', activities: [act('activity-1', 'Kickoff', '2031-03-01'), act('activity-2', 'FAQ', '2031-03-02')] },
          { name: 'Launch', activities: [act('activity-3', 'Go-live', '2031-03-10')] },
        ],
        activities: [act('activity-1', 'Kickoff', '2031-03-01'), act('activity-2', 'FAQ', '2031-03-02'), act('activity-3', 'Go-live', '2031-03-10')],
      }),
    );
    expect(items.map((i) => [i.key, i.phase, i.activity.title])).toEqual([
      ['activity-1', 'Preparation', 'Kickoff'],
      ['activity-2', 'Preparation', 'FAQ'],
      ['activity-3', 'Launch', 'Go-live'],
    ]);
  });

  it('falls back to the flat list when the phases hold no activities', () => {
    const items = campaignActivities(campaign({ phases: [{ name: 'Preparation', activities: null }], activities: [act('a', 'Only', '2031-03-01', { phase: 'Launch' })] }));
    expect(items.map((i) => [i.key, i.phase])).toEqual([['a', 'Launch']]);
  });

  it('makes repeated ids unique and names activities without an id', () => {
    const items = campaignActivities(campaign({ phases: [{ name: 'P', activities: [act('x', 'A', ''), act('x', 'B', ''), act('', 'C', '')] }] }));
    expect(items.map((i) => i.key)).toEqual(['x', 'x#2', 'activity-at-2']);
  });

  it('is empty without a campaign or a schedule', () => {
    expect(campaignActivities(undefined)).toEqual([]);
    expect(campaignActivities(campaign(null))).toEqual([]);
  });
});

describe('filterActivities', () => {
  const items = campaignActivities(
    campaign({
      phases: [
        { name: 'Preparation', activities: [act('1', 'Leadership Kickoff', '2031-03-01'), act('2', 'Town Hall', '2031-03-02', { channel: 'town_hall', description: 'Open Q&A' })] },
        { name: 'Reinforcement', activities: [act('3', 'Pulse Survey', '2031-03-10', { audience: 'managers' })] },
      ],
    }),
  );
  it('matches title, description, phase, channel and audience, ignoring case and spaces', () => {
    expect(filterActivities(items, '  kickoff ').map((i) => i.key)).toEqual(['1']);
    expect(filterActivities(items, 'q&a').map((i) => i.key)).toEqual(['2']);
    expect(filterActivities(items, 'REINFORCEMENT').map((i) => i.key)).toEqual(['3']);
    expect(filterActivities(items, 'town_hall').map((i) => i.key)).toEqual(['2']);
    expect(filterActivities(items, 'managers').map((i) => i.key)).toEqual(['3']);
  });
  it('keeps everything for an empty query and nothing for a miss', () => {
    expect(filterActivities(items, '')).toHaveLength(3);
    expect(filterActivities(items, 'nothing like this')).toEqual([]);
  });
});

describe('activityDate', () => {
  it('keeps an ISO calendar date as it is', () => {
    expect(activityDate('2031-03-04', today)).toBe('2031-03-04');
  });
  it('reads a US M/D/YYYY date', () => {
    expect(activityDate('3/4/2031', today)).toBe('2031-03-04');
  });
  it('takes the local day of an instant', () => {
    const instant = new Date(2031, 2, 4, 12, 0).toISOString();
    expect(activityDate(instant, today)).toBe('2031-03-04');
  });
  it.each(['', 'TBD', 'Day 3', '2031-02-30', '2031-13-01', '13/45/2031', null, undefined])('falls back to 7 days after today for %j', (bad) => {
    expect(activityDate(bad, today)).toBe('2031-03-07');
  });
});

describe('import toast and remembered mapping', () => {
  it('gives the count in the success toast, and what was already there', () => {
    expect(importSuccess(2)).toEqual({ title: 'Activities added', description: 'Successfully added 2 communications to schedule' });
    expect(importSuccess(0, 5)).toEqual({ title: 'Activities added', description: 'Successfully added 0 communications to schedule; 5 were already in the schedule' });
  });
  it('remembers a campaign\'s audience mapping, and reads nothing broken', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(rememberedAudienceMap('c1', storage)).toEqual({});
    rememberAudienceMap('c1', { Employees: ['a1', 'a3'], Partners: [''] }, storage);
    expect(rememberedAudienceMap('c1', storage)).toEqual({ Employees: ['a1', 'a3'], Partners: [''] });
    expect(rememberedAudienceMap('c2', storage)).toEqual({});
    store.set('commsplan.import.audienceMap.c3', '{"Employees": 4, "Managers": "a2"}');
    expect(rememberedAudienceMap('c3', storage)).toEqual({ Managers: ['a2'] }); // one id, as remembered before lists
    store.set('commsplan.import.audienceMap.c4', 'not json');
    expect(rememberedAudienceMap('c4', storage)).toEqual({});
  });
});

const overload: ScheduleWarning = {
  kind: 'overload',
  message: 'Field Technicians gets 4 communications in the week of 3 Mar 2031 (limit 3)',
  audienceId: 'a1',
  audienceName: 'Field Technicians',
  week: '2031-W10',
  weekOf: '2031-03-03',
  count: 4,
  limit: 3,
  communicationIds: ['c1', 'c2', 'c3', 'c4'],
};
const blackout: ScheduleWarning = { kind: 'blackout', message: '2 communications are scheduled during the blackout “Year-end freeze” (20 Dec 2031 to 2 Jan 2032)', blackoutId: 'b1', blackoutName: 'Year-end freeze', communicationIds: ['c4', 'c5'] };

describe('warnings', () => {
  it('shows the server sentence, with dates', () => {
    expect(warningTitle(overload)).toBe('Field Technicians gets 4 communications in the week of 3 Mar 2031 (limit 3)');
    expect(warningTitle(blackout)).toBe('2 communications are scheduled during the blackout “Year-end freeze” (20 Dec 2031 to 2 Jan 2032)');
  });
  it('keys warnings uniquely', () => {
    expect(warningKey(overload)).toBe('overload:a1:2031-W10');
    expect(warningKey({ ...overload, week: '2031-W11' })).not.toBe(warningKey(overload));
    expect(warningKey(blackout)).toBe('blackout:b1');
  });
  it('summarises the count', () => {
    expect(warningsSummary(0)).toBe('No scheduling conflicts');
    expect(warningsSummary(1)).toBe('1 scheduling conflict');
    expect(warningsSummary(3)).toBe('3 scheduling conflicts');
  });
});

describe('previewBody', () => {
  it('asks only for a scheduled candidate with a date', () => {
    expect(previewBody({ status: 'draft', scheduledDate: '2031-03-04' })).toBeNull();
    expect(previewBody({ status: 'scheduled', scheduledDate: '' })).toBeNull();
    expect(previewBody({ status: 'scheduled' })).toBeNull();
  });
  it('names a new candidate "new" and keeps an existing id', () => {
    expect(previewBody({ status: 'scheduled', scheduledDate: '2031-03-04' })).toEqual({ id: 'new', audienceId: '', status: 'scheduled', scheduledDate: '2031-03-04' });
    expect(previewBody({ id: 'x', audienceId: 'a1', status: 'scheduled', scheduledDate: '2031-03-04T15:00:00Z' })).toEqual({
      id: 'x',
      audienceId: 'a1',
      status: 'scheduled',
      scheduledDate: '2031-03-04T15:00:00Z',
    });
  });
});

describe('blackouts', () => {
  const audiences = [
    { id: 'a1', name: 'Field Technicians' },
    { id: 'a2', name: 'Managers' },
  ];
  it('names the audiences, or Everyone', () => {
    expect(blackoutAudiences([], audiences)).toBe(EVERYONE);
    expect(blackoutAudiences(null, audiences)).toBe(EVERYONE);
    expect(blackoutAudiences(['a2', 'a1'], audiences)).toBe('Managers, Field Technicians');
    expect(blackoutAudiences(['gone', 'a1'], audiences)).toBe('Field Technicians');
  });
  it('validates the form like the API', () => {
    expect(validateBlackout({ name: ' ', startDate: '', endDate: '', audienceIds: [] })).toEqual({
      name: 'Name is required',
      startDate: 'Start date is required',
      endDate: 'End date is required',
    });
    expect(validateBlackout({ name: 'Freeze', startDate: '2031-12-20', endDate: '2031-12-19', audienceIds: [] })).toEqual({
      endDate: 'End date cannot be before the start date',
    });
    expect(validateBlackout({ name: 'Freeze', startDate: '2031-12-20', endDate: '2031-12-20', audienceIds: [] })).toEqual({});
  });
  it('trims the name in the payload', () => {
    expect(blackoutInput({ name: ' Freeze ', startDate: '2031-12-20', endDate: '2032-01-02', audienceIds: ['a1'] })).toEqual({
      name: 'Freeze',
      startDate: '2031-12-20',
      endDate: '2032-01-02',
      audienceIds: ['a1'],
    });
  });
  it('shows the inclusive range', () => {
    expect(blackoutRange('2031-12-20', '2032-01-02')).toBe('Dec 20, 2031 – Jan 2, 2032');
    expect(blackoutRange('2031-12-20', '2031-12-20')).toBe('Dec 20, 2031');
  });
});

describe('feedUrl', () => {
  it('joins the origin and the path', () => {
    expect(feedUrl('http://127.0.0.1:8080', '/api/calendar/abc.ics')).toBe('http://127.0.0.1:8080/api/calendar/abc.ics');
    expect(feedUrl('https://plan.example/', '/api/calendar/abc.ics')).toBe('https://plan.example/api/calendar/abc.ics');
  });
});

describe('warningCounts', () => {
  it('counts by kind', () => {
    expect(warningCounts([])).toBe('');
    expect(warningCounts([{ kind: 'overload' }])).toBe('1 audience overload');
    expect(warningCounts([{ kind: 'overload' }, { kind: 'blackout' }, { kind: 'overload' }])).toBe('2 audience overloads · 1 blackout conflict');
    expect(warningCounts([{ kind: 'blackout' }, { kind: 'blackout' }])).toBe('2 blackout conflicts');
  });
});
