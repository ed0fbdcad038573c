import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { WARNINGS_PATH } from '@/lib/queryClient';
import type { ScheduleWarning } from '@/lib/types';

/** browserZone is the planner's IANA time zone, which decides the day of an instant. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** warningsKey is the query key (the API path) of the schedule warnings in the planner's zone. */
export function warningsKey(tz = browserZone()): string {
  return `${WARNINGS_PATH}?tz=${encodeURIComponent(tz)}`;
}

/**
 * useScheduleWarnings loads the overload and blackout warnings. A server
 * without the warnings route (404) has no warnings to give.
 */
export function useScheduleWarnings() {
  return useQuery<ScheduleWarning[]>({
    queryKey: [warningsKey()],
    queryFn: async ({ queryKey }) => {
      try {
        return (await apiRequest<ScheduleWarning[]>('GET', String(queryKey[0]))) ?? [];
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
  });
}
