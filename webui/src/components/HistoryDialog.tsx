import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { activityWhen } from '@/lib/activity';
import { useHistory, type HistoryEntry } from '@/hooks/history';

/** shown is a changed value as the panel prints it: text as it is, anything else as JSON, cut at 80 characters. */
function shown(v: unknown): string {
  if (v === undefined || v === null || v === '') return '(empty)';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}

/** actionWords are the History panel's words for actions that are no plain create, update or delete. */
const actionWords: Record<string, string> = {
  commented: 'commented on',
  comment_edited: 'edited a comment on',
  comment_deleted: 'deleted a comment on',
  webhook_delivered: 'notified the webhook about',
  webhook_failed: 'could not notify the webhook about',
};

function Entry({ e }: { e: HistoryEntry }) {
  const fields = Object.entries(e.changes ?? {});
  return (
    <li className="grid gap-1 border-b border-slate-100 pb-2 last:border-0" data-testid="history-entry">
      <p className="text-sm text-slate-900">
        <span className="font-medium">{e.actorName || 'Someone'}</span> {actionWords[e.action] ?? e.action} this
      </p>
      <p className="text-xs text-slate-600">{activityWhen({ at: e.at, actorName: '' })}</p>
      {fields.length > 0 && (
        <ul className="grid gap-0.5 text-xs text-slate-700">
          {fields.map(([k, c]) => (
            <li key={k}>
              <span className="font-medium">{k}</span>: {e.action === 'created' ? shown(c.after) : `${shown(c.before)} → ${shown(c.after)}`}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** HistoryDialog is a record's History panel: who changed what and when, newest first. */
export function HistoryDialog({ entity, id, name, open, onOpenChange }: { entity: string; id: string; name: string; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { data, isLoading, isError } = useHistory(entity, id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>History of {name}</DialogTitle>
          <DialogDescription>Who changed it, when, and which fields.</DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <div className="grid gap-2" role="status" aria-label="Loading history">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : isError ? (
          <p className="text-sm text-red-700">The history could not be loaded.</p>
        ) : !data || data.length === 0 ? (
          <p className="text-sm text-slate-600">No recorded changes yet.</p>
        ) : (
          <ul className="grid max-h-96 gap-2 overflow-y-auto">
            {data.map((e) => (
              <Entry key={e.id} e={e} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
