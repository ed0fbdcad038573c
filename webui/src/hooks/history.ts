import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@/lib/types';

/** HistoryEntry is one entry of a record's history: who changed it, when, and which fields. */
export interface HistoryEntry extends ActivityEntry {
  actorName: string;
  changes?: Record<string, { before?: unknown; after?: unknown }>;
}

/**
 * useHistory reads a record's history (GET /api/history/{entity}/{id}), newest first, while enabled.
 * No change invalidates it and others write too, so it is read again each time a panel opens.
 */
export const useHistory = (entity: string, id: string, enabled: boolean) =>
  useQuery<HistoryEntry[]>({ queryKey: [`/api/history/${entity}/${encodeURIComponent(id)}`], enabled, refetchOnMount: 'always' });
