import { Inbox as InboxIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { ReviewBadge } from '@/components/ReviewBadge';
import { SectionHeading } from '@/components/SectionHeading';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { activityAge } from '@/lib/activity';
import { cn } from '@/lib/cn';
import { inboxKindLabel, queueFacts, recordLink } from '@/lib/inbox';
import type { Review, ReviewItem } from '@/lib/types';
import { useInbox, useMarkRead, type InboxEntry } from '@/hooks/inbox';
import { useReviews } from '@/hooks/review';

/**
 * InboxPage is "My reviews", a queue first and a feed second. "Needs my
 * review" lists what the signed-in person has a decision to take on, oldest
 * request first, each with its state, who asked, the due date and its age:
 * the same list (GET /api/reviews?mine=1, useReviews(true)) the Schedule's
 * "Needs my review" filter shows, so an item leaves both once decided.
 * Below, the notices: reviews requested, decisions on my requests and
 * mentions, newest first; a request's notice clears itself when the review
 * is decided. Opening a notice marks it read.
 */
export default function InboxPage() {
  const { data, isLoading, isError } = useInbox();
  const queue = useReviews(true);
  // The current state of each reviewed record a notice is about (one list, read by the Dashboard too).
  const reviews = useReviews();
  const markRead = useMarkRead();
  const entries = data?.entries ?? [];
  const unread = data?.unread ?? 0;
  const states = useMemo(() => new Map((reviews.data ?? []).map((i) => [`${i.entity}:${i.id}`, i.review])), [reviews.data]);
  const items = queue.data ?? [];

  return (
    <div className="grid gap-6">
      <section aria-labelledby="queue-heading" className="grid gap-3">
        <SectionHeading title={`Needs my review${items.length > 0 ? ` (${items.length})` : ''}`} id="queue-heading" />
        {queue.isLoading ? (
          <Skeleton className="h-16" />
        ) : queue.isError ? (
          <p className="text-sm text-red-700">Failed to load your reviews</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="queue-empty">
            Nothing waits for your decision.
          </p>
        ) : (
          <ul className="grid gap-2" aria-labelledby="queue-heading" data-testid="review-queue">
            {items.map((i) => (
              <QueueItem key={`${i.entity}:${i.id}`} item={i} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="notices-heading" className="grid gap-3">
        <SectionHeading
          title="Notices"
          id="notices-heading"
          action={
            unread > 0 && (
              <Button size="sm" variant="outline" onClick={() => markRead.mutate([])}>
                Mark all read
              </Button>
            )
          }
        >
          <p className="text-sm text-slate-600" data-testid="inbox-unread">
            {unread === 0 ? 'Nothing unread.' : `${unread} unread`}
          </p>
        </SectionHeading>
        {isLoading ? (
          <Skeleton className="h-24" />
        ) : isError ? (
          <p className="text-sm text-red-700">Failed to load your inbox</p>
        ) : entries.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            icon={<InboxIcon className="h-10 w-10 text-slate-500" aria-hidden="true" />}
            title="Nothing here yet"
            text="Review requests, decisions on your requests and comments that mention you show up here."
          />
        ) : (
          <ul className="grid gap-2" aria-label="Inbox">
            {entries.map((e) => (
              <Entry key={e.id} entry={e} review={states.get(`${e.entityType}:${e.entityId}`)} onOpen={() => !e.read && markRead.mutate([e.id])} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** QueueItem is one review waiting for my decision: title, state, who asked, due date and age. */
function QueueItem({ item: i }: { item: ReviewItem }) {
  const f = queueFacts(i.review, new Date());
  return (
    <li className="grid gap-1 rounded-md border border-slate-200 bg-white p-3" data-testid="queue-item">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={recordLink(i.entity, i.id)} className="min-w-0 break-words font-medium text-blue-800 underline underline-offset-2">
          {i.title || 'an untitled item'}
        </Link>
        <ReviewBadge review={i.review} />
        {i.entity === 'campaign' && <span className="text-xs text-slate-600">Campaign</span>}
      </div>
      <p className="text-xs text-slate-700">
        {f.askedBy}
        {f.due && (
          <>
            {' · '}
            <span className={cn(f.overdue && 'font-semibold text-red-700')} data-testid="queue-due">
              {f.due}
              {f.overdue && ' (overdue)'}
            </span>
          </>
        )}
        {f.age && ` · ${f.age}`}
      </p>
    </li>
  );
}

function Entry({ entry: e, review, onOpen }: { entry: InboxEntry; review?: Review; onOpen: () => void }) {
  return (
    <li
      className={cn('rounded-md border p-3', e.read ? 'border-slate-200 bg-white' : 'border-blue-200 bg-blue-50')}
      data-testid="inbox-entry"
      data-read={e.read}
    >
      <p className="text-sm text-slate-900">
        {!e.read && <span className="sr-only">Unread: </span>}
        <span className="font-medium">{e.actorName}</span> {inboxKindLabel(e.kind)}{' '}
        <Link to={recordLink(e.entityType, e.entityId)} onClick={onOpen} className="font-medium text-blue-800 underline underline-offset-2">
          {e.title || 'an untitled item'}
        </Link>
        {e.kind !== 'mention' && review && <ReviewBadge review={review} className="ml-2" />}
      </p>
      {e.excerpt && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{e.excerpt}</p>}
      <p className="mt-1 text-xs text-slate-600">{activityAge(e.at)}</p>
    </li>
  );
}
