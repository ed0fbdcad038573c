// The route table of spec 01 §2: sidebar sections, labels and header texts
// (the sections regrouped, see routes).

/** RouteInfo describes one screen of the app. */
export interface RouteInfo {
  path: string;
  section: string | null;
  label: string;
  title: string;
  subtitle: string;
  /** adminOnly screens are listed only for a role that may manage people. */
  adminOnly?: boolean;
  /** personal screens are listed only for a named person (not the shared access code). */
  personal?: boolean;
}

/**
 * routes lists every screen in sidebar order. The spec's sections are
 * regrouped by what a planner does (docs/decisions.md, "Sidebar"): the
 * daily screens first, then campaigns, content, who is reached and how,
 * readiness, administration; short enough that People shows at 1280×800.
 */
export const routes: RouteInfo[] = [
  { path: '/', section: null, label: 'Dashboard', title: 'Dashboard', subtitle: 'Overview of your communication planning activities' },
  { path: '/schedule', section: null, label: 'Schedule', title: 'Schedule', subtitle: 'Plan and schedule your communications timeline' },
  {
    path: '/inbox',
    section: null,
    label: 'My reviews',
    title: 'My reviews',
    subtitle: 'Reviews asked of you, decisions on your requests, and comments that mention you',
    personal: true,
  },
  {
    path: '/campaign-scheduler',
    section: 'Campaigns',
    label: 'Campaign Scheduler',
    title: 'Campaign Scheduler',
    subtitle: 'Strategic campaign planning for organizational transformation',
  },
  {
    path: '/campaign-inventory',
    section: 'Campaigns',
    label: 'Campaign Inventory',
    title: 'Campaign Inventory',
    subtitle: 'Manage and review generated campaign schedules',
  },
  { path: '/assembly', section: 'Content', label: 'Content Assembler', title: 'Assembly', subtitle: 'Build communications by selecting themes and questions' },
  {
    path: '/content',
    section: 'Content',
    label: 'Content Library',
    title: 'Content Library',
    subtitle: 'Manage all your content pieces and their associations',
  },
  { path: '/themes', section: 'Content', label: 'Themes', title: 'Themes', subtitle: 'Organize communications around key themes and topics' },
  { path: '/questions', section: 'Content', label: 'Questions', title: 'Questions', subtitle: 'Define questions that guide your content creation' },
  { path: '/audiences', section: 'Audiences & Delivery', label: 'Audiences', title: 'Audiences', subtitle: 'Manage your communication audiences and segments' },
  {
    path: '/directory',
    section: 'Audiences & Delivery',
    label: 'Employee Directory',
    title: 'Employee Directory',
    subtitle: 'The people your communications reach, imported from HR',
  },
  {
    path: '/vehicles',
    section: 'Audiences & Delivery',
    label: 'Delivery Vehicles',
    title: 'Delivery Vehicles',
    subtitle: 'Configure how your communications are delivered',
  },
  {
    path: '/business-readiness',
    section: 'Readiness',
    label: 'Business Readiness Checklist',
    title: 'Business Readiness Checklist',
    // Spec 01's route table says ERP (spec 02 says SAP); the shell follows spec 01.
    subtitle: 'Track and manage organizational readiness for the ERP implementation project',
  },
  { path: '/people', section: 'Administration', label: 'People', title: 'People', subtitle: 'Who can sign in, and what their role lets them do', adminOnly: true },
];

/** headerFor gives the header title and subtitle of a path; unknown paths get the spec's fallback. */
export function headerFor(pathname: string): { title: string; subtitle: string } {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const r = routes.find((x) => x.path === normalized);
  return r ? { title: r.title, subtitle: r.subtitle } : { title: 'Page', subtitle: 'Manage your communications' };
}

/** NavGroup is one sidebar section with its entries. */
export interface NavGroup {
  section: string | null;
  items: RouteInfo[];
}

/** navGroups groups the routes by sidebar section, keeping first-seen order. */
export function navGroups(list: RouteInfo[] = routes): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const r of list) {
    let g = groups.find((x) => x.section === r.section);
    if (!g) {
      g = { section: r.section, items: [] };
      groups.push(g);
    }
    g.items.push(r);
  }
  return groups;
}
