// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/queryClient';
import { SESSION_PATH, type Permission, type Role } from '@/hooks/session';
import { GuardedButton } from './CanEdit';
import { FormDialog, readOnlyTitle } from './FormDialog';

// Every form follows the role: for a role that may only look,
// the shared FormDialog is titled for viewing and its Cancel says Close.

afterEach(cleanup);

const PERMISSIONS: Record<'viewer' | 'planner', Permission[]> = { viewer: ['plan.read'], planner: ['plan.read', 'plan.edit'] };

/** withRole renders ui signed in as role. */
function withRole(role: 'viewer' | 'planner', ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  client.setQueryData([SESSION_PATH], { authenticated: true, id: 'p1', name: 'Vic', role: role as Role, permissions: PERMISSIONS[role] });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function renderForm(role: 'viewer' | 'planner', onOpenChange = vi.fn()) {
  withRole(
    role,
    <FormDialog open onOpenChange={onOpenChange} title="Edit Communication" description="Change it." onSubmit={() => {}} pending={false} submitLabel="Update Communication">
      <input aria-label="Title" defaultValue="Cut-over" />
    </FormDialog>,
  );
  const dialog = screen.getByRole('dialog');
  return { dialog, form: within(dialog.querySelector('form')!) };
}

describe('FormDialog', () => {
  it('is titled for viewing and closes with Close for a viewer', () => {
    const onOpenChange = vi.fn();
    const { dialog, form } = renderForm('viewer', onOpenChange);
    expect(screen.getByRole('dialog', { name: 'View Communication' })).toBe(dialog);
    expect(screen.queryByText('Edit Communication')).toBeNull();
    expect(form.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect((form.getByRole('button', { name: 'Update Communication' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(form.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps its title and Cancel for a planner', () => {
    const { form } = renderForm('planner');
    screen.getByRole('dialog', { name: 'Edit Communication' });
    expect(form.queryByRole('button', { name: 'Close' })).toBeNull();
    form.getByRole('button', { name: 'Cancel' });
  });

  it('closes at once when nothing changed', () => {
    const onOpenChange = vi.fn();
    const { form } = renderForm('planner', onOpenChange);
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('asks before Cancel or Escape discards typed changes', () => {
    const onOpenChange = vi.fn();
    const { dialog, form } = renderForm('planner', onOpenChange);
    fireEvent.input(form.getByLabelText('Title'), { target: { value: 'Cut-over day' } });
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(form.getByRole('alert').textContent).toContain('You have unsaved changes');
    fireEvent.click(form.getByRole('button', { name: 'Keep editing' }));
    expect(form.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onOpenChange).not.toHaveBeenCalled();
    fireEvent.click(form.getByRole('button', { name: 'Discard changes' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('follows the dirty flag a form gives', () => {
    const onOpenChange = vi.fn();
    withRole(
      'planner',
      <FormDialog open onOpenChange={onOpenChange} title="Edit" description="d" onSubmit={() => {}} pending={false} submitLabel="Save" dirty={false}>
        <input aria-label="Title" defaultValue="x" />
      </FormDialog>,
    );
    const form = within(screen.getByRole('dialog').querySelector('form')!);
    fireEvent.input(form.getByLabelText('Title'), { target: { value: 'y' } });
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('reads only an Edit title as View', () => {
    expect(readOnlyTitle('Edit Activity')).toBe('View Activity');
    expect(readOnlyTitle('Editorial Calendar')).toBe('Editorial Calendar');
    expect(readOnlyTitle('New Communication')).toBe('New Communication');
  });
});

describe('GuardedButton', () => {
  it('shows a reason other than the role on a wrapper, since the disabled button takes no hover', () => {
    withRole('planner', <GuardedButton why="Only Ann or an admin can revoke this feed.">Revoke</GuardedButton>);
    const button = screen.getByRole('button', { name: 'Revoke' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('');
    expect(button.parentElement!.title).toBe('Only Ann or an admin can revoke this feed.');
  });

  it("puts the role's reason first for a viewer, and is a plain enabled button with no reason", () => {
    withRole('viewer', <GuardedButton why="Only Ann or an admin can revoke this feed.">Revoke</GuardedButton>);
    expect(screen.getByRole('button', { name: 'Revoke' }).parentElement!.title).toBe('Your role (viewer) cannot change the plan.');
    cleanup();
    withRole('planner', <GuardedButton>Revoke</GuardedButton>);
    const button = screen.getByRole('button', { name: 'Revoke' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(screen.queryByTestId('guarded')).toBeNull();
  });
});
