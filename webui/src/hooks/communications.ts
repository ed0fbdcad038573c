import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { addMonths, subMonths } from 'date-fns';
import { useEffect } from 'react';
import { apiPage, apiRequest } from '@/lib/api';
import { monthGrid } from '@/lib/calendar';
import { calendarDateKey } from '@/lib/dates';
import { invalidateAfter, queryClient } from '@/lib/queryClient';
import { crudMessages, resource } from '@/lib/resource';
import { asToastText, failureOrApproval } from '@/lib/review';
import { toast } from '@/lib/toast';
import type { Communication, CommunicationInput, CommunicationStatus } from '@/lib/types';
import { browserZone } from './schedule';

const path = '/api/communications';
/** messages: the spec's toasts, with the review.required refusal said in full. */
const messages = {
  ...crudMessages('Communication', 'communication'),
  createFailed: failureOrApproval('Failed to create communication'),
  updateFailed: failureOrApproval('Failed to update communication'),
};

/** communications: the list embeds each one's theme, audience and vehicle. */
const communications = resource<Communication, CommunicationInput>({ path, entity: 'communications', messages });

export const useCommunications = communications.useList;
export const useCreateCommunication = communications.useCreate;
export const useUpdateCommunication = communications.useUpdate;
export const useDeleteCommunication = communications.useDelete;

/** rangeKey is the query key (the API path) of the communications whose day, in the planner's zone, is from to to. */
export function rangeKey(from: string, to: string, tz = browserZone()): string {
  return `${path}?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}`;
}

/**
 * useMonthCommunications fetches the communications a month view shows
 * (its whole grid, Sunday to Saturday) and prefetches the months either
 * side, so moving between months answers from the cache. While a month
 * loads, the previous one stays on screen.
 */
export function useMonthCommunications(month: Date) {
  const { from, to } = monthGrid(month);
  useEffect(() => {
    for (const m of [subMonths(month, 1), addMonths(month, 1)]) {
      const g = monthGrid(m);
      void queryClient.prefetchQuery({ queryKey: [rangeKey(g.from, g.to)] });
    }
  }, [month]);
  return useQuery<Communication[]>({ queryKey: [rangeKey(from, to)], placeholderData: keepPreviousData });
}

/** BACKLOG_PAGE is how many undated drafts the backlog shows at first, and adds per "Show more". */
export const BACKLOG_PAGE = 25;

/** useBacklog fetches the first limit undated drafts by title (the server sorts and pages). */
export function useBacklog(limit: number) {
  return useQuery<Communication[]>({ queryKey: [`${path}?undated=only&status=draft&sort=title&limit=${limit}`], placeholderData: keepPreviousData });
}

/** useUpcoming fetches the communications dated today or later, soonest first, a page past what the Upcoming rule keeps. */
export function useUpcoming(today: string, limit: number) {
  return useQuery<Communication[]>({
    queryKey: [`${path}?from=${today}&tz=${encodeURIComponent(browserZone())}&sort=scheduled&undated=false&limit=${limit + 50}`],
  });
}

/** useCommunication reads one communication (a link or a warning opening one not on screen); off while id is empty. */
export function useCommunication(id: string) {
  return useQuery<Communication>({ queryKey: [`${path}/${id}`], enabled: id !== '' });
}

/** LIST_PAGE is how many communications one page of the List view fetches. */
export const LIST_PAGE = 100;

/**
 * communicationPages is the paged query of a filtered list (query: e.g.
 * 'status=sent&sort=-scheduled'), LIST_PAGE at a time; the next page
 * follows the Link header. One definition for the hook and the prefetch,
 * so a prefetched first page is the one the hook finds.
 */
function communicationPages(query: string) {
  return infiniteQueryOptions({
    queryKey: [`${path}?${query}`, 'pages'],
    initialPageParam: `${path}?${query}&limit=${LIST_PAGE}`,
    queryFn: ({ pageParam }) => apiPage<Communication>(pageParam),
    getNextPageParam: (last) => last.next,
  });
}

/** useCommunicationPages pages through a filtered list from the server (communicationPages). */
export function useCommunicationPages(query: string) {
  return useInfiniteQuery(communicationPages(query));
}

/**
 * prefetchCommunicationPages fetches a filtered list's first page into the
 * cache unless it is there and fresh; invalidation marks it stale like any
 * other list, and the hook refetches it when it mounts.
 */
export function prefetchCommunicationPages(query: string): Promise<void> {
  return queryClient.prefetchInfiniteQuery(communicationPages(query));
}

/** isListKey says whether a query holds a list of communications (the whole list or a filtered one). */
function isListKey(k: QueryKey): boolean {
  const head = String(k[0] ?? '');
  return head === path || head.startsWith(`${path}?`);
}

/** RescheduleInput moves one communication: its new status and scheduledDate. */
export interface RescheduleInput {
  id: string;
  status: CommunicationStatus;
  scheduledDate: string;
}

/**
 * useReschedule moves a communication to another day: the list changes at
 * once, rolls back with the update failure toast if the save fails, and is
 * refetched either way.
 */
export function useReschedule() {
  return useMutation<Communication, Error, RescheduleInput, { previous: [QueryKey, Communication[] | undefined][] }>({
    mutationFn: ({ id, status, scheduledDate }) => apiRequest('PUT', `${path}/${id}`, { status, scheduledDate }),
    onMutate: async ({ id, status, scheduledDate }) => {
      // Every list on screen moves it at once: the whole list, a month, the backlog.
      const filters = { predicate: (q: { queryKey: QueryKey }) => isListKey(q.queryKey) };
      await queryClient.cancelQueries(filters);
      const previous = queryClient.getQueriesData<Communication[]>(filters);
      // Paged lists (the List view) are not arrays: they are refetched when the move settles.
      const moved = (list: Communication[] | undefined) =>
        Array.isArray(list) ? list.map((c) => (c.id === id ? { ...c, status, scheduledDate } : c)) : list;
      queryClient.setQueriesData<Communication[]>(filters, moved);
      // A draft leaving the backlog lands in the month it was dropped on.
      const dropped = previous.flatMap(([, list]) => (Array.isArray(list) ? list : [])).find((c) => c.id === id);
      if (dropped) {
        for (const [k, list] of queryClient.getQueriesData<Communication[]>(filters)) {
          const q = new URLSearchParams(String(k[0]).split('?')[1] ?? '');
          const day = calendarDateKey(scheduledDate) ?? '';
          const inRange = q.has('from') && day >= (q.get('from') ?? '') && (!q.get('to') || day <= q.get('to')!);
          if (Array.isArray(list) && inRange && !list.some((c) => c.id === id)) {
            queryClient.setQueryData<Communication[]>(k, [...list, { ...dropped, status, scheduledDate }]);
          }
        }
      }
      return { previous };
    },
    onError: (err, _vars, ctx) => {
      for (const [k, list] of ctx?.previous ?? []) queryClient.setQueryData(k, list);
      toast({ ...asToastText(messages.updateFailed(err)), variant: 'destructive' });
    },
    onSuccess: () => {
      toast({ title: messages.updated });
    },
    onSettled: () => invalidateAfter('communications'),
  });
}
