import type { SearchHit } from './types';

/** SEARCH_MIN_LENGTH is the shortest query the header search sends. */
export const SEARCH_MIN_LENGTH = 2;

/** searchKey is the query key (the API path) of a search. */
export function searchKey(q: string): string {
  return `/api/search?q=${encodeURIComponent(q)}`;
}

const kindOrder: SearchHit['kind'][] = ['theme', 'question', 'content', 'communication'];
const kindLabels: Record<SearchHit['kind'], string> = {
  theme: 'Themes',
  question: 'Questions',
  content: 'Content',
  communication: 'Communications',
};

/** groupHits groups search hits by kind in a fixed order, keeping the server's order inside a kind. */
export function groupHits(hits: SearchHit[]): { kind: SearchHit['kind']; label: string; hits: SearchHit[] }[] {
  return kindOrder
    .map((kind) => ({ kind, label: kindLabels[kind], hits: hits.filter((h) => h.kind === kind) }))
    .filter((g) => g.hits.length > 0);
}

/** hitTarget is where a search hit leads: its screen, with the record focused or previewed. */
export function hitTarget(hit: Pick<SearchHit, 'kind' | 'id'>): string {
  const id = encodeURIComponent(hit.id);
  switch (hit.kind) {
    case 'theme':
      return `/themes?focus=${id}`;
    case 'question':
      return `/questions?focus=${id}`;
    case 'content':
      return `/content?preview=${id}`;
    case 'communication':
      return `/schedule?focus=${id}`;
    default:
      return '/';
  }
}
