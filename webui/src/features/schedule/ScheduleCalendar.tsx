import { ReviewBadge } from '@/components/ReviewBadge';
import { REVIEW_LABELS, reviewState } from '@/lib/review';
import { format, isSameDay } from 'date-fns';
import { memo, useCallback, useMemo, useRef, type ComponentType, type DragEvent } from 'react';
import { Calendar, type CalendarProps, type DateHeaderProps, type EventProps } from 'react-big-calendar';
import withDragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { calendarEvents, isDayMore, limitDays, withoutCampaignName, type CalendarEvent, type DayMore, type Milestone } from '@/lib/calendar';
import { cn } from '@/lib/cn';
import { calendarDateKey, dateKey } from '@/lib/dates';
import { canReschedule, formatScheduled, isBeforeToday, rescheduled } from '@/lib/schedule';
import type { Communication } from '@/lib/types';
import { CalendarToolbar } from '@/components/calendar/CommunicationCalendar';
import { useReschedule } from '@/hooks/communications';
import { useCan } from '@/hooks/session';
import { useMonthView } from '@/components/calendar/monthView';
import './schedule.css';

type Event = CalendarEvent<Communication | DayMore<Communication>>;

/** CampaignMark is how the calendar shows a campaign: its colour and name. */
export interface CampaignMark {
  title: string;
  color: string;
}

const DnDCalendar = withDragAndDrop<Event>(Calendar as ComponentType<CalendarProps<Event>>);

/** eventLabel names an event for assistive technology: title, when, status, campaign, and whether it is warned about. */
export function eventLabel(c: Communication, warned: boolean, campaign?: string): string {
  const review = REVIEW_LABELS[reviewState(c.review)];
  return `${c.title}, ${formatScheduled(c.scheduledDate)}, ${c.status}${review ? `, ${review.toLowerCase()}` : ''}${campaign ? `, campaign ${campaign}` : ''}${warned ? ', has schedule warnings' : ''}`;
}

/**
 * useBacklogDrag carries a backlog draft from the side list to the calendar:
 * the list item starts an HTML drag, the calendar reads the item while it
 * hovers and receives the drop.
 */
export function useBacklogDrag() {
  const dragged = useRef<Communication | null>(null);
  // A role that may not change the plan drags nothing.
  const canEdit = useCan('plan.edit');
  // One object while the role stands: the memoised calendar takes it as a prop.
  return useMemo(
    () => ({
      dragged,
      // No drag props, no grip: a viewer's backlog item shows no drag handle.
      itemProps: (c: Communication) =>
        canEdit
          ? {
              draggable: true,
              onDragStart: (e: DragEvent) => {
                dragged.current = c;
                e.dataTransfer.setData('text/plain', c.id);
                e.dataTransfer.effectAllowed = 'move';
              },
              onDragEnd: () => {
                dragged.current = null;
              },
            }
          : undefined,
    }),
    [canEdit],
  );
}

/**
 * ScheduleCalendar (memoised: a month is several hundred events at scale,
 * and the page re-renders on every query it watches) is the Schedule's month calendar: every dated
 * communication as an event (a date all day, an instant at its local time),
 * drag an event to another day to reschedule it (optimistic), drop a backlog
 * draft on a day to schedule it, click an event to edit it and an empty day
 * to schedule a new one there. Events named by a warning get an amber outline.
 * A day holds DAY_ROWS rows, then "+N more", which opens the day (onOpenDay);
 * an imported event shows its campaign's colour, not its name; a
 * campaign's milestones are marked on their day.
 */
export const ScheduleCalendar = memo(function ScheduleCalendar({
  communications,
  warned,
  backlogDrag,
  onEdit,
  onCreateOn,
  onOpenDay,
  campaigns,
  milestones,
  ...props
}: {
  communications: Communication[];
  warned: Set<string>;
  backlogDrag: ReturnType<typeof useBacklogDrag>;
  onEdit: (c: Communication) => void;
  onCreateOn: (date: string) => void;
  onOpenDay: (day: string, items: Communication[]) => void;
  /** campaigns mark the events imported from them, by campaign id. */
  campaigns: Map<string, CampaignMark>;
  /** milestones are the campaigns' milestones by day. */
  milestones: Map<string, Milestone[]>;
  /** month, when given, is the month shown; onMonthChange hears every move. */
  month?: Date;
  onMonthChange?: (month: Date) => void;
}) {
  const monthView = useMonthView(props.month, props.onMonthChange);
  // mutate keeps its identity; the mutation's result object does not.
  const { mutate: reschedule } = useReschedule();
  // A role that may not change the plan opens events but moves and creates none.
  const canEdit = useCan('plan.edit');
  const events = useMemo(() => limitDays(calendarEvents(communications)), [communications]);

  // A day's whole list, for "+N more": every communication of that day.
  const dayItems = useCallback(
    (day: Date) => communications.filter((c) => calendarDateKey(c.scheduledDate) === dateKey(day)),
    [communications],
  );

  const move = useCallback(
    (c: Communication, day: Date) => {
      if (!canReschedule(c)) return;
      const next = rescheduled(c, day);
      if (next.status === c.status && next.scheduledDate === c.scheduledDate) return;
      reschedule({ id: c.id, ...next });
    },
    [reschedule],
  );

  const components = useMemo(
    () => ({
      toolbar: CalendarToolbar<Event>,
      event: ({ event }: EventProps<Event>) => {
        const r = event.resource;
        if (isDayMore(r)) {
          const nWarned = r.items.filter((c) => warned.has(c.id)).length;
          const label = `${r.items.length} more on ${format(event.start, 'MMMM d')}${nWarned > 0 ? `, ${nWarned} with schedule warnings` : ''}: open the day`;
          return (
            <span role="cell" className="block">
              <button type="button" className="cp-more-button" aria-label={label} data-testid="calendar-more" data-more-ids={r.items.map((c) => c.id).join(' ')}>
                {nWarned > 0 && (
                  <span className="cp-event-warn" aria-hidden="true">
                    !
                  </span>
                )}
                {event.title}
              </button>
            </span>
          );
        }
        const c = r;
        const isWarned = warned.has(c.id);
        const mark = c.sourceCampaignId ? campaigns.get(c.sourceCampaignId) : undefined;
        // role="cell": rbc puts events straight into its role="row" week rows.
        return (
          <span role="cell" className="block">
            <button type="button" className="cp-event-button" aria-label={eventLabel(c, isWarned, mark?.title)} title={c.title} data-testid="calendar-event" data-id={c.id}>
              {!event.allDay && <span className="cp-event-time">{format(event.start, 'h:mm a')}</span>}
              {isWarned && (
                <span className="cp-event-warn" aria-hidden="true">
                  !
                </span>
              )}
              <span className="cp-event-title">{withoutCampaignName(c.title, mark?.title)}</span>
              {/* Most events have no review: no badge component for them (hundreds a month at scale). */}
              {reviewState(c.review) !== 'none' && <ReviewBadge review={c.review} compact className="cp-event-badge" />}
            </button>
          </span>
        );
      },
      month: {
        dateHeader: ({ date, label }: DateHeaderProps) => {
          const marks = milestones.get(dateKey(date));
          return (
            <span className="cp-date-header">
              {marks?.map((m) => (
                <span
                  key={`${m.campaignId}:${m.label}`}
                  className="cp-milestone"
                  style={{ borderColor: campaigns.get(m.campaignId)?.color }}
                  title={`${m.label}: ${m.campaign}`}
                  data-testid="calendar-milestone"
                >
                  <span aria-hidden="true">◆ </span>
                  {m.label}
                  <span className="sr-only">: {m.campaign}</span>
                </span>
              ))}
              <span data-date={dateKey(date)} className="text-xs">
                {label}
              </span>
            </span>
          );
        },
      },
    }),
    [warned, campaigns, milestones],
  );

  // The handlers keep their identity across renders, so rbc's own memos of the month hold.
  const handlers = useMemo(
    () => ({
      draggableAccessor: (e: Event) => canEdit && !isDayMore(e.resource) && canReschedule(e.resource),
      onEventDrop: ({ event, start }: { event: Event; start: string | Date }) => {
        const day = new Date(start);
        if (!isDayMore(event.resource) && !isSameDay(day, event.start)) move(event.resource, day);
      },
      dragFromOutsideItem: () => {
        const c = backlogDrag.dragged.current;
        // rbc asks on every dragover; null tells it nothing of ours is dragged.
        return (c ? { id: c.id, title: c.title, start: new Date(), end: new Date(), allDay: true, resource: c } : null) as Event;
      },
      onDropFromOutside: ({ start }: { start: string | Date }) => {
        const c = backlogDrag.dragged.current;
        backlogDrag.dragged.current = null;
        if (c) move(c, new Date(start));
      },
      onSelectEvent: (e: Event) => (isDayMore(e.resource) ? onOpenDay(e.resource.day, [...dayItems(e.start)]) : onEdit(e.resource)),
      onSelectSlot: (slot: { start: Date }) => {
        const day = dateKey(slot.start);
        if (!isBeforeToday(day, new Date())) onCreateOn(day);
      },
      eventPropGetter: (e: Event) => {
        const r = e.resource;
        if (isDayMore(r)) return { className: 'cp-event-more' };
        const color = r.sourceCampaignId ? campaigns.get(r.sourceCampaignId)?.color : undefined;
        return {
          className: cn(`cp-event-${r.status}`, warned.has(r.id) && 'cp-event-warned', color && 'cp-event-campaign'),
          style: color ? { borderLeftColor: color } : undefined,
        };
      },
    }),
    [canEdit, move, backlogDrag, onEdit, onCreateOn, onOpenDay, dayItems, warned, campaigns],
  );

  return (
    <div className="cp-schedule-calendar">
      <DnDCalendar
        {...monthView}
        {...handlers}
        events={events}
        // Every event given shows: limitDays has already cut each day to DAY_ROWS rows with our own
        // "+N more" (rbc's own button sits outside any cell).
        showAllEvents
        selectable={canEdit}
        resizable={false}
        components={components}
        formats={FORMATS}
      />
    </div>
  );
});

const FORMATS = { dateFormat: 'd' };
