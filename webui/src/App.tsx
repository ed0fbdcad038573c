import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AccessGate, type GateNotice } from '@/features/gate/AccessGate';
import { AppShell, preloadScreen } from '@/app/AppShell';
import { checkSession, logOut } from '@/hooks/session';
import { onUnauthorized } from '@/lib/api';
import { queryClient } from '@/lib/queryClient';

type SessionState = 'checking' | 'locked' | 'unlocked';

/** App shows the access gate until the server grants a session, then the routed app. */
export function App() {
  const [session, setSession] = useState<SessionState>('checking');
  // Why the gate is back: the gate says so (signed out, or the session ended).
  const [notice, setNotice] = useState<GateNotice | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;

  useEffect(() => {
    let cancelled = false;
    // The screen's chunk loads while the session is checked, not after it
    // (one round trip and a chunk fewer between the entry and the screen).
    preloadScreen(window.location.pathname);
    // The server answers 200 {authenticated: false} without a session, so a
    // first visit logs no failed request; a failure still means locked.
    checkSession()
      .then((ok) => !cancelled && setSession(ok ? 'unlocked' : 'locked'))
      .catch(() => !cancelled && setSession('locked'));
    return () => {
      cancelled = true;
    };
  }, []);

  // Any 401 (an expired or revoked session) returns to the gate and drops cached data.
  useEffect(
    () =>
      onUnauthorized(() => {
        // Only a session that was open has ended; the gate's own refusals say their own words.
        if (sessionRef.current === 'unlocked') setNotice('expired');
        setSession('locked');
        queryClient.clear();
      }),
    [],
  );

  const logout = useCallback(async () => {
    // Requests that fail while signing out are no ended session.
    sessionRef.current = 'locked';
    try {
      await logOut();
    } finally {
      queryClient.clear();
      setNotice('signed-out');
      setSession('locked');
    }
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {session === 'checking' && (
          <div className="flex min-h-screen items-center justify-center text-sm text-slate-600" role="status">
            Loading...
          </div>
        )}
        {session === 'locked' && (
          <AccessGate
            notice={notice}
            onAccessGranted={() => {
              setNotice(null);
              setSession('unlocked');
            }}
          />
        )}
        {session === 'unlocked' && (
          <BrowserRouter>
            <AppShell onLogout={logout} />
          </BrowserRouter>
        )}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
