import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { useApiMutation } from '@/lib/mutation';
import { importSuccess, MSG_IMPORT_FAILED, previewBody, type PreviewCandidate } from '@/lib/planning';
import { WARNINGS_PATH } from '@/lib/queryClient';
import { crudMessages, resource } from '@/lib/resource';
import type { Blackout, BlackoutInput, CalendarFeed, Communication, CommunicationInput, ScheduleWarning } from '@/lib/types';

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

/**
 * useImportCommunications creates the chosen activities' communications in
 * one all-or-nothing call, then refetches the communications (and warnings).
 */
export function useImportCommunications(onSuccess?: () => void) {
  return useApiMutation<Communication[], { communications: CommunicationInput[] }>({
    request: (body) => ({ method: 'POST', url: '/api/communications/batch', body }),
    entity: 'communications',
    success: (_created, vars) => importSuccess(vars.communications.length),
    failure: MSG_IMPORT_FAILED,
    onSuccess,
  });
}

/**
 * useWarningsPreview asks which warnings a candidate communication would be
 * part of if saved. Nothing is asked unless it is scheduled with a date; the
 * answer is not kept once the form closes, so a reopened form asks again.
 */
export function useWarningsPreview(candidate: PreviewCandidate) {
  const body = previewBody(candidate);
  const tz = browserZone();
  return useQuery<ScheduleWarning[]>({
    queryKey: [`${WARNINGS_PATH}/preview`, tz, body],
    queryFn: () => apiRequest<ScheduleWarning[]>('POST', `${WARNINGS_PATH}/preview?tz=${encodeURIComponent(tz)}`, body),
    enabled: body !== null,
    gcTime: 0,
  });
}

/** blackouts: periods in which communications should not go out. */
const blackouts = resource<Blackout, BlackoutInput>({
  path: '/api/blackouts',
  entity: 'blackouts',
  messages: crudMessages('Blackout period', 'blackout period'),
});

export const useBlackouts = blackouts.useList;
export const useCreateBlackout = blackouts.useCreate;
export const useUpdateBlackout = blackouts.useUpdate;
export const useDeleteBlackout = blackouts.useDelete;

/** FeedInput is the create payload of a calendar feed. */
export interface FeedInput {
  name: string;
  includeCampaignActivities: boolean;
}

/** feeds: subscribable ICS feeds; deleting one revokes its URL. */
const feeds = resource<CalendarFeed, FeedInput>({
  path: '/api/calendar-feeds',
  entity: 'calendar-feeds',
  messages: {
    ...crudMessages('Calendar feed', 'calendar feed'),
    deleted: 'Calendar feed revoked',
    deleteFailed: 'Failed to revoke calendar feed',
  },
});

export const useCalendarFeeds = feeds.useList;
export const useCreateCalendarFeed = feeds.useCreate;
export const useRevokeCalendarFeed = feeds.useDelete;
