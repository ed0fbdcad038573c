import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const grid = 'grid gap-4 md:grid-cols-2 lg:grid-cols-3';

/** CardGrid is a screen's list of cards: a labelled list in a responsive grid. */
export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={grid} aria-label={label}>
      {children}
    </ul>
  );
}

/** CardGridSkeleton stands in for a CardGrid while it loads. */
export function CardGridSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div className={grid} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className="p-5">
          <Skeleton className="mb-2 h-5 w-1/2" />
          <Skeleton className="mb-4 h-4 w-full" />
          <Skeleton className="h-4 w-1/3" />
        </Card>
      ))}
    </div>
  );
}
