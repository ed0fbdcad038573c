import { REVIEW_LABELS, reviewState } from '@/lib/review';
import type { Review } from '@/lib/types';
import { cn } from '@/lib/cn';

const colours = {
  none: '',
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  changes_requested: 'bg-red-100 text-red-900',
} as const;

/** ReviewBadge shows a review's state (nothing for none); compact fits a calendar event. */
export function ReviewBadge({ review, compact, className }: { review?: Review | null; compact?: boolean; className?: string }) {
  const state = reviewState(review);
  if (state === 'none') return null;
  return (
    <span
      data-review={state}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full font-medium',
        compact ? 'px-1.5 text-[10px] leading-4' : 'px-2.5 py-0.5 text-xs',
        colours[state],
        className,
      )}
    >
      {REVIEW_LABELS[state]}
    </span>
  );
}
