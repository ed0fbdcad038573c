import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** SwitchProps: the state, its change handler, and an accessible name (aria-label or aria-labelledby). */
export interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role'> {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

/** Switch is an on/off toggle (role switch); Space and Enter flip it like any button. */
export function Switch({ checked, onCheckedChange, disabled, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange?.(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-blue-700' : 'bg-slate-400',
        className,
      )}
      {...props}
    >
      <span aria-hidden="true" className={cn('block h-5 w-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0')} />
    </button>
  );
}
