import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** ThreadKind is a record that has a comment thread. */
export type ThreadKind = 'communication' | 'campaign';

/** Comment is one comment of a thread (GET /api/{communications|campaigns}/{id}/comments); text is plain text. */
export interface Comment {
  id: string;
  entityType: ThreadKind;
  entityId: string;
  replyTo: string;
  authorId: string;
  authorName: string;
  text: string;
  mentions: string[];
  createdAt: string;
  editedAt: string | null;
}

/** threadPath is a record's thread path and query key. */
export function threadPath(kind: ThreadKind, id: string): string {
  return `/api/${kind === 'campaign' ? 'campaigns' : 'communications'}/${encodeURIComponent(id)}/comments`;
}

/** useComments reads a record's thread, oldest first. */
export const useComments = (kind: ThreadKind, id: string) => useQuery<Comment[]>({ queryKey: [threadPath(kind, id)], enabled: id !== '' });

function useRefresh(kind: ThreadKind, id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [threadPath(kind, id)] });
}

/** useAddComment writes a comment (optionally a reply) in a record's thread. */
export function useAddComment(kind: ThreadKind, id: string) {
  const refresh = useRefresh(kind, id);
  return useMutation({
    mutationFn: (c: { text: string; replyTo?: string }) => apiRequest<Comment>('POST', threadPath(kind, id), c),
    onSuccess: refresh,
  });
}

/** useEditComment replaces the text of one's own comment (within 15 minutes). */
export function useEditComment(kind: ThreadKind, id: string) {
  const refresh = useRefresh(kind, id);
  return useMutation({
    mutationFn: (c: { id: string; text: string }) => apiRequest<Comment>('PATCH', `${threadPath(kind, id)}/${encodeURIComponent(c.id)}`, { text: c.text }),
    onSuccess: refresh,
  });
}

/** useDeleteComment deletes one's own comment (within 15 minutes). */
export function useDeleteComment(kind: ThreadKind, id: string) {
  const refresh = useRefresh(kind, id);
  return useMutation({
    mutationFn: (commentId: string) => apiRequest('DELETE', `${threadPath(kind, id)}/${encodeURIComponent(commentId)}`),
    onSuccess: refresh,
  });
}

/** useMentionable lists everyone a comment may mention (GET /api/mentionable), for the @-picker and the mention chips. */
export const useMentionable = () => useQuery<{ id: string; name: string }[]>({ queryKey: ['/api/mentionable'] });
