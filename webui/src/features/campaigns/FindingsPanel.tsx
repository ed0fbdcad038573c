import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { findingsByActivity, type CampaignSchedule, type CheckFinding } from '@/lib/campaigns';
import { cn } from '@/lib/cn';
import { useCampaignCheck } from '@/hooks/campaigns';

// The checker's rule ids in the planner's words.
const ruleLabels: Record<string, string> = {
  cadence: 'Cadence',
  sequence: 'Sequence',
  'lead-time': 'Lead time',
  calendar: 'Calendar',
  load: 'Weekly cap',
  confidentiality: 'Confidentiality',
  'ma-dates': 'M&A dates',
};

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * FindingsPanel shows the plan checker's findings for a schedule beside the
 * plan, each with the activities it names; it follows every edit.
 */
export function FindingsPanel({ schedule }: { schedule: CampaignSchedule }) {
  const check = useCampaignCheck(schedule);
  const titles = useMemo(() => {
    const m = new Map<string, string>();
    for (const a of schedule.activities ?? []) m.set(a.id, a.title);
    for (const p of schedule.phases ?? []) for (const a of p.activities ?? []) m.set(a.id, a.title);
    return m;
  }, [schedule]);
  const data = check.data;
  const findings = data?.findings ?? [];
  return (
    <section
      aria-labelledby="plan-check-title"
      className="rounded-md border border-slate-200 p-3 text-sm"
      data-testid="plan-check"
      aria-busy={check.isFetching}
      data-checking={check.isFetching ? 'true' : 'false'}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="plan-check-title" className="font-semibold text-slate-900">
          Plan check
        </h3>
        <span className="text-xs text-slate-600" data-testid="plan-check-counts">
          {check.isError
            ? 'The plan could not be checked'
            : data
              ? `${plural(data.errors, 'error', 'errors')} · ${plural(data.warnings, 'warning', 'warnings')}`
              : 'Checking…'}
        </span>
      </div>
      {data && findings.length === 0 && <p className="mt-1 text-slate-700">The plan holds every rule the checker reads it by.</p>}
      {findings.length > 0 && (
        <ul className="mt-2 grid max-h-72 gap-2 overflow-y-auto pr-1" tabIndex={0} aria-label="Plan check findings">
          {findings.map((f, i) => (
            <li
              key={`${f.rule}-${i}-${f.message}`}
              className={cn('rounded border-l-4 bg-slate-50 p-2', f.severity === 'error' ? 'border-red-500' : 'border-amber-400')}
              data-testid="plan-finding"
              data-severity={f.severity}
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge className={f.severity === 'error' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'}>{f.severity}</Badge>
                <span className="text-xs font-medium text-slate-700">{ruleLabels[f.rule] ?? f.rule}</span>
              </div>
              <p className="mt-1 text-slate-800">{f.message}</p>
              {(f.activityIds?.length ?? 0) > 0 && (
                <p className="mt-1 text-xs text-slate-600" data-testid="plan-finding-activities">
                  {f.activityIds.map((id) => titles.get(id) ?? id).join(' · ')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** useActivityFindings indexes the current check's findings by activity id (empty until the first answer). */
export function useActivityFindings(schedule: CampaignSchedule): Map<string, CheckFinding[]> {
  const check = useCampaignCheck(schedule);
  return useMemo(() => findingsByActivity(check.data?.findings ?? []), [check.data]);
}

/** ActivityFindings marks an activity the checker names, with its messages on hover and for screen readers. */
export function ActivityFindings({ findings }: { findings: CheckFinding[] | undefined }) {
  if (!findings || findings.length === 0) return null;
  const errors = findings.filter((f) => f.severity === 'error').length;
  const label = errors > 0 ? plural(errors, 'error', 'errors') : plural(findings.length, 'warning', 'warnings');
  const messages = findings.map((f) => f.message).join('\n');
  return (
    <Badge
      className={errors > 0 ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'}
      title={messages}
      aria-label={`Plan check: ${label}: ${messages}`}
      data-testid="activity-finding"
    >
      {label}
    </Badge>
  );
}
