import { apiRequest } from '@/lib/api';

// The session is not cached data: the app asks once on start, and the gate
// and Log out change it. These calls are its one home.

/** checkSession says whether the browser holds a session (200 {authenticated: false} without one). */
export async function checkSession(): Promise<boolean> {
  const s = await apiRequest<{ authenticated?: boolean }>('GET', '/api/session');
  return !!s?.authenticated;
}

/** logIn trades the shared access code for a session cookie; a wrong code rejects with a 401 ApiError. */
export function logIn(code: string): Promise<unknown> {
  return apiRequest('POST', '/api/session', { code });
}

/** logOut ends the session. */
export function logOut(): Promise<unknown> {
  return apiRequest('DELETE', '/api/session');
}
