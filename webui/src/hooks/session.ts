import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryClient } from '@/lib/queryClient';
import { toast } from '@/lib/toast';

// The session is not cached data: the app asks once on start, and the gate
// and Log out change it. These calls are its one home.

/** Permission is one of the server's permissions (pkg/actor/roles.go). */
export type Permission =
  | 'plan.read'
  | 'plan.edit'
  | 'reviews.decide'
  | 'audit.read'
  | 'people.manage'
  | 'feeds.manage'
  | 'backups.manage'
  | 'confidential.read'
  | 'directory.read'
  | 'directory.manage'
  | 'delivery.send';

/** Role is one of the four roles. */
export type Role = 'viewer' | 'planner' | 'approver' | 'admin';

/** Session is GET /api/session: who is signed in and what their role may do. */
export interface Session {
  authenticated: boolean;
  expiresAt?: string;
  id?: string;
  name?: string;
  role?: Role;
  permissions?: Permission[];
}

/** SESSION_PATH is the session's path and query key. */
export const SESSION_PATH = '/api/session';

/** checkSession says whether the browser holds a session (200 {authenticated: false} without one). */
export async function checkSession(): Promise<boolean> {
  const s = await apiRequest<Session>('GET', SESSION_PATH);
  // Kept as useSession's answer: the header's name and controls are then in the
  // first paint, not added a moment later (which moved every screen down 20 px).
  if (s?.authenticated) queryClient.setQueryData([SESSION_PATH], s);
  return !!s?.authenticated;
}

/** logIn trades a shared or personal access code for a session cookie; a wrong code rejects with a 401 ApiError. */
export function logIn(code: string): Promise<unknown> {
  return apiRequest('POST', SESSION_PATH, { code });
}

/** logOut ends the session. */
export function logOut(): Promise<unknown> {
  return apiRequest('DELETE', SESSION_PATH);
}

/** useSession reads who is signed in; it is fetched again with every app start (the query cache is cleared at the gate). */
export const useSession = () => useQuery<Session>({ queryKey: [SESSION_PATH], staleTime: 60_000 });

/**
 * useCan says whether the signed-in role has permission p. While the
 * session loads it answers false, so controls appear only once allowed.
 */
export function useCan(p: Permission): boolean {
  const { data } = useSession();
  return !!data?.permissions?.includes(p);
}

/** SignInProviders is GET /api/auth/providers: the single sign-on provider, null when it is off. */
export interface SignInProviders {
  oidc: { name: string; loginUrl: string } | null;
}

/** PROVIDERS_PATH is the sign-in providers' path and query key (open without a session). */
export const PROVIDERS_PATH = '/api/auth/providers';

/** useSignInProviders says whether the gate offers single sign-on, and with whom. */
export const useSignInProviders = () => useQuery<SignInProviders>({ queryKey: [PROVIDERS_PATH], staleTime: Infinity, retry: false });

/** WHAT_IT_ALLOWS names what each permission allows, for the tooltip of a control the role may not use. */
const WHAT_IT_ALLOWS: Record<Permission, string> = {
  'plan.read': 'see the plan',
  'plan.edit': 'change the plan',
  'reviews.decide': 'decide reviews',
  'audit.read': 'read the audit log',
  'people.manage': 'manage people',
  'feeds.manage': "manage other people's feeds",
  'backups.manage': 'take and download backups',
  'confidential.read': 'see every confidential item',
  'directory.read': "see the employee directory's contact details",
  'directory.manage': 'import the employee directory',
  'delivery.send': 'send communications',
};

/**
 * useAllowed answers whether the role has permission p and, when not, why
 * (the tooltip of a disabled control: "Your role (viewer) cannot change the plan.").
 * It is the one wording of every guarded control (components/CanEdit.tsx).
 */
export function useAllowed(p: Permission): { allowed: boolean; reason: string | undefined } {
  const { data } = useSession();
  const allowed = !!data?.permissions?.includes(p);
  if (allowed) return { allowed, reason: undefined };
  return { allowed, reason: `Your role${data?.role ? ` (${data.role})` : ''} cannot ${WHAT_IT_ALLOWS[p]}.` };
}

/** useMayEdit answers whether the role may change the plan and, when not, why (the tooltip of a disabled control). */
export const useMayEdit = () => useAllowed('plan.edit');

/** OwnSession is one of the signed-in person's own open sessions (GET /api/session/sessions). */
export interface OwnSession {
  id: string;
  personId: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** userAgent is the browser's User-Agent at the sign-in ('' for sessions older than it). */
  userAgent: string;
  /** current marks the session of this browser. */
  current: boolean;
}

/** OWN_SESSIONS_PATH is the path and query key of the signed-in person's sessions. */
export const OWN_SESSIONS_PATH = '/api/session/sessions';

/** useOwnSessions lists the signed-in person's sessions, the most recently used first, while enabled (the dialog is open). */
export const useOwnSessions = (enabled: boolean) => useQuery<OwnSession[]>({ queryKey: [OWN_SESSIONS_PATH], enabled, staleTime: 0 });

/** useEndOwnSession signs out one of the person's other sessions; it ends at its next request. */
export function useEndOwnSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (s: OwnSession) => apiRequest('DELETE', `/api/sessions/${s.id}`),
    onSuccess: () => {
      toast({ title: 'Session signed out' });
      return client.invalidateQueries({ queryKey: [OWN_SESSIONS_PATH] });
    },
    onError: (e) => toast({ title: 'Not signed out', description: e.message, variant: 'destructive' }),
  });
}
