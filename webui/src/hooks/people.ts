import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { Role } from './session';

/** Person is one person who signs in with a personal code (GET /api/people); never their code. */
export interface Person {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: string;
  lastSeenAt: string | null;
  activeSessions: number;
}

/** PEOPLE is the people list's path and query key. */
export const PEOPLE = '/api/people';

/** usePeople lists the people by name (admins only). */
export const usePeople = () => useQuery<Person[]>({ queryKey: [PEOPLE] });

/** PersonSession is one open session of a person (GET /api/people/{id}/sessions). */
export interface PersonSession {
  id: string;
  personId: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** usePersonSessions lists a person's open sessions, the most recently used first (admins only). */
export const usePersonSessions = (id: string) => useQuery<PersonSession[]>({ queryKey: [`${PEOPLE}/${id}/sessions`] });

/** useRefresh refetches the people and every person's sessions. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(PEOPLE) });
}

/** useEndSession signs out one session of a person; it ends at its next request. */
export function useEndSession() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (s: PersonSession) => apiRequest('DELETE', `/api/sessions/${s.id}`),
    onSuccess: () => {
      toast({ title: 'Session signed out' });
      return refresh();
    },
    onError: (e) => toast({ title: 'Not signed out', description: e.message, variant: 'destructive' }),
  });
}

/** useAddPerson adds a person; the answer holds their code, shown this once. */
export function useAddPerson() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (p: { name: string; email: string; role: Role }) => apiRequest<Person & { code: string }>('POST', PEOPLE, p),
    onSuccess: refresh,
  });
}

/** useChangeRole changes a person's role (it applies at their next request). */
export function useChangeRole() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => apiRequest<Person>('PATCH', `${PEOPLE}/${id}`, { role }),
    onSuccess: (p) => {
      toast({ title: `${p.name} is now ${p.role}` });
      return refresh();
    },
    onError: (e) => toast({ title: 'Role not changed', description: e.message, variant: 'destructive' }),
  });
}

/** useNewCode issues a person a new code; the old one and its sessions end. */
export function useNewCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ code: string }>('POST', `${PEOPLE}/${id}/code`),
    onSuccess: refresh,
  });
}

/** useSignOutEverywhere ends every session of a person. */
export function useSignOutEverywhere() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (p: Person) => apiRequest('DELETE', `${PEOPLE}/${p.id}/sessions`),
    onSuccess: (_, p) => {
      toast({ title: `${p.name} is signed out everywhere` });
      return refresh();
    },
  });
}

/** useRemovePerson removes a person; their sessions end at their next request. */
export function useRemovePerson() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (p: Person) => apiRequest('DELETE', `${PEOPLE}/${p.id}`),
    onSuccess: (_, p) => {
      toast({ title: `${p.name} removed` });
      return refresh();
    },
    onError: (e) => toast({ title: 'Not removed', description: e.message, variant: 'destructive' }),
  });
}
