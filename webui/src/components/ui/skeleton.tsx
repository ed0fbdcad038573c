import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Skeleton is a grey placeholder shown while data loads. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />;
}

/** LoadingRows is a list's loading state: count row placeholders, announced as label (a status). */
export function LoadingRows({ label, count = 2 }: { label: string; count?: number }) {
  return (
    <div className="grid gap-2" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
