import { ReviewBadge } from '@/components/ReviewBadge';
import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertTriangle, GripVertical, Trash2 } from 'lucide-react';
import { memo, useEffect, useMemo, useRef, type HTMLAttributes } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CanEdit, OpenFormButton } from '@/components/CanEdit';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import { formatScheduled, listColumns } from '@/lib/schedule';
import type { Communication } from '@/lib/types';
import { prefetchCommunicationPages, useCommunicationPages } from '@/hooks/communications';

/** deleteConfirm is the confirm prompt before a communication is deleted (the spec leaves its wording open). */
export function deleteConfirm(c: Pick<Communication, 'title'>): string {
  return `Are you sure you want to delete the communication "${c.title}"? This cannot be undone.`;
}

const columns = [
  { key: 'scheduled', title: 'Scheduled', empty: 'No scheduled communications' },
  { key: 'drafts', title: 'Drafts', empty: 'No draft communications' },
  { key: 'sent', title: 'Sent', empty: 'No sent communications' },
] as const;

/** CommunicationItem is one communication of a list: title, when, audience and vehicle, Edit (View for a viewer) and Delete. */
export function CommunicationItem({
  c,
  warned,
  onEdit,
  onDelete,
  dragProps,
  row,
  resetFlag,
}: {
  c: Communication;
  warned: boolean;
  /** resetFlag marks a scheduled item whose approval an edit reset (review.required). */
  resetFlag?: boolean;
  onEdit: (c: Communication) => void;
  onDelete?: (c: Communication) => void;
  /** dragProps make the item an HTML drag source (the backlog). */
  dragProps?: HTMLAttributes<HTMLLIElement> & { draggable?: boolean };
  /** row places the item in a virtualised list: its index, offset and the measuring ref. */
  row?: { index: number; start: number; measure: (el: HTMLLIElement | null) => void };
}) {
  const details = [formatScheduled(c.scheduledDate) || 'No date', c.audience?.name, c.vehicle?.name].filter(Boolean).join(' · ');
  return (
    <li
      className={cn('flex items-start gap-2 rounded-md border border-slate-200 bg-white p-3', dragProps && 'cursor-grab', row && 'absolute left-0 top-0 w-full')}
      data-testid="schedule-item"
      data-focus-id={c.id}
      ref={row?.measure}
      data-index={row?.index}
      style={row ? { transform: `translateY(${row.start}px)` } : undefined}
      {...dragProps}
    >
      {dragProps && <GripVertical className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />}
      <div className="min-w-0 flex-1">
        {/* The title wraps to two lines before it is cut (the whole of it is the tooltip, and read out); the badge has a line of its own. */}
        <h3 className="line-clamp-2 break-words text-sm font-medium text-slate-900" title={c.title} data-testid="schedule-item-title">
          {c.title}
        </h3>
        <ReviewBadge review={c.review} className="mt-1 w-fit" />
        <p className="text-xs text-slate-600" data-testid="schedule-item-when">
          {details}
        </p>
        {resetFlag && (
          <p className="mt-1 flex items-center gap-1 text-xs font-medium text-red-800" data-testid="approval-reset-flag">
            <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" />
            Approval reset by an edit: needs review again
          </p>
        )}
        {warned && (
          <p className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-800">
            <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" />
            Has schedule warnings
          </p>
        )}
      </div>
      <OpenFormButton name={c.title} onClick={() => onEdit(c)} />
      <CanEdit>
        {onDelete && (
          <IconButton label={`Delete ${c.title}`} className="text-red-700" onClick={() => onDelete(c)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </IconButton>
        )}
      </CanEdit>
    </li>
  );
}

/**
 * ListItem is CommunicationItem drawn again only when what it shows changes:
 * a List view column scrolled by a frame keeps most of its rows, which then
 * skip rendering (row compared by value; its measure is the virtualiser's,
 * stable).
 */
const ListItem = memo(
  CommunicationItem,
  (a, b) =>
    a.c === b.c &&
    a.warned === b.warned &&
    a.onEdit === b.onEdit &&
    a.onDelete === b.onDelete &&
    a.row?.index === b.row?.index &&
    a.row?.start === b.row?.start &&
    a.row?.measure === b.row?.measure,
);

/** ListColumn is one column of the List view: its server query and its title. */
interface ListColumn {
  key: keyof ReturnType<typeof listColumns>;
  title: string;
  empty: string;
  query: string;
}

const listQueries: ListColumn[] = [
  { ...columns[0], query: 'status=scheduled&sort=scheduled&undated=false' },
  { ...columns[1], query: 'status=draft&sort=title' },
  { ...columns[2], query: 'status=sent&sort=-scheduled' },
];

/**
 * prefetchListView fetches the first page of each List view column (as
 * the List view asks for them, without "Needs my review"), so switching to
 * the List view draws from the cache.
 */
export function prefetchListView(): Promise<void[]> {
  return Promise.all(listQueries.map((col) => prefetchCommunicationPages(col.query)));
}

/** ROW_ESTIMATE is a row's height before it is measured (title, details and padding). */
const ROW_ESTIMATE = 68;

/**
 * PagedColumn is one List view column over the server: it fetches a page at
 * a time as the planner scrolls and renders only the rows in view
 * (@tanstack/react-virtual), in a scroll area of fixed height, so the screen
 * costs the same with 50 communications or 20,000. The loaded rows keep the
 * spec's order and the Scheduled column's duplicates are dropped
 * (listColumns), the server having sorted them the same way.
 */
function PagedColumn({
  col,
  needsMine,
  warned,
  onEdit,
  onDelete,
}: {
  col: ListColumn;
  needsMine?: boolean;
  warned: Set<string>;
  onEdit: (c: Communication) => void;
  onDelete: (c: Communication) => void;
}) {
  // "Needs my review" narrows the server's pages, so counts and paging stay true.
  const pages = useCommunicationPages(needsMine ? `${col.query}&needsReviewBy=me` : col.query);
  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.rows) ?? [], [pages.data]);
  const rows = useMemo(() => listColumns(loaded)[col.key], [loaded, col.key]);
  const total = pages.data?.pages[0]?.total ?? 0;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_ESTIMATE, gap: 8, overscan: 6 });
  const items = virtual.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && last >= rows.length - 10) void fetchNextPage();
  }, [last, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <Card>
      <section aria-labelledby={`col-${col.key}`} data-testid={`column-${col.key}`}>
        <div className="flex items-center justify-between p-5 pb-3">
          <h2 id={`col-${col.key}`} className="text-base font-semibold text-slate-900">
            {col.title}
          </h2>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800" data-testid="column-count">
            {pages.isLoading ? '…' : total}
          </span>
        </div>
        <CardContent>
          {pages.isLoading ? (
            <Skeleton className="h-[36rem] w-full" />
          ) : rows.length === 0 ? (
            <p className="py-4 text-center text-sm text-slate-600">{col.empty}</p>
          ) : (
            <div ref={scroller} className="h-[36rem] overflow-y-auto pr-1" data-testid="column-scroll">
              <ul className="relative w-full" style={{ height: virtual.getTotalSize() }}>
                {items.map((v) => {
                  const c = rows[v.index];
                  return (
                    <ListItem
                      key={c.id}
                      c={c}
                      warned={warned.has(c.id)}
                      onEdit={onEdit}
                      onDelete={onDelete}
                      row={{ index: v.index, start: v.start, measure: virtual.measureElement }}
                    />
                  );
                })}
              </ul>
            </div>
          )}
        </CardContent>
      </section>
    </Card>
  );
}

/**
 * ScheduleListView is the List view: Scheduled, Drafts and Sent columns, each
 * paged from the server and virtualised; with needsMine, only what the
 * signed-in person may decide.
 */
export const ScheduleListView = memo(function ScheduleListView(props: {
  needsMine?: boolean;
  warned: Set<string>;
  onEdit: (c: Communication) => void;
  onDelete: (c: Communication) => void;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {listQueries.map((col) => (
        <PagedColumn key={col.key} col={col} {...props} />
      ))}
    </div>
  );
});
