// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/queryClient';
import type { Communication } from '@/lib/types';
import CommunicationDialog, { MSG_SHARED_CONFIDENTIAL } from './CommunicationDialog';

// The form's Confidential control (docs/ui.md, "Need to know"): a label
// field for a person who may edit, disabled with the server's reason for
// the shared access code, and read-only for a communication that follows
// its confidential campaign's insiders. The server's answers are cached as
// it gives them; anything else the dialog asks for finds no server.

/** sent holds the bodies of the PUTs the form made. */
let sent: Record<string, unknown>[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return Promise.resolve(new Response(JSON.stringify({ ...base, ...body }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    }
    return Promise.reject(new Error(`no server in this test: ${url}`));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const planner = { authenticated: true, id: 'p1', name: 'Pat Planner', role: 'planner', permissions: ['plan.read', 'plan.edit'] };
const shared = { ...planner, id: 'shared', name: 'Shared access' };

const base: Communication = { id: 'c1', title: 'Board memo', themeId: 't1', status: 'draft', scheduledDate: '', createdAt: '2026-01-01T00:00:00Z' };

/** shown renders the form for communication as session, with the campaign campaign cached when given. */
function shown(session: object, communication?: Communication, campaign?: object) {
  const client = new QueryClient({ defaultOptions: { ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retry: false } } });
  client.setQueryData(['/api/session'], session);
  client.setQueryData(['/api/themes'], [{ id: 't1', name: 'Go-Live' }]);
  client.setQueryData(['/api/audiences'], []);
  client.setQueryData(['/api/vehicles'], []);
  if (campaign) client.setQueryData([`/api/campaigns/k1`], campaign);
  render(
    <QueryClientProvider client={client}>
      <CommunicationDialog open onOpenChange={() => {}} communication={communication} />
    </QueryClientProvider>,
  );
}

describe('CommunicationDialog confidentiality', () => {
  it('offers a planner a label field, and Insiders on a confidential one', () => {
    shown(planner, { ...base, confidentiality: 'Board Confidential', confidential: true });
    const field = screen.getByLabelText('Confidential (label, optional)') as HTMLInputElement;
    expect(field.disabled).toBe(false);
    expect(field.value).toBe('Board Confidential');
    expect(screen.getByRole('button', { name: 'Insiders of Board memo' })).toBeTruthy();
  });

  it('offers no Insiders on a communication that is not confidential', () => {
    shown(planner, base);
    expect((screen.getByLabelText('Confidential (label, optional)') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Insiders of Board memo' })).toBeNull();
  });

  it('disables the field for the shared access code, saying why', () => {
    shown(shared);
    const field = screen.getByLabelText('Confidential (label, optional)') as HTMLInputElement;
    expect(field.disabled).toBe(true);
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(MSG_SHARED_CONFIDENTIAL);
  });

  it("shows the label of a confidential campaign's communication read-only", () => {
    shown(planner, { ...base, sourceCampaignId: 'k1', confidentiality: 'Board Confidential', confidential: true }, { id: 'k1', title: 'Project Falcon', confidential: true });
    expect(screen.queryByLabelText('Confidential (label, optional)')).toBeNull();
    const ro = screen.getByTestId('confidentiality-readonly');
    expect(ro.textContent).toContain('Board Confidential');
    expect(ro.textContent).toContain('It follows the insiders of its campaign, Project Falcon');
    expect(screen.getByRole('button', { name: 'Insiders of Board memo' })).toBeTruthy();
  });

  it('keeps the field for a labelled communication whose campaign is not confidential', () => {
    shown(planner, { ...base, sourceCampaignId: 'k1', confidentiality: 'Board Confidential', confidential: true }, { id: 'k1', title: 'Open plan', confidential: false });
    expect((screen.getByLabelText('Confidential (label, optional)') as HTMLInputElement).value).toBe('Board Confidential');
  });

  it('sends the label a planner types, and none for the shared access code', async () => {
    shown(planner, base);
    fireEvent.change(screen.getByLabelText('Confidential (label, optional)'), { target: { value: ' Board Confidential ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Communication' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].confidentiality).toBe('Board Confidential');
    cleanup();

    shown(shared, base);
    fireEvent.click(screen.getByRole('button', { name: 'Update Communication' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).not.toHaveProperty('confidentiality');
  });
});
