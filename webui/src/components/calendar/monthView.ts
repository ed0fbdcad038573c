import { addMonths, subMonths } from 'date-fns';
import { useState } from 'react';
import type { NavigateAction } from 'react-big-calendar';

/**
 * useShownMonth is the month a calendar shows and its toolbar's navigation,
 * shared by the Dashboard and the Schedule calendars. The page may hold the
 * month (month, to fetch what it shows, issue 27); onMonthChange hears every
 * move. onNavigate is react-big-calendar's handler.
 */
export function useShownMonth(held?: Date, onMonthChange?: (month: Date) => void) {
  const [own, setOwn] = useState(() => new Date());
  const month = held ?? own;
  const onNavigate = (d: Date, _view: unknown, action: NavigateAction) => {
    const next = action === 'PREV' ? subMonths(month, 1) : action === 'NEXT' ? addMonths(month, 1) : d;
    setOwn(next);
    onMonthChange?.(next);
  };
  return { month, onNavigate };
}
