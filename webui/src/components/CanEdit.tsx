import { forwardRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useAllowed, useCan, type Permission } from '@/hooks/session';

// The UI follows the role (docs/ui.md): a control the role may not use is
// hidden (CanEdit) or disabled with a tooltip saying why (GuardedButton).
// The server refuses the change anyway; these only spare a vain attempt.

/** CanEdit shows its controls only to a role that may change the plan (plan.edit); a viewer sees none. */
export function CanEdit({ children }: { children: ReactNode }) {
  return useCan('plan.edit') ? <>{children}</> : null;
}

/** GuardedButtonProps: a Button's props and the permission it needs (plan.edit by default). */
export interface GuardedButtonProps extends ButtonProps {
  permission?: Permission;
}

/**
 * GuardedButton is a Button that only a role with the permission may use: for
 * another it is disabled, and a wrapper carries the tooltip saying why (a
 * disabled button gets no pointer events, so no hover of its own).
 */
export const GuardedButton = forwardRef<HTMLButtonElement, GuardedButtonProps>(({ permission = 'plan.edit', disabled, ...props }, ref) => {
  const { allowed, reason } = useAllowed(permission);
  if (allowed) return <Button ref={ref} disabled={disabled} {...props} />;
  return (
    <span title={reason} className="inline-flex w-fit" data-testid="guarded">
      <Button ref={ref} disabled {...props} />
    </span>
  );
});
GuardedButton.displayName = 'GuardedButton';
