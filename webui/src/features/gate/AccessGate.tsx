import { AlertCircle, CheckCircle2, KeyRound, Lock, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { logIn, useSignInProviders } from '@/hooks/session';
import { ApiError } from '@/lib/api';

/** INVALID_CODE is the spec's message for a rejected access code. */
export const INVALID_CODE = 'Invalid access code. Please contact your project administrator.';

/**
 * SIGN_IN_ERRORS are the gate's sentences for the server's refusals of a
 * single sign-on (?signin_error=KEY, pkg/sso's reasons). Any other key is
 * ignored: nothing from the address bar is shown as it is.
 */
export const SIGN_IN_ERRORS: Record<string, string> = {
  failed: 'Single sign-on failed. Please try again, or use your access code.',
  expired: 'That sign-in expired or was already used. Please try again.',
  cancelled: 'Sign-in was cancelled at the provider.',
  domain: 'Your email address may not sign in here. Please contact your project administrator.',
  no_access: 'You have no access to this system yet. Please contact your project administrator.',
};

/** GateNotice is why the gate shows again: the person signed out, or their session ended. */
export type GateNotice = 'signed-out' | 'expired';

/** GATE_NOTICES are the gate's sentences for each GateNotice. */
export const GATE_NOTICES: Record<GateNotice, string> = {
  'signed-out': 'You have signed out. Sign in again with your access code when you return.',
  expired: 'Your session has ended. Sign in again to continue.',
};

/** signInError reads the refusal the server sent the browser back with, and takes it out of the address bar. */
function signInError(): string | null {
  const params = new URLSearchParams(window.location.search);
  const key = params.get('signin_error');
  if (key === null) return null;
  params.delete('signin_error');
  const rest = params.toString();
  window.history.replaceState(window.history.state, '', window.location.pathname + (rest ? `?${rest}` : '') + window.location.hash);
  return Object.hasOwn(SIGN_IN_ERRORS, key) ? SIGN_IN_ERRORS[key] : null;
}

/**
 * AccessGate asks for an access code (shared or personal); the server checks it and sets the
 * session cookie. With single sign-on configured it offers "Sign in with {provider}" above.
 * notice says why it shows again (GATE_NOTICES), above the form.
 */
export function AccessGate({ onAccessGranted, notice }: { onAccessGranted: () => void; notice?: GateNotice | null }) {
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ssoError, setSsoError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const oidc = useSignInProviders().data?.oidc;

  useEffect(() => setSsoError(signInError()), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (code.trim() === '' || verifying) return;
    setVerifying(true);
    setError(null);
    try {
      await logIn(code.trim());
      onAccessGranted();
    } catch (err) {
      // 401 is a wrong code; 429 (throttled) and others carry the server's own message.
      if (err instanceof ApiError && err.status !== 401 && err.body?.error) setError(err.body.error);
      else setError(INVALID_CODE);
      setVerifying(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-blue-50 p-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 shadow-lg">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <div className="flex h-12 w-12 items-center justify-center rounded-full bg-blue-100 text-blue-700">
            <Lock className="h-6 w-6" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-semibold text-slate-900">Authorized Access Required</h1>
          <p className="text-sm text-slate-600">Enter your access code to continue to the communications management platform</p>
        </div>
        {notice && !ssoError && (
          <Alert className="mb-4" role="status" data-testid="gate-notice">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
            <span>{GATE_NOTICES[notice]}</span>
          </Alert>
        )}
        {ssoError && (
          <Alert variant="destructive" className="mb-4">
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{ssoError}</span>
          </Alert>
        )}
        {oidc && (
          <div className="mb-4 grid gap-4">
            <Button
              variant="outline"
              className="w-full"
              disabled={leaving}
              onClick={() => {
                // A navigation, not a fetch: the provider's pages take over.
                setLeaving(true);
                window.location.assign(oidc.loginUrl);
              }}
            >
              <KeyRound className="h-4 w-4" aria-hidden="true" />
              Sign in with {oidc.name}
            </Button>
            <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
              <span className="h-px flex-1 bg-slate-200" />
              or use an access code
              <span className="h-px flex-1 bg-slate-200" />
            </div>
          </div>
        )}
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="access-code">Access Code</Label>
            <Input
              id="access-code"
              type="password"
              autoComplete="off"
              autoFocus
              placeholder="Enter access code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              disabled={verifying}
              aria-invalid={error ? true : undefined}
            />
          </div>
          {error && (
            <Alert variant="destructive">
              <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>{error}</span>
            </Alert>
          )}
          <Button type="submit" disabled={code.trim() === '' || verifying} className="w-full">
            {verifying ? 'Verifying...' : 'Access System'}
          </Button>
        </form>
        <div className="mt-6 flex items-start gap-2 rounded-md bg-slate-50 p-3 text-xs text-slate-700">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
          <p>This system contains confidential project information. Unauthorized access is prohibited.</p>
        </div>
      </div>
    </main>
  );
}
