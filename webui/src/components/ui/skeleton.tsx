import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Skeleton is a grey placeholder shown while data loads. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />;
}
