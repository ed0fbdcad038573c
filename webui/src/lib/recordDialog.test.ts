import type { UseMutationResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { recordDialog } from './recordDialog';

interface Input {
  name: string;
  location?: string;
}

/** mutation records what a dialog sends; onSuccess runs at once, as a saved record would. */
function mutation<V>(sent: unknown[], isPending = false) {
  return {
    isPending,
    mutate: (vars: V, opts?: { onSuccess?: () => void }) => {
      sent.push(vars);
      opts?.onSuccess?.();
    },
  } as unknown as UseMutationResult<unknown, Error, V>;
}

describe('recordDialog', () => {
  it('creates without an id, with the create texts, and closes once saved', () => {
    const created: unknown[] = [];
    const updated: unknown[] = [];
    const open: boolean[] = [];
    const { dialog, save } = recordDialog<unknown, Input>({
      open: true,
      onOpenChange: (o) => open.push(o),
      noun: 'Delivery Vehicle',
      submitNoun: 'Vehicle',
      create: mutation(created),
      update: mutation(updated, true),
    });
    expect(dialog).toMatchObject({ title: 'Create New Delivery Vehicle', submitLabel: 'Create Vehicle', pending: true, open: true });
    save({ name: 'Email', location: 'SFB' }, { name: 'Email' });
    expect(created).toEqual([{ name: 'Email', location: 'SFB' }]);
    expect(updated).toEqual([]);
    expect(open).toEqual([false]);
  });

  it('updates the record being edited with the changes', () => {
    const created: unknown[] = [];
    const updated: unknown[] = [];
    const { dialog, save } = recordDialog<unknown, Input>({
      open: true,
      onOpenChange: () => {},
      noun: 'Audience',
      id: 'a1',
      create: mutation(created),
      update: mutation(updated),
    });
    expect(dialog).toMatchObject({ title: 'Edit Audience', submitLabel: 'Update Audience', pending: false });
    save({ name: 'All', location: 'SFB' }, { name: 'All' });
    save({ name: 'Both' });
    expect(updated).toEqual([
      { id: 'a1', data: { name: 'All' } },
      { id: 'a1', data: { name: 'Both' } },
    ]);
    expect(created).toEqual([]);
  });
});
