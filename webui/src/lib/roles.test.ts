import { describe, expect, it } from 'vitest';
import type { JobTitle } from './types';
import { divisionBadges, filterRoles, rolesCaption, visibleBadges } from './roles';

const roles: Pick<JobTitle, 'jobTitle' | 'divisions' | 'divisionBreakdown'>[] = [
  { jobTitle: 'FA/LV Installer', divisions: ['SFB - California', 'TFS - Florida', 'Unknown', 'ATF - Georgia'], divisionBreakdown: { 'SFB - California': 20, 'TFS - Florida': 12, Unknown: 1, 'ATF - Georgia': 9 } },
  { jobTitle: 'Sprinkler Fitter C2', divisions: ['LAF - California'], divisionBreakdown: { 'LAF - California': 81 } },
  { jobTitle: 'Service Coordinator 2', divisions: ['TFS - Florida', 'Corporate'], divisionBreakdown: { 'TFS - Florida': 60, Corporate: 9 } },
];

describe('filterRoles', () => {
  it.each([
    ['', '', 3],
    ['installer', '', 1],
    ['FITTER', '', 1],
    ['', 'california', 2],
    ['', 'florida', 2],
    ['coordinator', 'florida', 1],
    ['coordinator', 'california', 0],
    ['  ', '  ', 3],
  ])('search %j and division %j keep %d', (search, division, n) => {
    expect(filterRoles(roles, search, division)).toHaveLength(n);
  });
});

describe('division badges', () => {
  it('orders by head count, largest first', () => {
    expect(divisionBadges(roles[0]).map((b) => `${b.label} (${b.count})`)).toEqual(['SFB - California (20)', 'TFS - Florida (12)', 'ATF - Georgia (9)', 'Unknown (1)']);
  });

  it('shows 3 and hides the rest until expanded', () => {
    const badges = divisionBadges(roles[0]);
    expect(visibleBadges(badges, false)).toMatchObject({ hidden: 1 });
    expect(visibleBadges(badges, false).shown).toHaveLength(3);
    expect(visibleBadges(badges, true)).toMatchObject({ hidden: 0 });
    expect(visibleBadges(badges, true).shown).toHaveLength(4);
    expect(visibleBadges(divisionBadges(roles[2]), false)).toMatchObject({ hidden: 0 });
  });

  it('captions the table', () => {
    expect(rolesCaption(12, 241)).toBe('Showing 12 of 241 authentic job titles');
  });
});
