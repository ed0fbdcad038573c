import {
  Archive,
  Inbox,
  Blocks,
  CalendarDays,
  ClipboardCheck,
  LayoutDashboard,
  Library,
  LogOut,
  MessageCircleQuestion,
  Palette,
  Sparkles,
  Truck,
  UserCog,
  Users,
  Contact,
  type LucideIcon,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { navGroups, routes } from '@/lib/routes';
import { useInbox } from '@/hooks/inbox';
import { useCan, useSession } from '@/hooks/session';

const icons: Record<string, LucideIcon> = {
  '/': LayoutDashboard,
  '/inbox': Inbox,
  '/campaign-scheduler': Sparkles,
  '/campaign-inventory': Archive,
  '/themes': Palette,
  '/questions': MessageCircleQuestion,
  '/audiences': Users,
  '/directory': Contact,
  '/vehicles': Truck,
  '/assembly': Blocks,
  '/content': Library,
  '/schedule': CalendarDays,
  '/business-readiness': ClipboardCheck,
  '/people': UserCog,
};

/** PROGRAMME_BADGE is the programme's name, shown under the brand (the header keeps its row for the page's title). */
export const PROGRAMME_BADGE = 'ERP Implementation';

/** sectionId is the element id of a sidebar section's label. */
function sectionId(section: string): string {
  return `nav-${section.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/**
 * Sidebar is the main navigation, grouped by section; the active route is
 * highlighted. From 768 px it is a column beside the page; below, it is
 * hidden and the header's Menu button opens the same navigation as a drawer
 * (MenuDrawer). Its entries are sized so that the whole list, People
 * last, fits 800 px without scrolling.
 */
export function Sidebar({ onLogout }: { onLogout: () => void }) {
  return (
    <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
      <SidebarContent onLogout={onLogout} />
    </aside>
  );
}

/** SidebarContent is the brand, the grouped navigation and Log out; onNavigate runs after a link is followed (the drawer closes). */
export function SidebarContent({ onLogout, onNavigate }: { onLogout: () => void; onNavigate?: () => void }) {
  const admin = useCan('people.manage');
  const sessionId = useSession().data?.id;
  // The shared access code is no person: it has no inbox.
  const person = !!sessionId && sessionId !== 'shared';
  const unread = useInbox(person).data?.unread ?? 0;
  return (
    <>
      <div className="flex items-center gap-2 border-b border-slate-200 px-5 py-3">
        <div className="flex h-8 w-8 items-center justify-center rounded-md bg-blue-700 font-bold text-white" aria-hidden="true">
          C
        </div>
        <div>
          <p className="text-sm font-semibold text-slate-900">CommsPlan</p>
          <p className="text-xs text-slate-600">Communications Planning</p>
          <Badge variant="secondary" className="mt-1 whitespace-nowrap border border-slate-300" data-testid="programme-badge">
            {PROGRAMME_BADGE}
          </Badge>
        </div>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-3">
        {navGroups(routes.filter((r) => (admin || !r.adminOnly) && (person || !r.personal))).map((g) => (
          <div key={g.section ?? 'root'} className="mb-3 last:mb-0">
            {/* Section names label their lists rather than being headings, so every screen's outline starts at its h1. */}
            {g.section && (
              <p id={sectionId(g.section)} className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
                {g.section}
              </p>
            )}
            <ul className="grid gap-0.5" aria-labelledby={g.section ? sectionId(g.section) : undefined}>
              {g.items.map((r) => {
                const Icon = icons[r.path] ?? LayoutDashboard;
                return (
                  <li key={r.path}>
                    <NavLink
                      to={r.path}
                      end
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        cn(
                          'flex items-center gap-2 rounded-md px-2 py-1 text-sm transition-colors',
                          isActive ? 'bg-blue-50 font-medium text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                        )
                      }
                    >
                      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                      {r.label}
                      {r.path === '/inbox' && unread > 0 && (
                        <span className="ml-auto rounded-full bg-blue-700 px-2 text-xs font-semibold text-white" data-testid="inbox-count">
                          {unread}
                          <span className="sr-only"> unread</span>
                        </span>
                      )}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="border-t border-slate-200 p-2">
        <button
          type="button"
          onClick={onLogout}
          className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Log out
        </button>
      </div>
    </>
  );
}
