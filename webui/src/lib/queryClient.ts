import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { fetchQuery } from './api';

/** queryClient: data is never stale, not refetched on focus, never retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: fetchQuery,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

/** Entity is a kind of record a mutation changes. */
export type Entity =
  | 'themes'
  | 'questions'
  | 'content'
  | 'audiences'
  | 'communications'
  | 'vehicles'
  | 'blackouts'
  | 'calendar-feeds'
  | 'newsletter-templates'
  | 'checklist-templates'
  | 'campaigns';

/** WARNINGS_PATH is the schedule warnings' path; their keys carry ?tz=, so lists match by prefix. */
export const WARNINGS_PATH = '/api/schedule/warnings';

/**
 * refreshedLists lists the API paths refetched after a change to entity
 * (spec 01 §7): content changes also refresh questions and themes (their
 * counts), question changes also refresh themes.
 */
export function refreshedLists(entity: Entity): string[] {
  switch (entity) {
    case 'content':
      return ['/api/content', '/api/questions', '/api/themes'];
    case 'questions':
      return ['/api/questions', '/api/themes'];
    case 'themes':
      // Deleting a theme deletes its questions and clears communications' references.
      return ['/api/themes', '/api/questions', '/api/communications'];
    case 'audiences':
      // Communications embed their audience; warnings count by audience.
      return ['/api/audiences', '/api/communications', WARNINGS_PATH];
    case 'vehicles':
      // Communications embed the vehicle they reference.
      return ['/api/vehicles', '/api/communications'];
    case 'communications':
      // Vehicles count the communications that use them; warnings are computed from them.
      return ['/api/communications', '/api/vehicles', WARNINGS_PATH];
    case 'blackouts':
      return ['/api/blackouts', WARNINGS_PATH];
    default:
      return [`/api/${entity}`];
  }
}

/** derivedPrefixes are keys built from every change: the activity feed, search, the Dashboard's summary, the reviews and the inbox (a decision clears its notices). */
const derivedPrefixes = ['/api/activity', '/api/search', '/api/dashboard', '/api/reviews', '/api/inbox'];

function matchesPrefix(key: QueryKey, prefixes: string[]): boolean {
  const head = String(key[0] ?? '');
  return prefixes.some((p) => head === p || head.startsWith(`${p}?`) || head.startsWith(`${p}/`));
}

/** invalidateAfter refetches every list affected by a change to entity. */
export function invalidateAfter(entity: Entity): Promise<void> {
  const lists = refreshedLists(entity);
  return queryClient.invalidateQueries({
    predicate: (q) => matchesPrefix(q.queryKey, [...lists, ...derivedPrefixes]),
  });
}
