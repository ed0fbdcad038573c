// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { OWN_SESSIONS_PATH, type OwnSession } from '@/hooks/session';
import { queryClient } from '@/lib/queryClient';
import { YourSessionsDialog } from './YourSessionsDialog';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const LAPTOP: OwnSession = {
  id: 'laptop',
  personId: 'dana',
  createdAt: '2026-11-27T08:00:00Z',
  lastSeenAt: '2026-11-27T11:00:00Z',
  expiresAt: '2026-11-27T23:00:00Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  current: true,
};
const PHONE: OwnSession = {
  ...LAPTOP,
  id: 'phone',
  createdAt: '2026-11-26T07:00:00Z',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  current: false,
};

/** serve answers the person's sessions from a list that DELETE /api/sessions/{id} shortens, and records every call. */
function serve(sessions: OwnSession[]) {
  let open = [...sessions];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === OWN_SESSIONS_PATH) return new Response(JSON.stringify(open), { status: 200 });
    const m = /^\/api\/sessions\/(.+)$/.exec(url);
    if (m && init?.method === 'DELETE') {
      open = open.filter((s) => s.id !== m[1]);
      return new Response(null, { status: 204 });
    }
    return new Response('{"error":"not found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog() {
  return render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <YourSessionsDialog open onOpenChange={() => {}} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('YourSessionsDialog', () => {
  it('lists each session with its browser, start and last use, marks this browser and signs out another', async () => {
    const fetchMock = serve([LAPTOP, PHONE]);
    renderDialog();
    const rows = await screen.findAllByTestId('own-session');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Firefox on Linux')).toBeTruthy();
    expect(within(rows[0]).getByText('This browser')).toBeTruthy();
    expect(within(rows[0]).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(within(rows[1]).getByText('Safari on iPhone')).toBeTruthy();
    expect(within(rows[1]).queryByText('This browser')).toBeNull();
    expect(within(rows[1]).getByText(new RegExp(`Started ${new Date(PHONE.createdAt).toLocaleString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))).toBeTruthy();

    fireEvent.click(within(rows[1]).getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    await waitFor(() => expect(screen.getAllByTestId('own-session')).toHaveLength(1));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/sessions/phone' && init?.method === 'DELETE')).toBe(true);
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/sessions/laptop' && init?.method === 'DELETE')).toBe(false);
  });

  it('says so when the sessions cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"x"}', { status: 500 })));
    renderDialog();
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeTruthy();
  });
});
