import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '@/lib/mutation';
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

/** useContent lists the content library. */
export function useContent() {
  return useQuery<Content[]>({ queryKey: ['/api/content'] });
}

/** useCreateContent creates a content piece. */
export function useCreateContent() {
  return useApiMutation<Content, ContentInput>({
    request: (body) => ({ method: 'POST', url: '/api/content', body }),
    entity: 'content',
    success: 'Content created successfully!',
    failure: 'Failed to create content',
  });
}

/** useUpdateContent updates a content piece. */
export function useUpdateContent() {
  return useApiMutation<Content, { id: string; data: ContentInput }>({
    request: ({ id, data }) => ({ method: 'PUT', url: `/api/content/${id}`, body: data }),
    entity: 'content',
    success: 'Content updated successfully!',
    failure: 'Failed to update content',
  });
}

/** useDeleteContent deletes a content piece and its question links. */
export function useDeleteContent() {
  return useApiMutation<void, string>({
    request: (id) => ({ method: 'DELETE', url: `/api/content/${id}` }),
    entity: 'content',
    success: 'Content deleted successfully',
    failure: 'Failed to delete content',
  });
}
