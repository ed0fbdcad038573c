import { CalendarDays, CalendarPlus, ClipboardCheck, Download, Eye, FileSpreadsheet, FolderOpen, History, MapPin, MessageSquare, Pencil, Trash2, Users } from 'lucide-react';
import { IconSprite, SpriteIcon } from '@/components/ui/icon-sprite';
import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CanEdit } from '@/components/CanEdit';
import { EmptyState } from '@/components/EmptyState';
import { HistoryDialog } from '@/components/HistoryDialog';
import InsidersDialog from '@/components/InsidersDialog';
import { ReviewBadge } from '@/components/ReviewBadge';
import { Badge } from '@/components/ui/badge';
import { reviewState } from '@/lib/review';
import { SectionHeading } from '@/components/SectionHeading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { campaignDeleteConfirm, locationCount, peopleCount, savedFileName, shortDate, type CampaignSchedule, type CampaignSummary, type SavedCampaign } from '@/lib/campaigns';
import { downloadUrl, saveFile } from '@/lib/download';
import { toastError } from '@/lib/toast';
import { useRecordParam } from '@/lib/useFocusParam';
import { CAMPAIGN_PAGE, exportUrl, fetchCampaign, useCampaignSummaryPage, useDeleteCampaign, useSavedCampaign, useUpdateCampaignSchedule } from '@/hooks/campaigns';
import CampaignReviewDialog from './CampaignReviewDialog';
import HtmlPreviewDialog from './HtmlPreviewDialog';
import ScheduleEditorDialog from './ScheduleEditorDialog';

// The Schedule screen's import dialog is only loaded when "Add to Schedule" is used.
const ImportDialog = lazy(() => import('@/components/campaigns/ImportDialog'));

/** ROW_ICONS are the cards' icons, drawn once in the page's IconSprite. */
const ROW_ICONS = {
  'ci-calendar': CalendarDays,
  'ci-calendar-plus': CalendarPlus,
  'ci-review': ClipboardCheck,
  'ci-download': Download,
  'ci-preview': Eye,
  'ci-csv': FileSpreadsheet,
  'ci-history': History,
  'ci-locations': MapPin,
  'ci-comments': MessageSquare,
  'ci-edit': Pencil,
  'ci-delete': Trash2,
  'ci-people': Users,
};

/** Reviewed is what the review dialog shows of a campaign: a summary on the page, or the linked record. */
type Reviewed = Pick<SavedCampaign, 'id' | 'title' | 'review'>;

/** Editing is the campaign open in the editor; its schedule follows each stored change. */
interface Editing {
  id: string;
  title: string;
  schedule: CampaignSchedule;
}

/**
 * withFull reads the whole campaign (schedule and HTML), which the summaries
 * leave out, and hands it to use: only the action that needs it pays for it.
 */
function withFull(id: string, use: (c: SavedCampaign) => void): void {
  fetchCampaign(id).then(use, () => toastError('Failed to load campaign'));
}

/**
 * InventoryPage is the Campaign Inventory (spec 02 §2.8): the saved
 * campaigns with Edit (every change stored at once), Preview, Download and
 * Delete, and beyond the spec ICS and CSV downloads and Add to Schedule.
 * It shows CAMPAIGN_PAGE campaign summaries at a time, paged by the server
 *; Edit, Preview and Download read the one whole campaign.
 */
export default function InventoryPage() {
  const [limit, setLimit] = useState(CAMPAIGN_PAGE);
  const { data, isLoading, isError } = useCampaignSummaryPage(limit);
  const remove = useDeleteCampaign();
  const update = useUpdateCampaignSchedule();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [preview, setPreview] = useState<SavedCampaign | null>(null);
  const [importFor, setImportFor] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<Reviewed | null>(null);
  const [history, setHistory] = useState<CampaignSummary | null>(null);
  const [insidersOf, setInsidersOf] = useState<CampaignSummary | null>(null);
  const campaigns = data ?? [];
  // My reviews links a campaign here with ?focus=<id>: its review and thread open. It is read by id, as it may be on no page shown.
  const review = useCallback((c: Reviewed) => setReviewing(c), []);
  const [params] = useSearchParams();
  const linked = useSavedCampaign(params.get('focus') ?? '');
  const linkedItems = useMemo(() => (linked.data ? [linked.data] : undefined), [linked.data]);
  useRecordParam('focus', linkedItems, review);
  // The rows are memoised: their handlers take the campaign and
  // keep their identity, so a dialog opening or closing redraws no row.
  const edit = useCallback(
    (c: CampaignSummary) => withFull(c.id, (full) => full.schedule && setEditing({ id: full.id, title: full.title, schedule: full.schedule })),
    [],
  );
  const openPreview = useCallback((c: CampaignSummary) => withFull(c.id, setPreview), []);
  const addToSchedule = useCallback((c: CampaignSummary) => setImportFor(c.id), []);
  const { mutate: removeCampaign } = remove;
  const del = useCallback(
    (c: CampaignSummary) => {
      if (window.confirm(campaignDeleteConfirm(c.title))) removeCampaign(c.id);
    },
    [removeCampaign],
  );

  return (
    <div className="grid gap-6">
      <SectionHeading title="Saved Campaigns">
        <p className="text-sm text-slate-600">Edit, preview, download or schedule the campaigns saved from the Campaign Scheduler.</p>
      </SectionHeading>

      {isLoading ? (
        <div className="grid gap-3" role="status" aria-label="Loading campaigns">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : isError ? (
        <p className="text-sm text-red-700">Failed to load campaigns</p>
      ) : campaigns.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          icon={<FolderOpen className="h-10 w-10 text-slate-500" aria-hidden="true" />}
          title="No campaigns saved yet"
          text="Generate a schedule in the Campaign Scheduler and save it to see it here."
        />
      ) : (
        <>
        <IconSprite icons={ROW_ICONS} />
        <ul className="grid gap-3" aria-label="Saved campaigns">
          {campaigns.map((c) => (
            <li key={c.id}>
              <CampaignRow
                campaign={c}
                onEdit={edit}
                onPreview={openPreview}
                onAddToSchedule={addToSchedule}
                onComments={review}
                onHistory={setHistory}
                onReview={review}
                onInsiders={setInsidersOf}
                onDelete={del}
              />
            </li>
          ))}
        </ul>
        </>
      )}
      {campaigns.length >= limit && (
        <Button variant="outline" className="justify-self-center" onClick={() => setLimit((n) => n + CAMPAIGN_PAGE)}>
          Show more
        </Button>
      )}

      {editing && (
        <ScheduleEditorDialog
          open
          onOpenChange={(o) => !o && setEditing(null)}
          title={`Edit Campaign: ${editing.title}`}
          schedule={editing.schedule}
          onChange={async (next) => {
            const saved = await update.mutateAsync({ id: editing.id, schedule: next });
            setEditing((cur) => (cur && cur.id === saved.id && saved.schedule ? { ...cur, schedule: saved.schedule } : cur));
          }}
        />
      )}
      {preview && (
        <HtmlPreviewDialog
          open
          onOpenChange={(o) => !o && setPreview(null)}
          title={preview.title}
          html={preview.htmlContent ?? ''}
          fileName={savedFileName(preview.title)}
        />
      )}
      {insidersOf && <InsidersDialog kind="campaign" record={insidersOf} onOpenChange={(o) => !o && setInsidersOf(null)} />}
      {history && <HistoryDialog entity="campaign" id={history.id} name={history.title} open onOpenChange={(o) => !o && setHistory(null)} />}
      {reviewing && <CampaignReviewDialog campaign={campaigns.find((c) => c.id === reviewing.id) ?? reviewing} onOpenChange={(o) => !o && setReviewing(null)} />}
      {importFor && (
        <Suspense fallback={null}>
          <ImportDialog open onOpenChange={(o) => !o && setImportFor(null)} campaignId={importFor} />
        </Suspense>
      )}
    </div>
  );
}

/** RowAction is a row's action: it is given the row's campaign, so one handler serves every row. */
type RowAction = (c: CampaignSummary) => void;

const CampaignRow = memo(function CampaignRow({
  campaign: c,
  onEdit,
  onPreview,
  onAddToSchedule,
  onComments,
  onHistory,
  onReview,
  onInsiders,
  onDelete,
}: {
  campaign: CampaignSummary;
  onEdit: RowAction;
  onPreview: RowAction;
  onAddToSchedule: RowAction;
  onComments: RowAction;
  onHistory: RowAction;
  onReview: RowAction;
  onInsiders: RowAction;
  onDelete: RowAction;
}) {
  const headingId = `campaign-${c.id}`;
  return (
    <Card className="flex flex-wrap items-start justify-between gap-4 p-5" data-testid="campaign-row">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="break-words text-lg font-semibold text-slate-900">
            {c.title}
          </h3>
          <ReviewBadge review={c.review} />
          {c.confidential && <Badge variant="outline">Confidential</Badge>}
        </div>
        <p className="mt-1 break-words text-sm text-slate-700">{c.description?.trim() ? c.description : 'No description provided'}</p>
        <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
          <div className="flex items-center gap-1.5">
            <SpriteIcon id="ci-calendar" />
            <dt className="sr-only">Created</dt>
            <dd data-testid="campaign-created">{shortDate(c.createdAt)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <SpriteIcon id="ci-people" />
            <dt className="sr-only">People</dt>
            <dd data-testid="campaign-people">{peopleCount(c)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <SpriteIcon id="ci-locations" />
            <dt className="sr-only">Locations</dt>
            <dd data-testid="campaign-locations">{locationCount(c)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Activities</dt>
            <dd data-testid="campaign-activities">
              {c.activityCount} {c.activityCount === 1 ? 'activity' : 'activities'}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${c.title}`}>
        <CanEdit>
          <Button size="sm" variant="outline" onClick={() => onEdit(c)} disabled={!c.startDate} aria-label={`Edit ${c.title}`}>
            <SpriteIcon id="ci-edit" />
            Edit
          </Button>
        </CanEdit>
        <Button size="sm" variant="outline" onClick={() => onPreview(c)} aria-label={`Preview ${c.title}`}>
          <SpriteIcon id="ci-preview" />
          Preview
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => withFull(c.id, (full) => saveFile(savedFileName(full.title), full.htmlContent ?? ''))}
          aria-label={`Download ${c.title}`}
        >
          <SpriteIcon id="ci-download" />
          Download
        </Button>
        <Button size="sm" variant="outline" onClick={() => downloadUrl(exportUrl(c.id, 'ics'))} aria-label={`Download ICS ${c.title}`}>
          <SpriteIcon id="ci-calendar" />
          Download ICS
        </Button>
        <Button size="sm" variant="outline" onClick={() => downloadUrl(exportUrl(c.id, 'csv'))} aria-label={`Download CSV ${c.title}`}>
          <SpriteIcon id="ci-csv" />
          Download CSV
        </Button>
        <CanEdit>
          <Button size="sm" variant="outline" onClick={() => onAddToSchedule(c)} aria-label={`Add to Schedule ${c.title}`}>
            <SpriteIcon id="ci-calendar-plus" />
            Add to Schedule
          </Button>
        </CanEdit>
        <Button size="sm" variant="outline" onClick={() => onComments(c)} aria-label={`Comments on ${c.title}`}>
          <SpriteIcon id="ci-comments" />
          Comments
        </Button>
        <Button size="sm" variant="outline" onClick={() => onHistory(c)} aria-label={`History of ${c.title}`}>
          <SpriteIcon id="ci-history" />
          History
        </Button>
        <Button size="sm" variant="outline" onClick={() => onReview(c)} aria-label={`Review ${c.title}`}>
          <SpriteIcon id="ci-review" />
          {reviewState(c.review) === 'none' ? 'Submit for review' : 'Review'}
        </Button>
        {c.confidential && (
          <CanEdit>
            <Button size="sm" variant="outline" onClick={() => onInsiders(c)} aria-label={`Insiders of ${c.title}`}>
              <SpriteIcon id="ci-people" />
              Insiders
            </Button>
          </CanEdit>
        )}
        <CanEdit>
          <Button size="sm" variant="outline" onClick={() => onDelete(c)} aria-label={`Delete ${c.title}`} className="text-red-700 hover:text-red-800">
            <SpriteIcon id="ci-delete" />
            Delete
          </Button>
        </CanEdit>
      </div>
    </Card>
  );
});
