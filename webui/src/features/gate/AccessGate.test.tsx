// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render as renderDom, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/queryClient';
import { AccessGate, INVALID_CODE, SIGN_IN_ERRORS } from './AccessGate';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** render renders ui with a fresh query client set up as the app's. */
function render(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  return renderDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** deferredFetch answers the sign-in providers with providers (off by default) and holds every other request until respond. */
function deferredFetch(providers = '{"oidc":null}') {
  let resolve!: (r: Response) => void;
  const fetchMock = vi.fn((url: string) =>
    url === '/api/auth/providers' ? Promise.resolve(new Response(providers, { status: 200 })) : new Promise<Response>((r) => (resolve = r)),
  );
  vi.stubGlobal('fetch', fetchMock);
  const calls = () => (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url !== '/api/auth/providers');
  return { fetchMock, calls, respond: (status: number, body: string) => resolve(new Response(body, { status })) };
}

describe('AccessGate', () => {
  it('keeps the button disabled while the code is blank', () => {
    deferredFetch();
    render(<AccessGate onAccessGranted={() => {}} />);
    const button = screen.getByRole('button', { name: 'Access System' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Access Code'), { target: { value: '   ' } });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Access Code'), { target: { value: 'abc' } });
    expect(button).toHaveProperty('disabled', false);
  });

  it('shows Verifying... while checking, then the red alert for a wrong code', async () => {
    const { calls, respond } = deferredFetch();
    const granted = vi.fn();
    render(<AccessGate onAccessGranted={granted} />);
    fireEvent.change(screen.getByLabelText('Access Code'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access System' }));
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toHaveProperty('disabled', true);
    const [url, init] = calls()[0];
    expect(url).toBe('/api/session');
    expect(init.body).toBe('{"code":"wrong"}');
    respond(401, JSON.stringify({ error: INVALID_CODE }));
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_CODE);
    expect(granted).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Access System' })).toBeTruthy();
  });

  it('shows the server message when throttled', async () => {
    const { respond } = deferredFetch();
    render(<AccessGate onAccessGranted={() => {}} />);
    fireEvent.change(screen.getByLabelText('Access Code'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access System' }));
    respond(429, JSON.stringify({ error: 'Too many attempts. Try again in a minute.' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in a minute.');
  });

  it('grants access on success', async () => {
    const { respond } = deferredFetch();
    const granted = vi.fn();
    render(<AccessGate onAccessGranted={granted} />);
    fireEvent.change(screen.getByLabelText('Access Code'), { target: { value: 'E2E-TEST-CODE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access System' }));
    respond(200, '{"authenticated":true}');
    await waitFor(() => expect(granted).toHaveBeenCalledTimes(1));
  });

  it('offers no single sign-on when the server has none', async () => {
    const { fetchMock } = deferredFetch();
    render(<AccessGate onAccessGranted={() => {}} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/providers', expect.anything()));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull();
  });

  it('offers Sign in with the provider above the code, and goes there', async () => {
    deferredFetch('{"oidc":{"name":"Okta","loginUrl":"/api/auth/oidc/login"}}');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '', pathname: '/', hash: '' });
    render(<AccessGate onAccessGranted={() => {}} />);
    const sso = await screen.findByRole('button', { name: 'Sign in with Okta' });
    const code = screen.getByLabelText('Access Code');
    expect(sso.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(sso);
    expect(assign).toHaveBeenCalledWith('/api/auth/oidc/login');
    expect(screen.getByRole('button', { name: 'Access System' })).toBeTruthy();
  });

  it('says why a single sign-on was refused, and clears it from the address bar', async () => {
    deferredFetch('{"oidc":{"name":"Okta","loginUrl":"/api/auth/oidc/login"}}');
    window.history.replaceState(null, '', '/?signin_error=domain');
    render(<AccessGate onAccessGranted={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_ERRORS.domain);
    expect(window.location.search).toBe('');
  });

  it('shows nothing for an unknown refusal key', async () => {
    deferredFetch();
    window.history.replaceState(null, '', '/?signin_error=%3Cb%3Ephish%3C%2Fb%3E');
    render(<AccessGate onAccessGranted={() => {}} />);
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(window.location.search).toBe('');
  });
});
