import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import type { ThreadKind } from './comments';

/** InboxKind is what an inbox entry tells. */
export type InboxKind = 'review_requested' | 'approved' | 'changes_requested' | 'mention';

/** InboxEntry is one entry of the signed-in person's inbox ("My reviews"). */
export interface InboxEntry {
  id: string;
  kind: InboxKind;
  entityType: ThreadKind;
  entityId: string;
  title: string;
  actorName: string;
  commentId: string;
  excerpt: string;
  at: string;
  read: boolean;
}

/** Inbox is GET /api/inbox: the newest entries and the unread count. */
export interface Inbox {
  entries: InboxEntry[];
  unread: number;
}

/** INBOX is the inbox's path and query key. */
export const INBOX = '/api/inbox';

/** useInbox reads the inbox while enabled, again every 30 seconds and whenever the window regains focus. */
export const useInbox = (enabled = true) => useQuery<Inbox>({ queryKey: [INBOX], enabled, refetchInterval: 30_000, refetchOnWindowFocus: true });

/** useMarkRead marks entries read (none given: every entry). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest<{ unread: number }>('POST', `${INBOX}/read`, { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [INBOX] }),
  });
}
