import type { FormEventHandler, ReactNode } from 'react';
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
  children: ReactNode;
}

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
 */
export function FormDialog({ open, onOpenChange, title, description, onSubmit, pending, submitLabel, className, permission = 'plan.edit', extra, children }: FormDialogProps) {
  const allowed = useCan(permission);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{allowed ? title : readOnlyTitle(title)}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormBody onSubmit={onSubmit} pending={pending} submitLabel={submitLabel} onCancel={() => onOpenChange(false)} permission={permission} extra={extra}>
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
  children: ReactNode;
}

/**
 * FormBody is FormDialog's form: the fields, then Cancel and submit. A
 * dialog that edits a record inside its list (BlackoutsDialog) uses it on
 * its own, so every form saves and cancels alike.
 */
export function FormBody({ onSubmit, pending, submitLabel, onCancel, labelledBy, permission = 'plan.edit', extra, children }: FormBodyProps) {
  // The server refuses the change anyway. For a role without the permission
  // the form opens read-only: a disabled fieldset disables every field
  // (inputs, selects, their buttons), the disabled submit says why, and
  // Cancel says Close.
  const allowed = useCan(permission);
  return (
    <form onSubmit={allowed ? onSubmit : (e) => e.preventDefault()} className="grid gap-4" noValidate aria-labelledby={labelledBy}>
      <ViewOnlyNotice permission={permission} />
      <fieldset disabled={!allowed} className="group/fields grid min-w-0 gap-4" data-testid="form-fields">
        {children}
      </fieldset>
      {extra}
      <DialogFooter>
        {/* Read-only, there is nothing to cancel: the button only closes. */}
        <Button variant="outline" onClick={onCancel}>
          {allowed ? 'Cancel' : 'Close'}
        </Button>
        <GuardedButton type="submit" disabled={pending} permission={permission}>
          {pending ? 'Saving...' : submitLabel}
        </GuardedButton>
      </DialogFooter>
    </form>
  );
}
