// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/queryClient';
import { SESSION_PATH, type Permission, type Role } from '@/hooks/session';
import { viewOnlyText, ViewOnlyNotice } from './CanEdit';
import { FormDialog } from './FormDialog';

// A viewer is told, on every form and before trying, that it is view only and why.

afterEach(cleanup);

const PERMISSIONS: Record<'viewer' | 'planner', Permission[]> = { viewer: ['plan.read'], planner: ['plan.read', 'plan.edit'] };

function withRole(role: 'viewer' | 'planner' | null, ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  if (role) client.setQueryData([SESSION_PATH], { authenticated: true, id: 'p1', name: 'Vic', role: role as Role, permissions: PERMISSIONS[role] });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const form = (
  <FormDialog open onOpenChange={() => {}} title="Edit Theme" description="Change it." onSubmit={() => {}} pending={false} submitLabel="Update Theme">
    <input aria-label="Name" defaultValue="Go-live" />
  </FormDialog>
);

describe('ViewOnlyNotice', () => {
  it("words the role's reason as the notice", () => {
    expect(viewOnlyText('Your role (viewer) cannot change the plan.')).toBe('View only: your role (viewer) cannot change the plan.');
  });

  it('heads every FormDialog for a viewer', () => {
    withRole('viewer', form);
    const note = within(screen.getByRole('dialog')).getByRole('note');
    expect(note.textContent).toBe('View only: your role (viewer) cannot change the plan.');
  });

  it('is absent for a planner, and while the session loads', () => {
    withRole('planner', form);
    expect(screen.queryByRole('note')).toBeNull();
    cleanup();
    withRole(null, <ViewOnlyNotice>Generating needs the planner role.</ViewOnlyNotice>);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('adds what the screen says after the reason', () => {
    withRole('viewer', <ViewOnlyNotice>Generating needs the planner role.</ViewOnlyNotice>);
    expect(screen.getByRole('note').textContent).toBe('View only: your role (viewer) cannot change the plan. Generating needs the planner role.');
  });
});
