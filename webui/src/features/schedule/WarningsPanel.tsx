import { AlertTriangle, CheckCircle2, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { WarningList } from '@/components/communications/WarningList';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { WARNINGS_SHOWN, warningCounts, warningsSummary } from '@/lib/planning';
import type { ScheduleWarning } from '@/lib/types';

/** COLLAPSED_KEY remembers, in this browser, whether the planner opened the panel or folded it away. */
const COLLAPSED_KEY = 'commsplan.schedule.warningsCollapsed';

// Folded unless the planner opened it: the calendar stays above the fold.
function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) !== '0';
  } catch {
    return true;
  }
}

/**
 * WarningsPanel summarises the plan's overload and blackout warnings on the
 * Schedule screen: the counts by kind, the first WARNINGS_SHOWN and "Show
 * all" (the rest scroll inside the panel, so the calendar stays in view).
 * Each names its communications, which open on click. It starts folded to
 * a count badge that opens it (a month after a large import has dozens,
 * which would push the calendar below the fold), and stays as the planner
 * left it on the next visit. With no warnings it shows one quiet line.
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
  if (collapsed) {
    return (
      <section aria-labelledby="schedule-warnings-title" data-testid="warnings-panel" data-collapsed="true" className="flex min-w-0 flex-wrap items-center gap-2">
        <h2 id="schedule-warnings-title" className="text-sm font-semibold text-slate-900">
          <button
            type="button"
            aria-expanded={false}
            aria-controls="schedule-warnings-body"
            onClick={toggle}
            className="inline-flex items-center gap-1.5 rounded-full border border-amber-500 bg-amber-50 px-3 py-1 text-amber-950 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            <AlertTriangle className="h-4 w-4" aria-hidden="true" />
            Scheduling Warnings
            <span className="rounded-full bg-amber-800 px-1.5 text-xs font-bold text-white" data-testid="warnings-badge">
              {warnings.length}
            </span>
          </button>
        </h2>
        <p className="text-xs text-slate-700" data-testid="warnings-counts">
          {warningCounts(warnings)}
        </p>
      </section>
    );
  }
  return (
    <Card data-testid="warnings-panel" data-collapsed="false">
      <section aria-labelledby="schedule-warnings-title">
        <CardHeader>
          <h2 id="schedule-warnings-title" className="text-base font-semibold leading-tight text-slate-900">
            <button
              type="button"
              aria-expanded
              aria-controls="schedule-warnings-body"
              onClick={toggle}
              className="inline-flex items-center gap-1 rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              <ChevronDown className="h-4 w-4" aria-hidden="true" />
              Scheduling Warnings
            </button>
          </h2>
          <p className="text-sm text-slate-600" data-testid="warnings-counts">
            {warningsSummary(warnings.length)}: {warningCounts(warnings)}. Warnings never block a save.
          </p>
        </CardHeader>
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
      </section>
    </Card>
  );
}
