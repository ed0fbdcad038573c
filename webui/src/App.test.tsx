// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { queryClient } from './lib/queryClient';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** serve answers GET /api/session with status and body, the sign-in providers with none (no single sign-on), and every other call with an empty list. */
function serve(status: number, body: string) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/session') return new Response(body, { status });
    if (url === '/api/auth/providers') return new Response('null', { status: 200 });
    return new Response('[]', { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const GATE = { name: 'Authorized Access Required' };

describe('App session check', () => {
  it('shows the gate on a first visit ({"authenticated": false}) and logs no error', async () => {
    const errors = vi.spyOn(console, 'error');
    const fetchMock = serve(200, '{"authenticated":false}');
    render(<App />);
    expect(await screen.findByRole('heading', GATE)).toBeTruthy();
    // The gate asks only who is signed in and how one may sign in: no plan
    // data. The providers are asked once the gate is up, so wait for them.
    await waitFor(() => expect(new Set(fetchMock.mock.calls.map(([url]) => url))).toEqual(new Set(['/api/session', '/api/auth/providers'])));
    expect(errors).not.toHaveBeenCalled();
  });

  it('opens the app when the session is valid', async () => {
    serve(200, '{"authenticated":true}');
    render(<App />);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('heading', GATE)).toBeNull();
  });

  it('still shows the gate when the check fails (a 401 or no server)', async () => {
    serve(401, '{"error":"authentication required"}');
    render(<App />);
    expect(await screen.findByRole('heading', GATE)).toBeTruthy();
    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('network down'))));
    render(<App />);
    expect(await screen.findByRole('heading', GATE)).toBeTruthy();
  });
});
