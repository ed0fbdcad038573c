import { useQuery } from '@tanstack/react-query';
import { searchKey, SEARCH_MIN_LENGTH } from '@/lib/search';
import type { SearchHit } from '@/lib/types';

/** useSearch asks GET /api/search for q; nothing is asked below SEARCH_MIN_LENGTH characters. */
export function useSearch(q: string) {
  return useQuery<SearchHit[]>({ queryKey: [searchKey(q)], enabled: q.length >= SEARCH_MIN_LENGTH });
}
