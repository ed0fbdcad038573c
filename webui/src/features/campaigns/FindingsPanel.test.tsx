// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignActivity, CampaignCheck, CampaignSchedule } from '@/lib/campaigns';
import { findingsByActivity } from '@/lib/campaigns';
import { ActivityFindings, FindingsPanel } from './FindingsPanel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function act(id: string, title: string, date: string): CampaignActivity {
  return { id, title, type: 'training', timing: 'Day 1', date, audience: 'Employees', channel: 'email', description: 'd', priority: 'high', status: 'planned', phase: 'Launch' };
}

function schedule(): CampaignSchedule {
  const acts = [act('activity-1', 'End-User Training Sessions', '2025-07-14'), act('activity-2', 'Training Enrolment Opens', '2025-07-16')];
  return {
    id: 'c', name: 'ERP', campaignName: 'ERP', startDate: '2025-06-02', endDate: '2025-10-31', type: 'Technology Implementation', status: 'draft',
    totalActivities: 2, phases: [], activities: acts, timeline: null, summary: '', confidentialityNote: '',
  };
}

const answer: CampaignCheck = {
  findings: [
    { rule: 'sequence', severity: 'error', activityIds: ['activity-2', 'activity-1'], message: 'Training Enrolment Opens (16 Jul) comes after End-User Training Sessions (14 Jul): people enrol before they are trained' },
    { rule: 'load', severity: 'warning', activityIds: ['activity-1'], message: 'Employees gets 4 activities in the week of 14 Jul 2025 (limit 3)' },
  ],
  errors: 1,
  warnings: 1,
};

function renderPanel(s: CampaignSchedule) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FindingsPanel schedule={s} />
    </QueryClientProvider>,
  );
}

describe('FindingsPanel', () => {
  it('sends the schedule to the checker and lists its findings with the activities they name', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(answer), { status: 200 }));
    const s = schedule();
    renderPanel(s);
    await screen.findByText(/people enrol before they are trained/);
    expect(screen.getByTestId('plan-check-counts').textContent).toBe('1 error · 1 warning');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/campaigns/check');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ schedule: s });
    const named = screen.getAllByTestId('plan-finding-activities').map((n) => n.textContent);
    expect(named).toEqual(['Training Enrolment Opens · End-User Training Sessions', 'End-User Training Sessions']);
    expect(screen.getAllByTestId('plan-finding').map((n) => n.getAttribute('data-severity'))).toEqual(['error', 'warning']);
  });

  it('checks again when an edit makes a new schedule, not on a re-render of the same one', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ findings: [], errors: 0, warnings: 0 }), { status: 200 }));
    const s = schedule();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const at = (x: CampaignSchedule) => (
      <QueryClientProvider client={client}>
        <FindingsPanel schedule={x} />
      </QueryClientProvider>
    );
    const view = render(at(s));
    await screen.findByText(/holds every rule/);
    view.rerender(at(s));
    expect(fetch).toHaveBeenCalledTimes(1);
    view.rerender(at({ ...s, activities: s.activities!.slice(1) }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it('marks an activity with its errors first', () => {
    const by = findingsByActivity(answer.findings);
    expect(by.get('activity-1')?.length).toBe(2);
    render(<ActivityFindings findings={by.get('activity-1')} />);
    expect(screen.getByTestId('activity-finding').textContent).toBe('1 error');
    cleanup();
    render(<ActivityFindings findings={by.get('missing')} />);
    expect(screen.queryByTestId('activity-finding')).toBeNull();
  });
});
