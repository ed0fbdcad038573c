import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  configOf,
  divisionsFor,
  emptyForm,
  employeeTarget,
  endDateNote,
  markerRadius,
  previewList,
  priorityClass,
  relevantMAActivities,
  roleGroupsFor,
  toggle,
  urgencyText,
  type MAActivityRef,
  type SchedulerReference,
  type Selection,
} from './scheduler';

// The organisation dataset the server embeds, and the target vectors the Go
// test (pkg/campaign TestEmployeeTargetVectors) runs through the generator.
const dataset = JSON.parse(readFileSync(new URL('../../../pkg/orgdata/data/dataset.json', import.meta.url), 'utf8'));
const ref: SchedulerReference = {
  locations: dataset.locations,
  divisions: dataset.divisions,
  orgLevels: dataset.levels,
  roleGroups: dataset.roleGroups,
};
const vectors: (Selection & { name: string; want: string })[] = JSON.parse(
  readFileSync(new URL('../../../testdata/campaign/targets.json', import.meta.url), 'utf8'),
);

describe('employeeTarget', () => {
  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    expect(employeeTarget(ref, v)).toBe(v.want);
  });

  it('reads the three texts of spec 02 §9', () => {
    expect(employeeTarget(ref, { audienceMode: 'general' })).toBe('No segments selected');
    expect(employeeTarget(ref, { audienceMode: 'general', audiences: ['managers'] })).toBe('Multiple segments');
    expect(employeeTarget(ref, { audienceMode: 'organizational', locations: ['california'] })).toBe('~500 employees');
    // Audiences do not count in organisational mode.
    expect(employeeTarget(ref, { audienceMode: 'organizational', audiences: ['managers'] })).toBe('No segments selected');
  });
});

describe('divisionsFor', () => {
  const divs = [
    { id: 'a', location: 'texas' },
    { id: 'b', location: 'florida' },
    { id: 'c', location: 'texas' },
  ];
  it('keeps the divisions of the chosen locations, in order', () => {
    expect(divisionsFor(divs, ['texas']).map((d) => d.id)).toEqual(['a', 'c']);
    expect(divisionsFor(divs, ['florida', 'texas']).map((d) => d.id)).toEqual(['a', 'b', 'c']);
  });
  it('offers every division when no location is chosen', () => {
    expect(divisionsFor(divs, [])).toHaveLength(3);
  });
  it('filters the dataset: California has 5 divisions', () => {
    expect(divisionsFor(dataset.divisions as { id: string; location: string }[], ["california"]).map((d) => d.id)).toEqual(['sfb', 'laf', 'gwl', 'pcs', 'sds']);
  });
});

describe('roleGroupsFor', () => {
  const groups = [{ id: 'exec' }, { id: 'fire' }, { id: 'sprinkler' }, { id: 'hr' }];
  const by = { d1: ['exec', 'fire'], d2: ['exec', 'sprinkler'], d3: [] };
  it('offers the union of the chosen divisions, in group order', () => {
    expect(roleGroupsFor(groups, by, ['d2', 'd1']).map((g) => g.id)).toEqual(['exec', 'fire', 'sprinkler']);
    expect(roleGroupsFor(groups, by, ['d1']).map((g) => g.id)).toEqual(['exec', 'fire']);
  });
  it('offers every group when no division is chosen', () => {
    expect(roleGroupsFor(groups, by, [])).toHaveLength(4);
  });
  it('offers nothing for a division with no groups, or an unknown one', () => {
    expect(roleGroupsFor(groups, by, ['d3', 'nope'])).toEqual([]);
  });
});

describe('M&A preview', () => {
  const all: MAActivityRef[] = [
    { title: 'Leadership', priority: 'high', maturityPhases: ['newly-acquired', 'mixed-maturity'] },
    { title: 'Welcome', priority: 'high', maturityPhases: ['newly-acquired'] },
    { title: 'Benefits', priority: 'high', maturityPhases: ['integrating'] },
    { title: 'Board', priority: 'high', preAcquisitionPhase: 'strategic-assessment' },
    { title: 'Diligence', priority: 'high', preAcquisitionPhase: 'due-diligence' },
  ];
  it('includes an activity when any of its maturity phases is chosen', () => {
    expect(relevantMAActivities(all, ['newly-acquired'], []).map((a) => a.title)).toEqual(['Leadership', 'Welcome']);
    expect(relevantMAActivities(all, ['mixed-maturity', 'integrating'], []).map((a) => a.title)).toEqual(['Leadership', 'Benefits']);
  });
  it('includes pre-acquisition activities only with the pre-acquisition maturity phase', () => {
    expect(relevantMAActivities(all, [], ['due-diligence'])).toEqual([]);
    expect(relevantMAActivities(all, ['pre-acquisition'], ['due-diligence']).map((a) => a.title)).toEqual(['Diligence']);
  });
  it('shows the first 3, then "and N more"', () => {
    expect(previewList([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 'and 2 more' });
    expect(previewList([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: null });
    expect(previewList([])).toEqual({ shown: [], more: null });
  });
});

describe('small rules', () => {
  it('writes the urgency labels of spec 02 §9', () => {
    expect(urgencyText({ id: 'low', label: 'Low', description: 'Standard timeline' })).toBe('Low (standard timeline)');
    expect(urgencyText({ id: 'high', label: 'High', description: 'Urgent deployment' })).toBe('High (urgent deployment)');
  });
  it('toggles ids', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });
  it('notes a moved end date only for technology implementations', () => {
    const show = (s: string) => `<${s}>`;
    expect(endDateNote(['technology-implementation'], '2025-03-01', '2025-05-30', show)).toBe(
      'End date set to go-live + 90 days: <2025-05-30>',
    );
    expect(endDateNote(['technology-implementation'], '2025-05-30', '2025-05-30', show)).toBeNull();
    expect(endDateNote(['change-management'], '2025-03-01', '2025-05-30', show)).toBeNull();
  });
  it('sizes markers by head count', () => {
    expect(markerRadius(0, 500)).toBe(10);
    expect(markerRadius(500, 500)).toBe(40);
    expect(markerRadius(125, 500)).toBe(25);
  });
  it('colours priorities: high green, medium blue, low and unknown grey', () => {
    expect(priorityClass('high')).toContain('green');
    expect(priorityClass('medium')).toContain('blue');
    expect(priorityClass('low')).toContain('gray');
    expect(priorityClass('urgent')).toContain('gray');
  });
});

describe('configOf', () => {
  const form = {
    ...emptyForm,
    campaignName: 'X',
    startDate: '2025-01-01',
    endDate: '2025-02-01',
    campaignTypes: ['change-management'],
    audiences: ['managers'],
    maturityPhases: ['pre-acquisition'],
    preAcquisitionPhases: ['due-diligence'],
    locations: ['texas'],
    divisions: ['hfs'],
  };
  it('sends only the general-mode audiences in general mode', () => {
    const c = configOf(form);
    expect(c.audiences).toEqual(['managers']);
    expect([c.locations, c.divisions, c.maturityPhases, c.preAcquisitionPhases]).toEqual([[], [], [], []]);
    expect(c.urgency).toBe('medium');
  });
  it('sends the organisational lists, and M&A phases only with M&A integration', () => {
    const org = configOf({ ...form, audienceMode: 'organizational' });
    expect(org.audiences).toEqual([]);
    expect(org.locations).toEqual(['texas']);
    expect(org.divisions).toEqual(['hfs']);
    expect(org.maturityPhases).toEqual([]);
    const ma = configOf({ ...form, audienceMode: 'organizational', campaignTypes: ['ma-integration'] });
    expect(ma.maturityPhases).toEqual(['pre-acquisition']);
    expect(ma.preAcquisitionPhases).toEqual(['due-diligence']);
    const noPre = configOf({ ...form, audienceMode: 'organizational', campaignTypes: ['ma-integration'], maturityPhases: ['integrating'] });
    expect(noPre.preAcquisitionPhases).toEqual([]);
  });
  it('leaves blank optional dates out', () => {
    const c = configOf(form);
    expect(c.goLiveDate).toBeUndefined();
    expect(c.acquisitionDate).toBeUndefined();
    expect(c.audienceType).toBeUndefined();
  });
});
