import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  default: 'bg-blue-100 text-blue-800',
  secondary: 'bg-slate-100 text-slate-800',
  outline: 'border border-slate-300 text-slate-700',
} as const;

/** Badge is a small label. */
export function Badge({ className, variant = 'default', ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium', variants[variant], className)} {...props} />;
}
