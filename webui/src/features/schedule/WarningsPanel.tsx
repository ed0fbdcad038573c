import { CheckCircle2, ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { WarningList } from '@/components/communications/WarningList';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { WARNINGS_SHOWN, warningCounts, warningsSummary } from '@/lib/planning';
import type { ScheduleWarning } from '@/lib/types';

/** COLLAPSED_KEY remembers, in this browser, whether the planner folded the panel away. */
const COLLAPSED_KEY = 'commsplan.schedule.warningsCollapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * WarningsPanel summarises the plan's overload and blackout warnings on the
 * Schedule screen: the counts by kind, the first WARNINGS_SHOWN and "Show
 * all" (the rest scroll inside the panel, so the calendar stays in view).
 * Each names its communications, which open on click. It folds away, and
 * stays folded on the next visit. With no warnings it shows one quiet line.
 */
export function WarningsPanel({ warnings, onOpen }: { warnings: ScheduleWarning[]; onOpen: (id: string) => void }) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [all, setAll] = useState(false);
  if (warnings.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="warnings-panel">
        <CheckCircle2 className="h-4 w-4 text-green-700" aria-hidden="true" />
        {warningsSummary(0)}
      </p>
    );
  }
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      window.localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  };
  const shown = all ? warnings : warnings.slice(0, WARNINGS_SHOWN);
  return (
    <Card data-testid="warnings-panel" data-collapsed={collapsed}>
      <section aria-labelledby="schedule-warnings-title">
        <CardHeader className={collapsed ? 'pb-5' : undefined}>
          <h2 id="schedule-warnings-title" className="text-base font-semibold leading-tight text-slate-900">
            <button
              type="button"
              aria-expanded={!collapsed}
              aria-controls="schedule-warnings-body"
              onClick={toggle}
              className="inline-flex items-center gap-1 rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              {collapsed ? <ChevronRight className="h-4 w-4" aria-hidden="true" /> : <ChevronDown className="h-4 w-4" aria-hidden="true" />}
              Scheduling Warnings
            </button>
          </h2>
          <p className="text-sm text-slate-600" data-testid="warnings-counts">
            {warningsSummary(warnings.length)}: {warningCounts(warnings)}. Warnings never block a save.
          </p>
        </CardHeader>
        {!collapsed && (
          <CardContent id="schedule-warnings-body">
            <div className={all ? 'max-h-80 overflow-y-auto pr-1' : 'max-h-56 overflow-y-auto pr-1'}>
              <WarningList warnings={shown} onOpen={onOpen} />
            </div>
            {warnings.length > WARNINGS_SHOWN && (
              <Button variant="outline" size="sm" className="mt-3" onClick={() => setAll(!all)}>
                {all ? `Show the first ${WARNINGS_SHOWN}` : `Show all ${warnings.length}`}
              </Button>
            )}
          </CardContent>
        )}
      </section>
    </Card>
  );
}
