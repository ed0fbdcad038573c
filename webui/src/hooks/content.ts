import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { crudMessages, resource } from '@/lib/resource';
import type { Content, ContentType } from '@/lib/types';

/** ContentInput is the create and update payload of a content piece. */
export interface ContentInput {
  title: string;
  type: ContentType;
  description: string;
  content: string;
  url: string;
  questionIds: string[];
}

/** content: the library; deleting a piece removes its question links. */
const content = resource<Content, ContentInput>({ path: '/api/content', entity: 'content', messages: crudMessages('Content', 'content') });

export const useContent = content.useList;
export const useCreateContent = content.useCreate;
export const useUpdateContent = content.useUpdate;
export const useDeleteContent = content.useDelete;

/** CONTENT_PAGE is how many pieces the Content Library shows before "Show more". */
export const CONTENT_PAGE = 60;

/**
 * useContentPage fetches the first limit pieces the library's search and
 * type filter keep: the server filters and pages, so the screen
 * costs what it shows, not the whole library.
 */
export function useContentPage(search: string, type: string, limit: number) {
  const q = new URLSearchParams();
  if (search.trim() !== '') q.set('q', search.trim());
  if (type !== 'all') q.set('type', type);
  q.set('limit', String(limit));
  return useQuery<Content[]>({ queryKey: [`/api/content?${q}`], placeholderData: keepPreviousData });
}

/** usePiece reads one piece (a link to one not on screen); off while id is empty. */
export function usePiece(id: string) {
  return useQuery<Content>({ queryKey: [`/api/content/${encodeURIComponent(id)}`], enabled: id !== '' });
}
