import { format, isSameDay } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { Calendar, type DateHeaderProps, type ToolbarProps } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import './calendar.css';
import { Button } from '@/components/ui/button';
import { dayDots, groupByDate } from '@/lib/calendar';
import { cn } from '@/lib/cn';
import { dateKey } from '@/lib/dates';
import type { Communication } from '@/lib/types';
import { useMonthView } from './monthView';

const dotClass = { blue: 'bg-blue-600', yellow: 'bg-yellow-500', green: 'bg-green-600', gray: 'bg-slate-400' } as const;

/**
 * StatusDot is one coloured dot; its title names what it stands for. With
 * onClick it is a pointer shortcut to what it names (the keyboard way is the
 * day's button and its list).
 */
export function StatusDot({ color, title, onClick }: { color: keyof typeof dotClass; title: string; onClick?: () => void }) {
  return (
    <span
      role="img"
      aria-label={title}
      title={title}
      onClick={
        onClick &&
        ((e) => {
          e.stopPropagation();
          onClick();
        })
      }
      className={cn('inline-block h-2 w-2 rounded-full', dotClass[color], onClick && 'cursor-pointer ring-offset-1 hover:ring-2 hover:ring-slate-400')}
    />
  );
}

/** CalendarToolbar is the month title with previous, Today and next. */
export function CalendarToolbar<E extends object>({ date, onNavigate }: ToolbarProps<E, object>) {
  return (
    <div className="mb-3 flex items-center justify-between">
      <h3 className="text-base font-semibold text-slate-900" aria-live="polite">
        {format(date, 'MMMM yyyy')}
      </h3>
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" aria-label="Previous month" onClick={() => onNavigate('PREV')}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => onNavigate('TODAY')}>
          Today
        </Button>
        <Button variant="outline" size="icon" aria-label="Next month" onClick={() => onNavigate('NEXT')}>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/**
 * CommunicationCalendar is the Dashboard's month calendar: at most two status
 * dots per day plus a grey "+N more", today and the selected day highlighted.
 * Clicking a day raises onDateSelect; clicking a dot, onOpen with its communication's id.
 */
export function CommunicationCalendar({
  communications,
  selected,
  onDateSelect,
  ...props
}: {
  communications: Communication[];
  selected: Date | null;
  onDateSelect: (d: Date) => void;
  /** month, when given, is the month shown; onMonthChange hears every move. */
  month?: Date;
  onMonthChange?: (month: Date) => void;
  onOpen?: (id: string) => void;
}) {
  const monthView = useMonthView(props.month, props.onMonthChange);
  const groups = useMemo(() => groupByDate(communications), [communications]);
  const onOpen = props.onOpen;

  const components = useMemo(
    () => ({
      toolbar: CalendarToolbar,
      month: {
        dateHeader: ({ date, label }: DateHeaderProps) => {
          const items = groups.get(dateKey(date)) ?? [];
          const { dots, more, moreTitle } = dayDots(items);
          const isSelected = selected !== null && isSameDay(date, selected);
          return (
            <div className="flex flex-col items-end gap-1">
              <button
                type="button"
                onClick={() => onDateSelect(date)}
                aria-pressed={isSelected}
                aria-label={`${format(date, 'MMMM d, yyyy')}${items.length ? `, ${items.length} communication${items.length === 1 ? '' : 's'}` : ''}`}
                className="rounded px-1 text-xs hover:bg-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              >
                {label}
              </button>
              {items.length > 0 && (
                <span className="flex items-center gap-0.5 px-1" data-testid="day-dots">
                  {dots.map((d) => (
                    <StatusDot key={d.id} color={d.color} title={d.title} onClick={onOpen && (() => onOpen(d.id))} />
                  ))}
                  {more > 0 && <StatusDot color="gray" title={moreTitle} />}
                </span>
              )}
            </div>
          );
        },
      },
    }),
    [groups, selected, onDateSelect, onOpen],
  );

  return (
    <div className="h-[420px]">
      <Calendar
        {...monthView}
        events={[]}
        selectable
        onSelectSlot={(slot) => onDateSelect(slot.start)}
        dayPropGetter={(d) => ({ className: selected && isSameDay(d, selected) ? 'cp-selected-day' : undefined })}
        components={components}
        formats={{ dateFormat: 'd' }}
      />
    </div>
  );
}

/** CalendarLegend lists the status colours. */
export function CalendarLegend() {
  return (
    <ul className="flex flex-wrap gap-4 text-xs text-slate-700" aria-label="Legend">
      <li className="flex items-center gap-1.5">
        <span className="inline-block h-2 w-2 rounded-full bg-blue-600" aria-hidden="true" />
        Scheduled
      </li>
      <li className="flex items-center gap-1.5">
        <span className="inline-block h-2 w-2 rounded-full bg-yellow-500" aria-hidden="true" />
        Draft
      </li>
      <li className="flex items-center gap-1.5">
        <span className="inline-block h-2 w-2 rounded-full bg-green-600" aria-hidden="true" />
        Sent
      </li>
    </ul>
  );
}
