import { describe, expect, it } from 'vitest';
import { headerFor, navGroups, routes } from './routes';

describe('headerFor', () => {
  it.each([
    ['/', 'Dashboard', 'Overview of your communication planning activities'],
    ['/themes', 'Themes', 'Organize communications around key themes and topics'],
    ['/themes/', 'Themes', 'Organize communications around key themes and topics'],
    ['/assembly', 'Assembly', 'Build communications by selecting themes and questions'],
    ['/business-readiness', 'Business Readiness Checklist', 'Track and manage organizational readiness for the ERP implementation project'],
    ['/nowhere', 'Page', 'Manage your communications'],
  ])('%s', (path, title, subtitle) => {
    expect(headerFor(path)).toEqual({ title, subtitle });
  });
});

describe('navGroups', () => {
  it("groups the spec's eleven routes, and the Employee Directory, by what a planner does, Schedule among the daily screens", () => {
    const spec = routes.filter((r) => !r.adminOnly && !r.personal);
    expect(spec).toHaveLength(12);
    expect(navGroups(spec).map((g) => [g.section, g.items.map((r) => r.label)])).toEqual([
      [null, ['Dashboard', 'Schedule']],
      ['Campaigns', ['Campaign Scheduler', 'Campaign Inventory']],
      ['Content', ['Content Assembler', 'Content Library', 'Themes', 'Questions']],
      ['Audiences & Delivery', ['Audiences', 'Employee Directory', 'Delivery Vehicles']],
      ['Readiness', ['Business Readiness Checklist']],
    ]);
  });

  it('no section is called Dashboard', () => {
    expect(routes.map((r) => r.section)).not.toContain('Dashboard');
  });
});

describe('personal', () => {
  it('My reviews is the one screen listed only for a named person', () => {
    expect(routes.filter((r) => r.personal).map((r) => r.path)).toEqual(['/inbox']);
  });
});

describe('adminOnly', () => {
  it('the People screen is the one listed only for admins', () => {
    expect(routes.filter((r) => r.adminOnly).map((r) => r.path)).toEqual(['/people']);
  });
});
