import { Eye, Pencil } from 'lucide-react';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { useAllowed, useCan, useSession, type Permission } from '@/hooks/session';

// The UI follows the role (docs/ui.md): a control the role may not use is
// hidden (CanEdit) or disabled with a tooltip saying why (GuardedButton,
// GuardedIconButton, GuardedMenuItem; the words are useAllowed's). A form
// opens read-only (FormBody). The server refuses the change anyway; these
// only spare a vain attempt.

/**
 * viewOnlyText is the notice of a form a role may only read, from
 * useAllowed's reason: "View only: your role (viewer) cannot change the plan."
 */
export function viewOnlyText(reason: string): string {
  return `View only: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
}

/**
 * ViewOnlyNotice tells a role without the permission, before it tries,
 * that what follows is view only and why (viewOnlyText); children add
 * what the screen needs said (which role may act, what stays readable).
 * It shows nothing while the session loads or for a role with the
 * permission.
 */
export function ViewOnlyNotice({ permission = 'plan.edit', className, children }: { permission?: Permission; className?: string; children?: ReactNode }) {
  const { allowed, reason } = useAllowed(permission);
  const loaded = !!useSession().data?.authenticated;
  if (allowed || !loaded || !reason) return null;
  return (
    <div role="note" data-testid="view-only-notice" className={`flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 ${className ?? ''}`}>
      <Eye className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-medium">{viewOnlyText(reason)}</span>
        {children && <> {children}</>}
      </p>
    </div>
  );
}

/** CanEdit shows its controls only to a role that may change the plan (plan.edit); a viewer sees none. */
export function CanEdit({ children }: { children: ReactNode }) {
  return useCan('plan.edit') ? <>{children}</> : null;
}

/**
 * useEditVerb is the verb of a control that opens a record's form: "Edit"
 * for a role with the permission, "View" for one whose form opens read-only.
 */
export function useEditVerb(permission: Permission = 'plan.edit'): 'Edit' | 'View' {
  return useCan(permission) ? 'Edit' : 'View';
}

/**
 * OpenFormButton opens a record's form: "Edit NAME" with a pencil for a role
 * that may change it, "View NAME" with an eye for one whose form opens
 * read-only, so every reader can still see the record's details.
 */
export function OpenFormButton({ name, onClick, permission = 'plan.edit', className }: { name: string; onClick: () => void; permission?: Permission; className?: string }) {
  const verb = useEditVerb(permission);
  return (
    <IconButton label={`${verb} ${name}`} onClick={onClick} className={className}>
      {verb === 'Edit' ? <Pencil className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
    </IconButton>
  );
}

/** GuardedButtonProps: a Button's props and the permission it needs (plan.edit by default). */
export interface GuardedButtonProps extends ButtonProps {
  permission?: Permission;
  /** why, when set, disables the button for a reason other than the role (not the feed's owner) and is its tooltip. */
  why?: string;
}

/**
 * GuardedButton is a Button that only a role with the permission may use: for
 * another it is disabled, and a wrapper carries the tooltip saying why (a
 * disabled button gets no pointer events, so no hover of its own).
 */
export const GuardedButton = forwardRef<HTMLButtonElement, GuardedButtonProps>(({ permission = 'plan.edit', why, disabled, ...props }, ref) => {
  const { allowed, reason } = useAllowed(permission);
  if (allowed && !why) return <Button ref={ref} disabled={disabled} {...props} />;
  return (
    <span title={reason ?? why} className="inline-flex w-fit" data-testid="guarded">
      <Button ref={ref} disabled {...props} />
    </span>
  );
});
GuardedButton.displayName = 'GuardedButton';

/** GuardedIconButtonProps: an IconButton's props and the permission it needs (plan.edit by default). */
export interface GuardedIconButtonProps extends ButtonProps {
  label: string;
  permission?: Permission;
}

/** GuardedIconButton is GuardedButton for an icon-only button: named by label, disabled with the reason for a role without the permission. */
export const GuardedIconButton = forwardRef<HTMLButtonElement, GuardedIconButtonProps>(({ permission = 'plan.edit', label, disabled, ...props }, ref) => {
  const { allowed, reason } = useAllowed(permission);
  if (allowed) return <IconButton ref={ref} label={label} disabled={disabled} {...props} />;
  return (
    <span title={reason} className="inline-flex w-fit" data-testid="guarded">
      <Button ref={ref} variant="ghost" size="icon" aria-label={label} {...props} disabled />
    </span>
  );
});
GuardedIconButton.displayName = 'GuardedIconButton';

/** GuardedMenuItemProps: a menu item's props and the permission it needs (plan.edit by default). */
export interface GuardedMenuItemProps extends ComponentPropsWithoutRef<typeof DropdownMenuItem> {
  permission?: Permission;
}

/**
 * GuardedMenuItem is GuardedButton for a row's "⋮" menu: for a role without
 * the permission the item is disabled and its title says why (a disabled
 * Radix item still takes the hover, so it carries the tooltip itself).
 */
export function GuardedMenuItem({ permission = 'plan.edit', disabled, title, ...props }: GuardedMenuItemProps) {
  const { allowed, reason } = useAllowed(permission);
  return <DropdownMenuItem {...props} disabled={disabled || !allowed} title={allowed ? title : reason} data-guarded={allowed ? undefined : ''} />;
}
