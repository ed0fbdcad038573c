import { addMonths, format, isSameMonth, subMonths } from 'date-fns';
import { AlertTriangle, ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { ReviewBadge } from '@/components/ReviewBadge';
import { Button } from '@/components/ui/button';
import { groupByDate, withoutCampaignName, type Milestone } from '@/lib/calendar';
import { parseDate } from '@/lib/dates';
import { parseScheduled } from '@/lib/schedule';
import type { Communication } from '@/lib/types';
import type { CampaignMark } from './ScheduleCalendar';

const STATUS_WORDS: Record<string, string> = { scheduled: 'Scheduled', draft: 'Draft', sent: 'Sent' };

/**
 * AgendaItem is one communication of a day's list: its title whole
 * (wrapping between words, never inside one), its time, status, audience
 * and campaign (a colour stripe with the name), opening its form.
 */
export function AgendaItem({ c, warned, mark, onEdit }: { c: Communication; warned: boolean; mark?: CampaignMark; onEdit: (c: Communication) => void }) {
  const s = parseScheduled(c.scheduledDate);
  const when = s.kind === 'instant' ? format(s.start, 'h:mm a') : 'All day';
  const details = [when, STATUS_WORDS[c.status] ?? c.status, c.audience?.name, c.vehicle?.name].filter(Boolean).join(' · ');
  return (
    <li className="min-w-0">
      <button
        type="button"
        onClick={() => onEdit(c)}
        className="grid w-full min-w-0 gap-0.5 rounded-md border border-slate-200 border-l-4 bg-white p-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        style={{ borderLeftColor: mark?.color ?? '#cbd5e1' }}
        data-testid="agenda-item"
        data-id={c.id}
      >
        <span className="cp-words text-sm font-medium text-slate-900" data-testid="agenda-title">
          {withoutCampaignName(c.title, mark?.title)}
        </span>
        {mark && c.title !== withoutCampaignName(c.title, mark.title) && <span className="sr-only">, full title {c.title}</span>}
        <span className="cp-words text-xs text-slate-600">{details}</span>
        {mark && <span className="cp-words text-xs text-slate-700">{mark.title}</span>}
        <ReviewBadge review={c.review} className="w-fit" />
        {warned && (
          <span className="flex items-center gap-1 text-xs font-medium text-amber-800">
            <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" />
            Has schedule warnings
          </span>
        )}
      </button>
    </li>
  );
}

/**
 * ScheduleAgenda is the Schedule on a phone: the month as a list by day
 * (only the days with something on them, milestones included), with the
 * month moved by previous, Today and next; the month grid is a tap away in
 * the view switch.
 */
export function ScheduleAgenda({
  communications,
  warned,
  campaigns,
  milestones,
  month,
  onMonthChange,
  onEdit,
}: {
  communications: Communication[];
  warned: Set<string>;
  campaigns: Map<string, CampaignMark>;
  milestones: Map<string, Milestone[]>;
  month: Date;
  onMonthChange: (m: Date) => void;
  onEdit: (c: Communication) => void;
}) {
  const days = useMemo(() => {
    const groups = groupByDate(communications);
    const keys = new Set([...groups.keys(), ...milestones.keys()]);
    return [...keys]
      .filter((k) => {
        const d = parseDate(k);
        return d !== null && isSameMonth(d, month);
      })
      .sort()
      .map((k) => ({
        key: k,
        date: parseDate(k)!,
        items: [...(groups.get(k) ?? [])].sort((a, b) => (a.scheduledDate ?? '').localeCompare(b.scheduledDate ?? '')),
        marks: milestones.get(k) ?? [],
      }));
  }, [communications, milestones, month]);

  return (
    <section aria-labelledby="schedule-agenda" className="grid min-w-0 gap-3" data-testid="schedule-agenda">
      <div className="flex items-center justify-between gap-2">
        <h2 id="schedule-agenda" className="text-base font-semibold text-slate-900" aria-live="polite">
          {format(month, 'MMMM yyyy')}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" aria-label="Previous month" onClick={() => onMonthChange(subMonths(month, 1))}>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => onMonthChange(new Date())}>
            Today
          </Button>
          <Button variant="outline" size="icon" aria-label="Next month" onClick={() => onMonthChange(addMonths(month, 1))}>
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      {days.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">Nothing scheduled this month.</p>
      ) : (
        <ol className="grid min-w-0 gap-4" aria-label={`Days of ${format(month, 'MMMM yyyy')}`}>
          {days.map((d) => (
            <li key={d.key} className="grid min-w-0 gap-2" data-testid="agenda-day" data-date={d.key}>
              <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-800">
                {format(d.date, 'EEEE, MMMM d')}
                {d.marks.map((m) => (
                  <span
                    key={`${m.campaignId}:${m.label}`}
                    className="rounded border border-l-4 border-slate-400 bg-white px-1.5 text-xs font-semibold text-slate-900"
                    style={{ borderLeftColor: campaigns.get(m.campaignId)?.color }}
                    data-testid="agenda-milestone"
                  >
                    ◆ {m.label}: {m.campaign}
                  </span>
                ))}
              </h3>
              {d.items.length > 0 && (
                <ul className="grid min-w-0 gap-2">
                  {d.items.map((c) => (
                    <AgendaItem key={c.id} c={c} warned={warned.has(c.id)} mark={c.sourceCampaignId ? campaigns.get(c.sourceCampaignId) : undefined} onEdit={onEdit} />
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
