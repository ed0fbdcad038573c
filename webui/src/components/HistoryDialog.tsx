import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadingRows } from '@/components/ui/skeleton';
import { activityWhen } from '@/lib/activity';
import { CHANGED, EMPTY, fieldSpec, namesText, refIds, REMOVED, valueText, type FieldSpec, type RefKind } from '@/lib/history';
import { useAudiences } from '@/hooks/audiences';
import { useCampaignSummaries } from '@/hooks/campaigns';
import { usePiece } from '@/hooks/content';
import { useHistory, type HistoryEntry } from '@/hooks/history';
import { useQuestion } from '@/hooks/questions';
import { useReference } from '@/hooks/reference';
import { useThemes } from '@/hooks/themes';
import { useVehicles } from '@/hooks/vehicles';

// Ids are named through the lists the screens already read (cached, never
// stale): each kind's component asks only its own list, and only when an
// entry has such a field. An id the list no longer holds reads "(removed)".

/** Lookup names an id (undefined: no such record); undefined itself while the list loads. */
type Lookup = ((id: string) => string | undefined) | undefined;

const byId = <T extends { id: string }>(list: T[] | undefined, name: (x: T) => string): Lookup =>
  list && ((id) => {
    const x = list.find((r) => r.id === id);
    return x && name(x);
  });

const lookups: Record<Exclude<RefKind, 'content' | 'question'>, () => Lookup> = {
  theme: function useThemeNames() {
    return byId(useThemes().data, (t) => t.name);
  },
  audience: function useAudienceNames() {
    return byId(useAudiences().data, (a) => a.name);
  },
  vehicle: function useVehicleNames() {
    return byId(useVehicles().data, (v) => v.name);
  },
  campaign: function useCampaignNames() {
    return byId(useCampaignSummaries().data, (c) => c.title);
  },
  // A type the reference no longer lists still reads as its own name.
  vehicleType: function useVehicleTypeNames() {
    const types = useReference().data?.vehicleTypes;
    return types && ((t) => types.find((x) => x.type === t)?.label ?? t);
  },
  generation: function useGenerationNames() {
    return byId(useReference().data?.generations, (g) => g.label);
  },
  effectiveness: function useEffectivenessNames() {
    return byId(useReference().data?.generations, (g) => g.label);
  },
};

/** RefValue names the ids of a ref field through its kind's list. */
function RefValue({ kind, v }: { kind: Exclude<RefKind, 'content' | 'question'>; v: unknown }) {
  const lookup = lookups[kind]();
  return <>{lookup ? namesText(kind, v, lookup) : '…'}</>;
}

/** ContentValue names a content piece by its title, read one by one: the content list is paged. */
function ContentValue({ v }: { v: unknown }) {
  const id = typeof v === 'string' ? v : '';
  const { data, isError } = usePiece(id);
  if (!id) return <>{EMPTY}</>;
  return <>{isError ? REMOVED : (data?.title ?? '…')}</>;
}

/** QuestionName names one question by its text; the question list is read by theme at scale, so one by one. */
function QuestionName({ id }: { id: string }) {
  const { data, isError } = useQuestion(id);
  return <>{isError ? REMOVED : (data?.question ?? '…')}</>;
}

/** QuestionsValue names a communication's selected questions, as a comma list. */
function QuestionsValue({ v }: { v: unknown }) {
  const ids = refIds(v);
  if (ids.length === 0) return <>{EMPTY}</>;
  return (
    <>
      {ids.map((id, i) => (
        <span key={id}>
          {i > 0 && ', '}
          <QuestionName id={id} />
        </span>
      ))}
    </>
  );
}

/** Value shows one recorded value of a field as the screens show it. */
function Value({ spec, v, categories }: { spec: FieldSpec; v: unknown; categories?: Record<string, string> }) {
  switch (spec.kind) {
    case 'content':
      return <ContentValue v={v} />;
    case 'question':
      return <QuestionsValue v={v} />;
    case 'theme':
    case 'audience':
    case 'vehicle':
    case 'vehicleType':
    case 'campaign':
    case 'generation':
    case 'effectiveness':
      return <RefValue key={spec.kind} kind={spec.kind} v={v} />;
    default:
      return <>{valueText(spec.kind, v, categories)}</>;
  }
}

/** actionWords are the History panel's words for actions that are no plain create, update or delete. */
const actionWords: Record<string, string> = {
  commented: 'commented on',
  comment_edited: 'edited a comment on',
  comment_deleted: 'deleted a comment on',
  webhook_delivered: 'notified the webhook about',
  webhook_failed: 'could not notify the webhook about',
  review_requested: 'asked for a review of',
  review_approved: 'approved',
  review_changes_requested: 'asked for changes to',
  review_reset: 'reset the approval of',
  import_undone: 'undid the import of',
};

/** HistoryEntryItem is one entry: who did what and when, then each changed field by its label, from what to what. */
export function HistoryEntryItem({ entity, e, categories }: { entity: string; e: HistoryEntry; categories?: Record<string, string> }) {
  const fields = Object.entries(e.changes ?? {})
    .map(([k, c]) => ({ k, c, spec: fieldSpec(entity, k) }))
    .filter((x) => x.spec.kind !== 'hidden');
  return (
    <li className="grid gap-1 border-b border-slate-100 pb-2 last:border-0" data-testid="history-entry">
      <p className="text-sm text-slate-900">
        <span className="font-medium">{e.actorName || 'Someone'}</span> {actionWords[e.action] ?? e.action} this
      </p>
      <p className="text-xs text-slate-600">{activityWhen({ at: e.at, actorName: '' })}</p>
      {fields.length > 0 && (
        <ul className="grid gap-0.5 text-xs text-slate-700">
          {fields.map(({ k, c, spec }) => (
            <li key={k}>
              <span className="font-medium">{spec.label}</span>
              {spec.kind === 'summary' ? (
                ` ${CHANGED}`
              ) : e.action !== 'updated' && (c.before === undefined || c.after === undefined) ? (
                <>
                  : <Value spec={spec} v={c.after === undefined ? c.before : c.after} categories={categories} />
                </>
              ) : (
                <>
                  : <Value spec={spec} v={c.before} categories={categories} /> → <Value spec={spec} v={c.after} categories={categories} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * HistoryDialog is a record's History panel: who changed what and when, newest first.
 * categories name the checklist's category codes (a checklist item's weightCode).
 */
export function HistoryDialog({
  entity,
  id,
  name,
  open,
  onOpenChange,
  categories,
}: {
  entity: string;
  id: string;
  name: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  categories?: Record<string, string>;
}) {
  const { data, isLoading, isError } = useHistory(entity, id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>History of {name}</DialogTitle>
          <DialogDescription>Who changed it, when, and which fields.</DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <LoadingRows label="Loading history" />
        ) : isError ? (
          <p className="text-sm text-red-700">The history could not be loaded.</p>
        ) : !data || data.length === 0 ? (
          <p className="text-sm text-slate-600">No recorded changes yet.</p>
        ) : (
          <ul className="grid max-h-96 gap-2 overflow-y-auto">
            {data.map((e) => (
              <HistoryEntryItem key={e.id} entity={entity} e={e} categories={categories} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
