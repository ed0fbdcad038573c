import { Bar, Cell, ComposedChart, ReferenceDot, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { CampaignSchedule } from '@/lib/campaigns';
import { shortDate } from '@/lib/campaigns';

const DAY = 86_400_000;

function utc(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

/** dayOffset is the number of days from start to iso (both YYYY-MM-DD). */
function dayOffset(start: string, iso: string): number {
  return Math.round((utc(iso) - utc(start)) / DAY);
}

function isoAt(start: string, offset: number): string {
  return new Date(utc(start) + offset * DAY).toISOString().slice(0, 10);
}

const PHASE_COLORS = ['#1d4ed8', '#0f766e', '#7c3aed', '#b45309'];
const DOT_COLORS: Record<string, string> = { high: '#16a34a', medium: '#2563eb', low: '#6b7280' };

/**
 * PhaseTimeline is a Gantt-like chart of a schedule (beyond the spec): one
 * bar per phase over its day range, a dot per activity on its phase's row
 * coloured by priority, and the go-live and acquisition dates marked. The
 * figures are the schedule's own (timeline day ranges, activity dates).
 */
export default function PhaseTimeline({
  schedule,
  goLiveDate,
  acquisitionDate,
}: {
  schedule: CampaignSchedule;
  goLiveDate?: string;
  acquisitionDate?: string;
}) {
  const timeline = schedule.timeline ?? [];
  const phases = schedule.phases ?? [];
  // Day 1 is the start date, so a phase over days a-b covers offsets a-1..b.
  const rows = timeline.map((t, i) => ({
    phase: t.phase,
    name: phases[i]?.name ?? t.phase,
    offset: t.startDay - 1,
    length: t.endDay - t.startDay + 1,
    color: PHASE_COLORS[i % PHASE_COLORS.length],
  }));
  const span = Math.max(1, dayOffset(schedule.startDate, schedule.endDate));
  const rowOf = new Map(rows.map((r) => [r.name, r.phase]));
  const dots = (schedule.activities ?? []).flatMap((a) => {
    const row = rowOf.get(a.phase);
    return row && /^\d{4}-\d{2}-\d{2}$/.test(a.date) ? [{ id: a.id, x: dayOffset(schedule.startDate, a.date), y: row, color: DOT_COLORS[a.priority] ?? DOT_COLORS.low }] : [];
  });
  const marks = [
    goLiveDate ? { label: 'Go-live', x: dayOffset(schedule.startDate, goLiveDate), color: '#dc2626' } : null,
    acquisitionDate ? { label: 'Acquisition', x: dayOffset(schedule.startDate, acquisitionDate), color: '#7c3aed' } : null,
  ].filter((m): m is { label: string; x: number; color: string } => m !== null && m.x >= 0 && m.x <= span);

  const summary = `${rows.map((r) => `${r.phase}: ${shortDate(isoAt(schedule.startDate, r.offset))} to ${shortDate(isoAt(schedule.startDate, r.offset + r.length - 1))}`).join('; ')}${marks.map((m) => `; ${m.label} ${shortDate(isoAt(schedule.startDate, m.x))}`).join('')}.`;

  return (
    <figure className="grid gap-2" data-testid="phase-timeline">
      <div className="h-56 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart accessibilityLayer={false} data={rows} layout="vertical" margin={{ top: 16, right: 24, bottom: 4, left: 8 }} barCategoryGap={10}>
            <XAxis type="number" domain={[0, span]} tickFormatter={(v: number) => shortDate(isoAt(schedule.startDate, v))} tick={{ fontSize: 11 }} />
            <YAxis type="category" dataKey="phase" width={150} tick={{ fontSize: 11 }} />
            <Bar dataKey="offset" stackId="p" fill="transparent" isAnimationActive={false} />
            <Bar dataKey="length" stackId="p" isAnimationActive={false} radius={3} fillOpacity={0.22}>
              {rows.map((r) => (
                <Cell key={r.phase} fill={r.color} />
              ))}
            </Bar>
            {dots.map((d) => (
              <ReferenceDot key={d.id} x={d.x} y={d.y} r={3} fill={d.color} stroke="none" ifOverflow="hidden" />
            ))}
            {marks.map((m) => (
              <ReferenceLine key={m.label} x={m.x} stroke={m.color} strokeDasharray="4 3" label={{ value: m.label, position: 'top', fill: m.color, fontSize: 11 }} />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-xs text-slate-600">{summary}</figcaption>
    </figure>
  );
}
