// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessGate, INVALID_CODE } from './AccessGate';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function deferredFetch() {
  let resolve!: (r: Response) => void;
  const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, respond: (status: number, body: string) => resolve(new Response(body, { status })) };
}

describe('AccessGate', () => {
  it('keeps the button disabled while the code is blank', () => {
    render(<AccessGate onAccessGranted={() => {}} />);
    const button = screen.getByRole('button', { name: 'Access System' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Access Code'), { target: { value: '   ' } });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Access Code'), { target: { value: 'abc' } });
    expect(button).toHaveProperty('disabled', false);
  });

  it('shows Verifying... while checking, then the red alert for a wrong code', async () => {
    const { fetchMock, respond } = deferredFetch();
    const granted = vi.fn();
    render(<AccessGate onAccessGranted={granted} />);
    fireEvent.change(screen.getByLabelText('Access Code'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access System' }));
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toHaveProperty('disabled', true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
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
});
