import type { UseMutationResult } from '@tanstack/react-query';

/** RecordDialogOptions: the dialog's state, the record's noun and its resource's create and update mutations. */
export interface RecordDialogOptions<T, I> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** noun names the record in the title: "Edit Theme", "Create New Theme". */
  noun: string;
  /** submitNoun names it on the submit button when shorter ("Vehicle"); noun by default. */
  submitNoun?: string;
  /** id is the record being edited; without one the dialog creates. */
  id?: string;
  create: UseMutationResult<T, Error, I>;
  update: UseMutationResult<T, Error, { id: string; data: Partial<I> }>;
}

/**
 * recordDialog is what every create/edit dialog of a resource does alike:
 * FormDialog's state and texts (dialog), and save, which updates the record
 * being edited or creates one, and closes the dialog once it is saved.
 */
export function recordDialog<T, I>({ open, onOpenChange, noun, submitNoun = noun, id, create, update }: RecordDialogOptions<T, I>) {
  const editing = id !== undefined;
  const close = { onSuccess: () => onOpenChange(false) };
  return {
    dialog: {
      open,
      onOpenChange,
      pending: create.isPending || update.isPending,
      title: editing ? `Edit ${noun}` : `Create New ${noun}`,
      submitLabel: editing ? `Update ${submitNoun}` : `Create ${submitNoun}`,
    },
    /** save sends created to a create, and changes (created unless given) to an update. */
    save(created: I, changes: Partial<I> = created) {
      if (id !== undefined) update.mutate({ id, data: changes }, close);
      else create.mutate(created, close);
    },
  };
}
