import { describe, expect, it } from 'vitest';
import { ALL_EMPLOYEES_ID, allEmployees, audienceSummary, filterAudiences, newAudience, placeOf, withAllEmployees } from './audiences';
import type { Audience } from './types';

function aud(name: string, contactCount: number | string, extra: Partial<Audience> = {}): Audience {
  return {
    id: name,
    name,
    description: '',
    contactCount,
    roles: [],
    orgLevels: [],
    divisions: [],
    targetingScope: 'organization',
    departments: [],
    locations: [],
    employeeTypes: [],
    audienceType: 'general',
    createdAt: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

const list = [aud('SFB - California', 142), aud('LAF - California', '121'), aud('TFS - Florida', 90, { audienceType: 'direct-affected', roles: ['Installer'] }), aud('Corporate', 40)];

describe('placeOf', () => {
  it.each([
    ['SFB - California', 'California'],
    ['ASF - New Jersey', 'New Jersey'],
    ['Corporate', ''],
    ['HR Services', ''],
  ])('%s is in %j', (name, place) => {
    expect(placeOf(name)).toBe(place);
  });
});

describe('allEmployees', () => {
  it('sums contacts, lists divisions and distinct places', () => {
    const all = allEmployees(list);
    expect(all.id).toBe(ALL_EMPLOYEES_ID);
    expect(all.name).toBe('All Employees');
    expect(all.contactCount).toBe(393);
    expect(all.divisions).toEqual(['SFB - California', 'LAF - California', 'TFS - Florida', 'Corporate']);
    expect(all.locations).toEqual(['California', 'Florida']);
    expect(all.audienceType).toBe('general');
    expect(all.targetingScope).toBe('organization');
    expect(all.description).toBe('Combined grouping of all employees from 4 divisions totaling 393 employees');
  });

  it('formats large totals with thousands separators', () => {
    expect(allEmployees([aud('A - Texas', 1500), aud('B - Texas', 433)]).description).toBe('Combined grouping of all employees from 2 divisions totaling 1,933 employees');
  });

  it('counts unreadable contact counts as 0', () => {
    expect(allEmployees([aud('A', 'n/a'), aud('B', 5)]).contactCount).toBe(5);
  });
});

describe('filterAudiences and withAllEmployees', () => {
  it.each([
    [{}, 4],
    [{ audienceType: 'direct-affected' }, 1],
    [{ name: 'laf' }, 1],
    [{ role: 'installer' }, 1],
    [{ place: 'california' }, 2],
    [{ place: 'Texas' }, 0],
  ])('filter %j keeps %d', (f, n) => {
    expect(filterAudiences(list, f)).toHaveLength(n);
  });

  it('builds All Employees from the filtered audiences only', () => {
    const got = withAllEmployees(list, { place: 'California' });
    expect(got.map((a) => a.name)).toEqual(['All Employees', 'SFB - California', 'LAF - California']);
    expect(got[0].contactCount).toBe(263);
  });

  it('adds nothing to an empty list', () => {
    expect(withAllEmployees([])).toEqual([]);
  });
});

describe('audienceSummary', () => {
  it.each([
    [1, 1933, 'Acme', '1 audience · 1,933 total employees at Acme'],
    [2, 10, 'Acme', '2 audiences · 10 total employees at Acme'],
    [0, 0, 'Acme', '0 audiences · 0 total employees at Acme'],
  ])('%d audiences', (n, total, company, want) => {
    expect(audienceSummary(n, total, company)).toBe(want);
  });
});

describe('newAudience', () => {
  it('sends the other fields at their defaults', () => {
    expect(newAudience({ name: ' Corporate ', description: 'HQ', contactCount: 12 })).toEqual({
      name: 'Corporate',
      description: 'HQ',
      contactCount: 12,
      roles: [],
      orgLevels: [],
      divisions: [],
      targetingScope: 'organization',
      departments: [],
      locations: [],
      employeeTypes: [],
      audienceType: 'general',
      greeting: '',
    });
    expect(newAudience({ name: 'Worcester', description: '', contactCount: 0, greeting: ' Worcester crew ' }).greeting).toBe('Worcester crew');
  });

  it('targets a known division and its location', () => {
    const got = newAudience({ name: 'SFB - California', description: '', contactCount: 0 }, [{ label: 'SFB - California', location: 'california' }]);
    expect(got.divisions).toEqual(['SFB - California']);
    expect(got.locations).toEqual(['california']);
  });
});
