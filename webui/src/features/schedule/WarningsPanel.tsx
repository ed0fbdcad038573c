import { CheckCircle2 } from 'lucide-react';
import { WarningList } from '@/components/communications/WarningList';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { warningsSummary } from '@/lib/planning';
import type { Communication, ScheduleWarning } from '@/lib/types';

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
