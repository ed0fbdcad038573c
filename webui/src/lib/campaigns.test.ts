import { describe, expect, it } from 'vitest';
import {
  activityFromForm,
  activityValues,
  addActivity,
  deleteActivity,
  emptyActivity,
  locationCount,
  MSG_ACTIVITY_DATE,
  MSG_ACTIVITY_PRIORITY,
  MSG_ACTIVITY_STATUS,
  nextActivityId,
  peopleCount,
  sanitizeTitle,
  savedFileName,
  scheduleFileName,
  shortDate,
  statusLabel,
  updateActivity,
  validateActivity,
  type ActivityFormValues,
  type CampaignActivity,
  type CampaignSchedule,
} from './campaigns';

function act(id: string, phase: string, title = id): CampaignActivity {
  return {
    id,
    title,
    type: 'announcement',
    timing: 'Day 1',
    date: '2031-03-01',
    audience: 'All employees',
    channel: 'email',
    description: `${title} details`,
    priority: 'medium',
    status: 'planned',
    phase,
  };
}

function schedule(): CampaignSchedule {
  const a1 = act('activity-1', 'Preparation');
  const a2 = act('activity-2', 'Preparation');
  const a3 = act('activity-3', 'Launch');
  return {
    id: 'campaign-1',
    name: 'ERP',
    campaignName: 'ERP',
    startDate: '2031-03-01',
    endDate: '2031-04-01',
    type: 'Technology Implementation',
    status: 'draft',
    totalActivities: 3,
    phases: [
      { id: 'phase-1', name: 'Preparation', description: '', duration: '4 days', activities: [a1, a2], confidentiality: '' },
      { id: 'phase-2', name: 'Launch', description: '', duration: '7 days', activities: [a3], confidentiality: '' },
      { id: 'phase-3', name: 'Engagement', description: '', duration: '10 days', activities: null, confidentiality: '' },
    ],
    activities: [a1, a2, a3],
    timeline: [
      { phase: 'Phase 1: Preparation', activities: 2, timing: 'Days 1-4', startDay: 1, endDay: 4 },
      { phase: 'Phase 2: Launch', activities: 1, timing: 'Days 5-11', startDay: 5, endDay: 11 },
      { phase: 'Phase 3: Engagement', activities: 0, timing: 'Days 12-21', startDay: 12, endDay: 21 },
    ],
    summary: '',
    confidentialityNote: '',
  };
}

/** consistent checks the invariant of spec 02 §4: total = flat list = sum over phases = sum over timeline. */
function expectConsistent(s: CampaignSchedule) {
  const inPhases = (s.phases ?? []).flatMap((p) => p.activities ?? []);
  expect(s.totalActivities).toBe(s.activities?.length);
  expect(inPhases.length).toBe(s.totalActivities);
  expect((s.timeline ?? []).reduce((n, t) => n + t.activities, 0)).toBe(s.totalActivities);
  expect(new Set(inPhases.map((a) => a.id))).toEqual(new Set((s.activities ?? []).map((a) => a.id)));
}

describe('local edit rules', () => {
  it('adds to the phase and the flat list, with a fresh id, the phase name and one more in the total', () => {
    const s = schedule();
    const next = addActivity(s, 'phase-3', { ...act('', ''), title: 'Town hall' });
    expect(next.totalActivities).toBe(4);
    const added = next.phases![2].activities![0];
    expect(added).toMatchObject({ id: 'activity-4', title: 'Town hall', phase: 'Engagement' });
    expect(next.activities![3]).toEqual(added);
    expect(next.timeline![2].activities).toBe(1);
    expectConsistent(next);
    expect(s.totalActivities).toBe(3); // the input is not changed
    expect(s.phases![2].activities).toBeNull();
  });

  it('never reuses an id', () => {
    const s = schedule();
    expect(addActivity(s, 'phase-1', act('activity-2', '')).phases![0].activities![2].id).toBe('activity-4');
    s.activities!.push(act('activity-9', 'Launch'));
    s.phases![1].activities!.push(act('activity-9', 'Launch'));
    s.totalActivities = 4;
    expect(nextActivityId(s)).toBe('activity-10');
  });

  it('ignores an unknown phase', () => {
    const s = schedule();
    expect(addActivity(s, 'phase-9', act('x', ''))).toBe(s);
  });

  it('replaces an edited activity in both places and keeps its phase', () => {
    const s = schedule();
    const next = updateActivity(s, { ...act('activity-3', 'ignored'), title: 'Launch email', priority: 'high' });
    expect(next.phases![1].activities![0]).toMatchObject({ title: 'Launch email', priority: 'high', phase: 'Launch' });
    expect(next.activities![2]).toMatchObject({ title: 'Launch email', priority: 'high', phase: 'Launch' });
    expect(next.totalActivities).toBe(3);
    expectConsistent(next);
  });

  it('deletes from the flat list and its phase and decrements the total', () => {
    const next = deleteActivity(schedule(), 'activity-1');
    expect(next.totalActivities).toBe(2);
    expect(next.phases![0].activities!.map((a) => a.id)).toEqual(['activity-2']);
    expect(next.activities!.map((a) => a.id)).toEqual(['activity-2', 'activity-3']);
    expect(next.timeline![0].activities).toBe(1);
    expectConsistent(next);
    expect(deleteActivity(next, 'nope').totalActivities).toBe(2);
  });

  it('keeps the invariant over a sequence of edits', () => {
    let s = schedule();
    s = addActivity(s, 'phase-2', act('', ''));
    s = addActivity(s, 'phase-2', act('', ''));
    s = deleteActivity(s, 'activity-1');
    s = updateActivity(s, { ...s.activities![0], title: 'Changed' });
    s = deleteActivity(s, 'activity-5');
    expect(s.totalActivities).toBe(3);
    expectConsistent(s);
  });
});

describe('activity form', () => {
  const valid: ActivityFormValues = activityValues(act('activity-1', 'Preparation'));

  it('defaults to planned and medium', () => {
    expect(emptyActivity()).toMatchObject({ status: 'planned', priority: 'medium', title: '' });
  });

  it('requires every field with the spec message', () => {
    expect(validateActivity(emptyActivity())).toEqual({
      title: 'Title is required',
      type: 'Type is required',
      timing: 'Timing is required',
      date: 'Date is required',
      audience: 'Audience is required',
      channel: 'Channel is required',
      description: 'Description is required',
    });
    expect(validateActivity({ ...valid, title: '   ' })).toEqual({ title: 'Title is required' });
    expect(validateActivity(valid)).toEqual({});
  });

  it('checks the date, priority and status like the server', () => {
    expect(validateActivity({ ...valid, date: 'Mar 1' })).toEqual({ date: MSG_ACTIVITY_DATE });
    expect(validateActivity({ ...valid, date: '2031-02-30' })).toEqual({ date: MSG_ACTIVITY_DATE });
    expect(validateActivity({ ...valid, priority: 'urgent' })).toEqual({ priority: MSG_ACTIVITY_PRIORITY });
    expect(validateActivity({ ...valid, status: 'done' })).toEqual({ status: MSG_ACTIVITY_STATUS });
    for (const status of ['planned', 'in-progress', 'completed', 'cancelled']) {
      expect(validateActivity({ ...valid, status, priority: 'low' })).toEqual({});
    }
  });

  it('builds a trimmed activity and keeps the base fields', () => {
    const base = { ...act('activity-7', 'Launch'), confidentiality: 'Deal team only' };
    const a = activityFromForm({ ...valid, title: '  Kickoff  ' }, base);
    expect(a).toMatchObject({ id: 'activity-7', phase: 'Launch', title: 'Kickoff', confidentiality: 'Deal team only' });
    expect(activityFromForm(valid).id).toBe('');
  });

  it('names the statuses', () => {
    expect(statusLabel('in-progress')).toBe('In progress');
    expect(statusLabel('planned')).toBe('Planned');
  });
});

describe('file names', () => {
  // The examples of pkg/campaign TestFileNames.
  it.each([
    ['Q3 ERP Go-Live!', 'q3_erp_go_live__campaign_schedule.html'],
    ['', 'campaign_campaign_schedule.html'],
    ['../../etc/passwd', '______etc_passwd_campaign_schedule.html'],
    ['Über Plan', '_ber_plan_campaign_schedule.html'],
  ])('%j gives %s', (title, want) => {
    expect(scheduleFileName(title)).toBe(want);
  });

  it('names a saved campaign', () => {
    expect(savedFileName('Integration Wave 2')).toBe('integration_wave_2_campaign.html');
    expect(sanitizeTitle('  !!! ')).toBe('campaign');
    expect(sanitizeTitle('  Trim me ')).toBe('trim_me');
  });
});

describe('display', () => {
  it('shows en-US short dates from ISO dates and instants', () => {
    expect(shortDate('2031-03-04')).toBe('Mar 4, 2031');
    expect(shortDate('')).toBe('');
  });

  it('shows the people and location counts', () => {
    expect(peopleCount({ audienceFilters: null })).toBe('Unknown');
    expect(peopleCount({ audienceFilters: { targetCount: null } as never })).toBe('Unknown');
    expect(peopleCount({ audienceFilters: { targetCount: 1250 } as never })).toBe('1,250 people');
    expect(locationCount({ geographicFilters: null })).toBe('0 locations');
    expect(locationCount({ geographicFilters: ['a'] })).toBe('1 location');
    expect(locationCount({ geographicFilters: ['a', 'b', 'c'] })).toBe('3 locations');
  });
});
