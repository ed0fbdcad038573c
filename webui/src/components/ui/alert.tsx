import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Alert is an inline message; destructive is red. */
export function Alert({ className, variant = 'default', ...props }: HTMLAttributes<HTMLDivElement> & { variant?: 'default' | 'destructive' }) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-md border p-3 text-sm',
        variant === 'destructive' ? 'border-red-300 bg-red-50 text-red-800' : 'border-slate-200 bg-white text-slate-800',
        className,
      )}
      {...props}
    />
  );
}
