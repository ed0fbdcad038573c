import { useState, type FormEventHandler, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { GuardedButton, ViewOnlyNotice } from '@/components/CanEdit';
import { useCan, type Permission } from '@/hooks/session';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** FormDialogProps: the dialog's state, texts, form handler and fields. */
export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** pending shows "Saving..." on the submit button and disables it. */
  pending: boolean;
  submitLabel: string;
  /** className widens or styles the panel (e.g. 'max-w-2xl'). */
  className?: string;
  /** permission is what submitting needs; plan.edit by default. Without it the fields and submit are disabled, submit saying why. */
  permission?: Permission;
  /** extra follows the fields and stays usable when they are read-only (a History button, a review thread). */
  extra?: ReactNode;
  /** dirty says the fields hold unsaved changes (react-hook-form's isDirty); without it, any input in the fields counts. */
  dirty?: boolean;
  /** notice is said just above Cancel and submit, where the save happens (e.g. "Saving reopens the approval"). */
  notice?: ReactNode;
  children: ReactNode;
}

/** DiscardGuard asks before a close drops unsaved changes: close runs then at once when nothing changed, else after "Discard changes". */
export interface DiscardGuard {
  dirty: boolean;
  /** touch marks the fields changed (an input or change event inside them). */
  touch: () => void;
  confirming: boolean;
  close: (then: () => void) => void;
  keep: () => void;
  discard: () => void;
}

/** useDiscardGuard is a form's DiscardGuard; dirty, when given, is the form's own word on unsaved changes. */
export function useDiscardGuard(dirty?: boolean): DiscardGuard {
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState<null | (() => void)>(null);
  const isDirty = dirty ?? touched;
  return {
    dirty: isDirty,
    touch: () => setTouched(true),
    confirming: pending !== null,
    close: (then) => (isDirty ? setPending(() => then) : then()),
    keep: () => setPending(null),
    discard: () => {
      const then = pending;
      setPending(null);
      setTouched(false);
      then?.();
    },
  };
}

/** FIRST_FIELD finds the first control a person can use (a disabled fieldset's fields are :disabled; Radix's hidden native select is not one). */
const FIRST_FIELD = ':is(input, textarea, select, button):enabled:not([type=hidden]):not([tabindex="-1"]):not([aria-hidden="true"])';

/**
 * readOnlyTitle is a form's title for a role that may only look at it:
 * "Edit Communication" becomes "View Communication"; other titles stay.
 */
export function readOnlyTitle(title: string): string {
  return title.replace(/^Edit\b/, 'View');
}

/**
 * FormDialog is the create/edit dialog every screen uses: title and
 * description, the fields in a form, and Cancel and submit buttons. For a
 * role without the permission it is titled for viewing (readOnlyTitle).
 * Every way of closing it without saving (Cancel, Escape, the X, a click
 * outside) asks first when the fields hold unsaved changes.
 */
export function FormDialog({ open, onOpenChange, title, description, onSubmit, pending, submitLabel, className, permission = 'plan.edit', extra, dirty, notice, children }: FormDialogProps) {
  const allowed = useCan(permission);
  const guard = useDiscardGuard(allowed ? dirty : false);
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : guard.close(() => onOpenChange(false)))}>
      <DialogContent
        className={className}
        onOpenAutoFocus={(e) => {
          // Focus the first field without selecting its text (Radix selects it), so the first key typed does not replace it.
          e.preventDefault();
          const first = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(FIRST_FIELD);
          first?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{allowed ? title : readOnlyTitle(title)}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormBody onSubmit={onSubmit} pending={pending} submitLabel={submitLabel} onCancel={() => onOpenChange(false)} permission={permission} extra={extra} guard={guard} notice={notice}>
          {children}
        </FormBody>
      </DialogContent>
    </Dialog>
  );
}

/** FormBodyProps: the form handler, the submit button's state and label, and Cancel (Close when read-only). */
export interface FormBodyProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** pending shows "Saving..." on the submit button and disables it. */
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
  /** labelledBy names the form by a heading inside it, for a form that is not the whole dialog. */
  labelledBy?: string;
  /** permission is what submitting needs; plan.edit by default. Without it the fields are read-only. */
  permission?: Permission;
  /** extra follows the fields outside their fieldset, so it stays usable when they are read-only. */
  extra?: ReactNode;
  /** guard is the dialog's DiscardGuard; without one the form keeps its own (any input in the fields counts). */
  guard?: DiscardGuard;
  /** notice is said just above Cancel and submit. */
  notice?: ReactNode;
  children: ReactNode;
}

/**
 * FormBody is FormDialog's form: the fields, then Cancel and submit. A
 * dialog that edits a record inside its list (BlackoutsDialog) uses it on
 * its own, so every form saves and cancels alike.
 */
export function FormBody({ onSubmit, pending, submitLabel, onCancel, labelledBy, permission = 'plan.edit', extra, guard: given, notice, children }: FormBodyProps) {
  // The server refuses the change anyway. For a role without the permission
  // the form opens read-only: a disabled fieldset disables every field
  // (inputs, selects, their buttons), the disabled submit says why, and
  // Cancel says Close.
  const allowed = useCan(permission);
  const own = useDiscardGuard();
  const guard = given ?? own;
  // Radix selects fire a bubbling change on their hidden native select, so
  // input and change events cover every field; extra (comments, review) is not the form's.
  const touch = allowed ? guard.touch : undefined;
  return (
    <form onSubmit={allowed ? onSubmit : (e) => e.preventDefault()} className="grid gap-4" noValidate aria-labelledby={labelledBy}>
      <ViewOnlyNotice permission={permission} />
      <fieldset disabled={!allowed} className="group/fields grid min-w-0 gap-4" data-testid="form-fields" onInput={touch} onChange={touch}>
        {children}
      </fieldset>
      {extra}
      {allowed && notice}
      {guard.confirming ? (
        <div role="alert" className="flex flex-wrap items-center justify-end gap-2 rounded-md border border-amber-300 bg-amber-50 p-2" data-testid="discard-confirm">
          <p className="mr-auto text-sm text-amber-900">You have unsaved changes. Discard them?</p>
          <Button variant="outline" autoFocus onClick={guard.keep}>
            Keep editing
          </Button>
          <Button variant="destructive" onClick={guard.discard}>
            Discard changes
          </Button>
        </div>
      ) : (
        <DialogFooter>
          {/* Read-only, there is nothing to cancel: the button only closes. */}
          <Button variant="outline" onClick={() => (allowed ? guard.close(onCancel) : onCancel())}>
            {allowed ? 'Cancel' : 'Close'}
          </Button>
          <GuardedButton type="submit" disabled={pending} permission={permission}>
            {pending ? 'Saving...' : submitLabel}
          </GuardedButton>
        </DialogFooter>
      )}
    </form>
  );
}
