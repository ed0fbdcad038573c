import { Inbox as InboxIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { SectionHeading } from '@/components/SectionHeading';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { activityAge } from '@/lib/activity';
import { cn } from '@/lib/cn';
import { inboxKindLabel, recordLink } from '@/lib/inbox';
import { useInbox, useMarkRead, type InboxEntry } from '@/hooks/inbox';

/**
 * InboxPage is "My reviews": the reviews requested from me, the decisions
 * on my requests and the comments that mention me, newest first. Opening an
 * entry marks it read and opens its communication or campaign.
 */
export default function InboxPage() {
  const { data, isLoading, isError } = useInbox();
  const markRead = useMarkRead();
  const entries = data?.entries ?? [];
  const unread = data?.unread ?? 0;

  return (
    <div className="grid gap-6">
      <SectionHeading
        title="My reviews"
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
            <Entry key={e.id} entry={e} onOpen={() => !e.read && markRead.mutate([e.id])} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Entry({ entry: e, onOpen }: { entry: InboxEntry; onOpen: () => void }) {
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
      </p>
      {e.excerpt && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{e.excerpt}</p>}
      <p className="mt-1 text-xs text-slate-600">{activityAge(e.at)}</p>
    </li>
  );
}
