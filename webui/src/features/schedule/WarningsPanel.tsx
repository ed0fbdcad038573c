import { AlertTriangle, CalendarOff, CheckCircle2 } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatShortDate } from '@/lib/dates';
import { warningKey, warningsSummary, warningTitle } from '@/lib/planning';
import type { Communication, ScheduleWarning } from '@/lib/types';

/** WarningList lists warnings, each naming its communications (as buttons when onOpen is given). */
export function WarningList({
  warnings,
  communications,
  onOpen,
}: {
  warnings: ScheduleWarning[];
  communications: Pick<Communication, 'id' | 'title' | 'scheduledDate'>[];
  onOpen?: (id: string) => void;
}) {
  const byId = new Map(communications.map((c) => [c.id, c]));
  return (
    <ul className="grid gap-3">
      {warnings.map((w) => {
        const named = w.communicationIds.map((id) => byId.get(id)).filter((c): c is NonNullable<typeof c> => !!c);
        const Icon = w.kind === 'overload' ? AlertTriangle : CalendarOff;
        return (
          <li key={warningKey(w)} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="schedule-warning" data-kind={w.kind}>
            <p className="flex items-start gap-2 font-medium">
              <Icon className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
              <span>{warningTitle(w)}</span>
            </p>
            {named.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-1.5 pl-6" aria-label="Communications">
                {named.map((c) => {
                  const label = `${c.title}${c.scheduledDate ? ` (${formatShortDate(c.scheduledDate)})` : ''}`;
                  return (
                    <li key={c.id}>
                      {onOpen ? (
                        <button
                          type="button"
                          onClick={() => onOpen(c.id)}
                          className="rounded border border-amber-300 bg-white px-2 py-0.5 text-xs text-slate-900 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                        >
                          {label}
                        </button>
                      ) : (
                        <span className="rounded border border-amber-200 bg-white px-2 py-0.5 text-xs text-slate-900">{label}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * WarningsPanel lists the plan's overload and blackout warnings on the
 * Schedule screen; each names its communications, which open on click.
 * With no warnings it shows one quiet line.
 */
export function WarningsPanel({
  warnings,
  communications,
  onOpen,
}: {
  warnings: ScheduleWarning[];
  communications: Communication[];
  onOpen: (id: string) => void;
}) {
  if (warnings.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="warnings-panel">
        <CheckCircle2 className="h-4 w-4 text-green-700" aria-hidden="true" />
        {warningsSummary(0)}
      </p>
    );
  }
  return (
    <Card data-testid="warnings-panel">
      <section aria-labelledby="schedule-warnings-title">
        <CardHeader>
          <h2 id="schedule-warnings-title" className="text-base font-semibold leading-tight text-slate-900">
            Scheduling Warnings
          </h2>
          <p className="text-sm text-slate-600">{warningsSummary(warnings.length)}. Warnings never block a save.</p>
        </CardHeader>
        <CardContent>
          <WarningList warnings={warnings} communications={communications} onOpen={onOpen} />
        </CardContent>
      </section>
    </Card>
  );
}
