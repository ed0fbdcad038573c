import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Card is a bordered white panel. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-lg border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

/** CardHeader is a card's top area. */
export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...props} />;
}

/** CardTitle is a card's heading: h3 unless `as` says otherwise, so each screen keeps its heading levels in order. */
export function CardTitle({ className, as: Heading = 'h3', ...props }: HTMLAttributes<HTMLHeadingElement> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Heading className={cn('text-base font-semibold leading-tight text-slate-900', className)} {...props} />;
}

/** CardContent is a card's body. */
export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-5 pt-0', className)} {...props} />;
}
