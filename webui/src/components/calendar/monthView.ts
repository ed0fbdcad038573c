import { addMonths, format, getDay, parse, startOfWeek, subMonths } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { useState } from 'react';
import { dateFnsLocalizer, type NavigateAction } from 'react-big-calendar';

/** localizer: date-fns in en-US, weeks start on Sunday (spec 01 §2); both calendars use it. */
export const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 0 }),
  getDay,
  locales: { 'en-US': enUS },
});

const noop = () => {};

/**
 * useMonthView is the month a calendar shows and the react-big-calendar
 * props of a month-only, en-US calendar that moves by its toolbar, shared by
 * the Dashboard and the Schedule calendars. The page may hold the month
 * (held, to fetch what it shows); onMonthChange hears every move.
 */
export function useMonthView(held?: Date, onMonthChange?: (month: Date) => void) {
  const [own, setOwn] = useState(() => new Date());
  const month = held ?? own;
  const onNavigate = (d: Date, _view: unknown, action: NavigateAction) => {
    const next = action === 'PREV' ? subMonths(month, 1) : action === 'NEXT' ? addMonths(month, 1) : d;
    setOwn(next);
    onMonthChange?.(next);
  };
  return { localizer, culture: 'en-US', views: ['month' as const], view: 'month' as const, onView: noop, date: month, onNavigate };
}
