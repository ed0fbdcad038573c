import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** InsiderKind is a record that may be confidential. */
export type InsiderKind = 'communication' | 'campaign';

/** Insider is a person who may see a confidential record (GET /api/{campaigns|communications}/{id}/insiders). */
export interface Insider {
  personId: string;
  name: string;
  addedAt: string;
}

/** insidersPath is a record's insiders path and query key. */
export function insidersPath(kind: InsiderKind, id: string): string {
  return `/api/${kind === 'campaign' ? 'campaigns' : 'communications'}/${encodeURIComponent(id)}/insiders`;
}

/** useInsiders reads a confidential record's insiders, by name. */
export const useInsiders = (kind: InsiderKind, id: string) => useQuery<Insider[]>({ queryKey: [insidersPath(kind, id)], enabled: id !== '' });

/** useAddInsider makes a person, named as the screens show them, an insider. */
export function useAddInsider(kind: InsiderKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<Insider[]>('POST', insidersPath(kind, id), { name }),
    onSuccess: (list) => queryClient.setQueryData([insidersPath(kind, id)], list),
  });
}

/** useRemoveInsider ends a person's being an insider; one who removes themselves no longer sees the record. */
export function useRemoveInsider(kind: InsiderKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: string) => apiRequest<Insider[]>('DELETE', `${insidersPath(kind, id)}/${encodeURIComponent(personId)}`),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
