import { AlertTriangle, CalendarOff } from 'lucide-react';
import { formatShortDate } from '@/lib/dates';
import { warningKey, warningTitle } from '@/lib/planning';
import type { Communication, ScheduleWarning } from '@/lib/types';

/** WarningList lists warnings, each naming its communications (as buttons when onOpen is given). */
export function WarningList({
  warnings,
  communications,
  onOpen,
  exclude,
}: {
  warnings: ScheduleWarning[];
  communications?: Pick<Communication, 'id' | 'title' | 'scheduledDate'>[];
  onOpen?: (id: string) => void;
  /** exclude leaves out one communication: the one being edited. */
  exclude?: string;
}) {
  const byId = new Map((communications ?? []).map((c) => [c.id, c]));
  return (
    <ul className="grid gap-3">
      {warnings.map((w) => {
        // The server names them; the preview's warnings are looked up in the list given.
        const named = (w.communications ?? w.communicationIds.map((id) => byId.get(id)).filter((c): c is NonNullable<typeof c> => !!c)).filter(
          (c) => c.id !== exclude,
        );
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
