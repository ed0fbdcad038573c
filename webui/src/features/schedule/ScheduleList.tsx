import { AlertTriangle, GripVertical, Pencil, Trash2 } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import { formatScheduled, listColumns } from '@/lib/schedule';
import type { Communication } from '@/lib/types';
import { useCommunications } from '@/hooks/communications';

/** deleteConfirm is the confirm prompt before a communication is deleted (the spec leaves its wording open). */
export function deleteConfirm(c: Pick<Communication, 'title'>): string {
  return `Are you sure you want to delete the communication "${c.title}"? This cannot be undone.`;
}

const columns = [
  { key: 'scheduled', title: 'Scheduled', empty: 'No scheduled communications' },
  { key: 'drafts', title: 'Drafts', empty: 'No draft communications' },
  { key: 'sent', title: 'Sent', empty: 'No sent communications' },
] as const;

/** CommunicationItem is one communication of a list: title, when, audience and vehicle, Edit and Delete. */
export function CommunicationItem({
  c,
  warned,
  onEdit,
  onDelete,
  dragProps,
}: {
  c: Communication;
  warned: boolean;
  onEdit: (c: Communication) => void;
  onDelete?: (c: Communication) => void;
  /** dragProps make the item an HTML drag source (the backlog). */
  dragProps?: HTMLAttributes<HTMLLIElement> & { draggable?: boolean };
}) {
  const details = [formatScheduled(c.scheduledDate) || 'No date', c.audience?.name, c.vehicle?.name].filter(Boolean).join(' · ');
  return (
    <li
      className={cn('flex items-start gap-2 rounded-md border border-slate-200 bg-white p-3', dragProps && 'cursor-grab')}
      data-testid="schedule-item"
      data-focus-id={c.id}
      {...dragProps}
    >
      {dragProps && <GripVertical className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />}
      <div className="min-w-0 flex-1">
        <h3 className="truncate text-sm font-medium text-slate-900" data-testid="schedule-item-title">
          {c.title}
        </h3>
        <p className="text-xs text-slate-600" data-testid="schedule-item-when">
          {details}
        </p>
        {warned && (
          <p className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-800">
            <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" />
            Has schedule warnings
          </p>
        )}
      </div>
      <IconButton label={`Edit ${c.title}`} onClick={() => onEdit(c)}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      {onDelete && (
        <IconButton label={`Delete ${c.title}`} className="text-red-700" onClick={() => onDelete(c)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
    </li>
  );
}

/** ScheduleList is the List view: Scheduled, Drafts and Sent columns with the spec's sorting. */
export function ScheduleList({
  communications,
  warned,
  onEdit,
  onDelete,
}: {
  communications: Communication[];
  warned: Set<string>;
  onEdit: (c: Communication) => void;
  onDelete: (c: Communication) => void;
}) {
  const cols = listColumns(communications);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {columns.map((col) => (
        <Card key={col.key}>
          <section aria-labelledby={`col-${col.key}`} data-testid={`column-${col.key}`}>
            <div className="flex items-center justify-between p-5 pb-3">
              <h2 id={`col-${col.key}`} className="text-base font-semibold text-slate-900">
                {col.title}
              </h2>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">{cols[col.key].length}</span>
            </div>
            <CardContent>
              {cols[col.key].length === 0 ? (
                <p className="py-4 text-center text-sm text-slate-600">{col.empty}</p>
              ) : (
                <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
                  {cols[col.key].map((c) => (
                    <CommunicationItem key={c.id} c={c} warned={warned.has(c.id)} onEdit={onEdit} onDelete={onDelete} />
                  ))}
                </ul>
              )}
            </CardContent>
          </section>
        </Card>
      ))}
    </div>
  );
}

/** ScheduleListView is the List view with its data: it alone reads the whole list, only while it is shown. */
export function ScheduleListView(props: Omit<Parameters<typeof ScheduleList>[0], 'communications'>) {
  const { data } = useCommunications();
  return <ScheduleList communications={data ?? []} {...props} />;
}
