// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignActivity, CampaignSchedule } from '@/lib/campaigns';
import { TooltipProvider } from '@/components/ui/tooltip';
import { SESSION_PATH, type Permission, type Role } from '@/hooks/session';
import ScheduleEditorDialog, { type ScheduleEditorDialogProps } from './ScheduleEditorDialog';

/** renderEditor renders the editor for a signed-in role (a planner unless told): forms follow the session's permissions. */
function renderEditor(onChange: ScheduleEditorDialogProps['onChange'] = () => {}, role: Role = 'planner') {
  const permissions: Permission[] = role === 'viewer' ? ['plan.read'] : ['plan.read', 'plan.edit'];
  const session = { authenticated: true, role, permissions };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: () => session } } });
  client.setQueryData([SESSION_PATH], session);
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ScheduleEditorDialog open onOpenChange={() => {}} schedule={schedule()} onChange={onChange} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function act(id: string, title: string, phase: string): CampaignActivity {
  return { id, title, type: 'Email', timing: 'Day 1', date: '2031-03-01', audience: 'All', channel: 'email', description: 'd', priority: 'medium', status: 'planned', phase };
}

function schedule(): CampaignSchedule {
  const a = act('activity-1', 'Kickoff', 'Preparation');
  return {
    id: 'c',
    name: 'ERP',
    campaignName: 'ERP',
    startDate: '2031-03-01',
    endDate: '2031-04-01',
    type: 'Change Management',
    status: 'draft',
    totalActivities: 1,
    phases: [
      { id: 'phase-1', name: 'Preparation', description: '', duration: '4 days', activities: [a], confidentiality: '' },
      { id: 'phase-2', name: 'Launch', description: '', duration: '7 days', activities: [], confidentiality: '' },
    ],
    activities: [a],
    timeline: null,
    summary: '',
    confidentialityNote: '',
  };
}

describe('ScheduleEditorDialog', () => {
  it('shows each phase, and the empty phase text', () => {
    renderEditor();
    expect(screen.getByText('Kickoff')).toBeTruthy();
    expect(screen.getByText('No activities in this phase')).toBeTruthy();
    expect(screen.getByText(/1 activity across 2 phases/)).toBeTruthy();
  });

  it('refuses an empty activity with every message, then adds a valid one', async () => {
    const onChange = vi.fn();
    renderEditor(onChange);
    fireEvent.click(screen.getByRole('button', { name: 'Add Activity to Launch' }));
    const form = await screen.findByRole('dialog', { name: 'Add Activity' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Activity' }));
    for (const msg of ['Title', 'Type', 'Timing', 'Date', 'Audience', 'Channel', 'Description']) {
      expect(within(form).getByText(`${msg} is required`)).toBeTruthy();
    }
    expect(onChange).not.toHaveBeenCalled();

    const fill = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill('Title', 'Go-live email');
    fill('Type', 'Email');
    fill('Timing', 'Day 5');
    fill('Date', '2031-03-05');
    fill('Audience', 'All');
    fill('Channel', 'email');
    fill('Description', 'Tell everyone');
    fireEvent.click(within(form).getByRole('button', { name: 'Add Activity' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const [next, change] = onChange.mock.calls[0] as [CampaignSchedule, string];
    expect(change).toBe('added');
    expect(next.totalActivities).toBe(2);
    expect(next.phases![1].activities![0]).toMatchObject({ id: 'activity-2', title: 'Go-live email', phase: 'Launch', priority: 'medium', status: 'planned' });
  });

  it('deletes after the confirm only', async () => {
    const onChange = vi.fn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderEditor(onChange);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Kickoff' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete the activity "Kickoff"?');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Kickoff' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0][0].totalActivities).toBe(0);
    expect(onChange.mock.calls[0][1]).toBe('deleted');
  });

  it('opens an activity read-only for a viewer: View, no Add or Delete, every field and the submit disabled, with why', async () => {
    const onChange = vi.fn();
    renderEditor(onChange, 'viewer');
    expect(screen.queryByRole('button', { name: 'Add Activity to Launch' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Kickoff' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Kickoff' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View Kickoff' }));
    const form = await screen.findByRole('dialog', { name: 'View Activity' });
    for (const label of ['Title', 'Type', 'Timing', 'Date', 'Audience', 'Channel', 'Description', 'Priority', 'Status']) {
      const field = within(form).getByLabelText(label) as HTMLInputElement;
      expect(field.matches(':disabled'), `${label} is disabled`).toBe(true);
    }
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Kickoff');
    const submit = within(form).getByRole('button', { name: 'Update Activity' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.parentElement!.title).toBe('Your role (viewer) cannot change the plan.');
    const footer = within(submit.closest('form')!);
    expect(footer.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect((footer.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.submit(submit.closest('form')!);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("a planner's activity form is enabled", async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Kickoff' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Activity' });
    expect((within(form).getByLabelText('Title') as HTMLInputElement).matches(':disabled')).toBe(false);
    expect((within(form).getByRole('button', { name: 'Update Activity' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
