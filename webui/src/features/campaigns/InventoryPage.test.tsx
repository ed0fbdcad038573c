// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { CAMPAIGN_PAGE, campaignSummaryPagePath } from '@/hooks/campaigns';
import { SESSION_PATH } from '@/hooks/session';
import type { CampaignSchedule, CampaignSummary, SavedCampaign } from '@/lib/campaigns';
import { queryClient } from '@/lib/queryClient';
import InventoryPage from './InventoryPage';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const SUMMARY: CampaignSummary = {
  id: 'erp',
  title: 'ERP rollout',
  description: 'Finance first',
  activityCount: 1,
  startDate: '2031-03-01',
  endDate: '2031-04-01',
  audienceFilters: { targetCount: 1200 } as CampaignSummary['audienceFilters'],
  geographicFilters: ['Leeds', 'York'],
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
};

const SCHEDULE = {
  id: 'erp',
  name: 'ERP',
  campaignName: 'ERP rollout',
  startDate: '2031-03-01',
  endDate: '2031-04-01',
  totalActivities: 1,
  phases: [],
  activities: [],
} as unknown as CampaignSchedule;

const FULL: SavedCampaign = { ...SUMMARY, schedule: SCHEDULE, htmlContent: '<p>ERP</p>', audienceFilters: SUMMARY.audienceFilters, geographicFilters: SUMMARY.geographicFilters };

/** serve answers the session, the summary pages (n copies of SUMMARY with distinct ids) and the one whole campaign, recording every call. */
function serve(n = 1) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === SESSION_PATH) return new Response(JSON.stringify({ authenticated: true, role: 'planner', permissions: ['plan.read', 'plan.edit'] }));
    const page = /^\/api\/campaigns\?fields=summary&limit=(\d+)$/.exec(url);
    if (page) {
      const rows = Array.from({ length: Math.min(n, Number(page[1])) }, (_, i) => (i === 0 ? SUMMARY : { ...SUMMARY, id: `c${i}`, title: `Campaign ${i}` }));
      return new Response(JSON.stringify(rows));
    }
    if (url === '/api/campaigns/erp') return new Response(JSON.stringify(FULL));
    return new Response('{"error":"not found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  return render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <MemoryRouter>
          <InventoryPage />
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

const urls = (m: ReturnType<typeof serve>) => m.mock.calls.map(([u]) => String(u));

describe('InventoryPage', () => {
  it('draws each card from the summary page alone', async () => {
    const fetchMock = serve();
    renderPage();
    const row = await screen.findByTestId('campaign-row');
    expect(within(row).getByRole('heading', { name: 'ERP rollout' })).toBeTruthy();
    expect(within(row).getByText('Finance first')).toBeTruthy();
    expect(within(row).getByTestId('campaign-people').textContent).toBe('1,200 people');
    expect(within(row).getByTestId('campaign-locations').textContent).toBe('2 locations');
    expect(within(row).getByTestId('campaign-activities').textContent).toBe('1 activity');
    expect(within(row).getByTestId('campaign-created').textContent).not.toBe('');
    const campaignCalls = urls(fetchMock).filter((u) => u.startsWith('/api/campaigns'));
    expect(campaignCalls).toEqual([campaignSummaryPagePath(CAMPAIGN_PAGE)]);
  });

  it('reads the whole campaign only when Edit needs its schedule', async () => {
    const fetchMock = serve();
    renderPage();
    const row = await screen.findByTestId('campaign-row');
    await waitFor(() => expect((within(row).getByRole('button', { name: 'Edit ERP rollout' }) as HTMLButtonElement).disabled).toBe(false));
    expect(urls(fetchMock)).not.toContain('/api/campaigns/erp');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit ERP rollout' }));
    expect(await screen.findByText('Edit Campaign: ERP rollout')).toBeTruthy();
    expect(urls(fetchMock)).toContain('/api/campaigns/erp');
  });

  it('disables Edit for a campaign whose summary has no schedule', async () => {
    const noSchedule: CampaignSummary = { ...SUMMARY, startDate: undefined, endDate: undefined };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === SESSION_PATH
          ? new Response(JSON.stringify({ authenticated: true, role: 'planner', permissions: ['plan.read', 'plan.edit'] }))
          : new Response(JSON.stringify([{ ...noSchedule, activityCount: 0 }])),
      ),
    );
    renderPage();
    const row = await screen.findByTestId('campaign-row');
    expect(within(row).getByTestId('campaign-activities').textContent).toBe('0 activities');
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Edit ERP rollout' })).toBeTruthy());
    expect((within(row).getByRole('button', { name: 'Edit ERP rollout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks the server for the next page of summaries on Show more', async () => {
    const fetchMock = serve(CAMPAIGN_PAGE + 3);
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('campaign-row')).toHaveLength(CAMPAIGN_PAGE), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('campaign-row')).toHaveLength(CAMPAIGN_PAGE + 3), { timeout: 10_000 });
    expect(urls(fetchMock)).toContain(campaignSummaryPagePath(2 * CAMPAIGN_PAGE));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  }, 30_000); // 43 cards of ten buttons each take seconds to draw in jsdom on a loaded machine
});
