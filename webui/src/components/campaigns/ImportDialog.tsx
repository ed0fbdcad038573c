import { CalendarPlus, ChevronLeft, ChevronRight, Search, Undo2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LoadingRows } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatShortDate } from '@/lib/dates';
import {
  activityDate,
  addWarnings,
  campaignActivities,
  filterActivities,
  MSG_IMPORT_FAILED,
  MSG_NO_THEMES,
  MSG_SELECTION_REQUIRED,
  rememberAudienceMap,
  rememberedAudienceMap,
  type AudienceMap,
  type SavedCampaign,
} from '@/lib/planning';
import { toast, toastError } from '@/lib/toast';
import { typeLabel } from '@/lib/vehicles';
import { useThemes } from '@/hooks/themes';
import { useAudiences } from '@/hooks/audiences';
import { useReference } from '@/hooks/reference';
import { useCampaignSummaries, useSavedCampaign } from '@/hooks/campaigns';
import {
  previewCampaignImport,
  useImportCampaigns,
  useImportedActivities,
  useUndoImport,
  type CampaignImportRequest,
  type ImportOutcome,
} from '@/hooks/schedule';
import ImportMapping, { SAME_AS_ALL, type MappedLabel, type PhaseCount } from './ImportMapping';
import { ImportSummary, type ImportFigures } from './ImportSummary';

// A selection is kept per campaign, so switching campaigns does not lose it.
type Selection = Record<string, string[]>;

type Step = 'activities' | 'map' | 'summary' | 'done';

/** STEPS are the import's steps in order, as the step list names them. */
const STEPS: [Step, string][] = [
  ['activities', 'Activities'],
  ['map', 'Audiences & themes'],
  ['summary', 'Summary'],
];

function countSelected(sel: Selection): number {
  return Object.values(sel).reduce((n, keys) => n + keys.length, 0);
}

const labelKey = (s: string) => s.trim().toLowerCase();

/**
 * ImportDialog is "Select Campaign Activities" (spec 02 §2.4) as three
 * steps, nothing written before the last: (1) the saved campaigns and the
 * chosen campaign's activities, with a search and Select All, the ones
 * already on the Schedule marked and the campaign's import undoable; (2)
 * each audience name mapped to one or more stored audiences (remembered
 * per campaign in this browser) and the theme, for all or per phase; (3)
 * the summary of the server's dry run ("182 activities → 4 audiences, 3
 * themes, 12 warnings expected") and Add. After Add it shows the warnings
 * the import caused, and Undo takes the import back as one act.
 * campaignId preselects a campaign (the inventory's "Add to Schedule").
 */
export default function ImportDialog({
  open,
  onOpenChange,
  campaignId: initialCampaignId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaignId?: string;
}) {
  const { data: campaigns, isLoading } = useCampaignSummaries();
  const { data: themes, isLoading: themesLoading } = useThemes();
  const { data: audiences } = useAudiences();
  const { data: reference } = useReference();
  const reviewRequired = !!reference?.review?.required;
  const [step, setStep] = useState<Step>('activities');
  const [campaignId, setCampaignId] = useState<string | null>(initialCampaignId ?? null);
  const [query, setQuery] = useState('');
  const [selection, setSelection] = useState<Selection>({});
  const [map, setMap] = useState<Record<string, AudienceMap>>({});
  const [theme, setTheme] = useState('');
  const [phaseThemes, setPhaseThemes] = useState<Record<string, Record<string, string>>>({});
  const [askReview, setAskReview] = useState(false);
  const [preview, setPreview] = useState<ImportFigures | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const importMutation = useImportCampaigns((o) => {
    setOutcome(o);
    setStep('done');
  });
  const undoMutation = useUndoImport(() => onOpenChange(false));
  const searchId = useId();

  // Each opening starts afresh on the preselected campaign, or the first.
  useEffect(() => {
    if (!open) return;
    setStep('activities');
    setSelection({});
    setQuery('');
    setMap({});
    setPhaseThemes({});
    setPreview(null);
    setOutcome(null);
    setCampaignId(initialCampaignId ?? null);
  }, [open, initialCampaignId]);
  // One theme is no choice to make.
  useEffect(() => {
    if (themes?.length === 1) setTheme((t) => t || themes[0].id);
  }, [themes]);

  const list = useMemo(() => campaigns ?? [], [campaigns]);
  const current = list.find((c) => c.id === campaignId) ?? list[0];
  // The whole records read so far, by id: a selection is made on one and
  // imported from it.
  const [records, setRecords] = useState<Record<string, SavedCampaign>>({});
  const { data: record, isLoading: recordLoading } = useSavedCampaign(open && current ? current.id : '');
  useEffect(() => {
    if (record) setRecords((r) => (r[record.id] === record ? r : { ...r, [record.id]: record }));
  }, [record]);
  const currentRecord = current && record?.id === current.id ? record : undefined;
  const activities = useMemo(() => campaignActivities(currentRecord), [currentRecord]);
  const visible = useMemo(() => filterActivities(activities, query), [activities, query]);
  const chosen = new Set(current ? (selection[current.id] ?? []) : []);
  const allVisibleChosen = visible.length > 0 && visible.every((i) => chosen.has(i.key));
  const total = countSelected(selection);
  const importedQuery = useImportedActivities(currentRecord);
  const imported = importedQuery.data;
  // The imported counts of the campaigns looked at, for their marks in the list.
  const [importedCounts, setImportedCounts] = useState<Record<string, number>>({});
  useEffect(() => {
    if (currentRecord && imported) setImportedCounts((m) => (m[currentRecord.id] === imported.size ? m : { ...m, [currentRecord.id]: imported.size }));
  }, [currentRecord, imported]);

  function setChosen(keys: Set<string>) {
    if (!current) return;
    setSelection((s) => ({ ...s, [current.id]: activities.filter((i) => keys.has(i.key)).map((i) => i.key) }));
  }

  function toggle(key: string) {
    const next = new Set(chosen);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setChosen(next);
  }

  // Select All and Deselect All act on the activities the search shows.
  function toggleAll() {
    const next = new Set(chosen);
    for (const i of visible) {
      if (allVisibleChosen) next.delete(i.key);
      else next.add(i.key);
    }
    setChosen(next);
  }

  // The chosen activities of every campaign with a selection.
  const chosenByCampaign = useMemo(
    () =>
      list.flatMap((summary) => {
        const c = records[summary.id];
        const keys = new Set(selection[summary.id] ?? []);
        if (!c || keys.size === 0) return [];
        return [{ campaign: c, items: campaignActivities(c).filter((i) => keys.has(i.key) && i.activity.id) }];
      }),
    [list, records, selection],
  );
  const severalCampaigns = chosenByCampaign.length > 1;

  const labels: MappedLabel[] = useMemo(
    () =>
      chosenByCampaign.flatMap(({ campaign, items }) => {
        const counts = new Map<string, number>();
        for (const { activity } of items) counts.set(activity.audience.trim(), (counts.get(activity.audience.trim()) ?? 0) + 1);
        return [...counts].filter(([l]) => l !== '').map(([label, count]) => ({ campaignId: campaign.id, label, count }));
      }),
    [chosenByCampaign],
  );
  const phases: PhaseCount[] = useMemo(
    () =>
      chosenByCampaign.flatMap(({ campaign, items }) => {
        const counts = new Map<string, number>();
        for (const { phase, activity } of items) {
          const p = activity.phase || phase;
          counts.set(p, (counts.get(p) ?? 0) + 1);
        }
        return [...counts].map(([phase, count]) => ({ campaignId: campaign.id, phase, count }));
      }),
    [chosenByCampaign],
  );

  // Entering the mapping: each new name starts on what this browser
  // remembers for the campaign, else the stored audience of its name.
  function startMapping() {
    if (total === 0) {
      toast({ ...MSG_SELECTION_REQUIRED, variant: 'destructive' });
      return;
    }
    if ((themes?.length ?? 0) === 0) {
      toastError(MSG_NO_THEMES);
      return;
    }
    const byName = new Map((audiences ?? []).map((a) => [labelKey(a.name), a.id]));
    setMap((m) => {
      const next = { ...m };
      for (const { campaignId: cid, label } of labels) {
        const own = { ...(next[cid] ?? {}) };
        if (!own[label]) {
          const remembered = rememberedAudienceMap(cid)[label];
          const named = byName.get(labelKey(label));
          own[label] = remembered ?? (named ? [named] : []);
        }
        next[cid] = own;
      }
      return next;
    });
    setStep('map');
  }

  function requests(dryRun: boolean): CampaignImportRequest[] {
    return chosenByCampaign.map(({ campaign, items }) => {
      const own = map[campaign.id] ?? {};
      const audienceMap: AudienceMap = {};
      for (const { campaignId: cid, label } of labels) if (cid === campaign.id) audienceMap[label] = own[label] ?? [];
      const perPhase = Object.fromEntries(Object.entries(phaseThemes[campaign.id] ?? {}).filter(([, v]) => v && v !== SAME_AS_ALL));
      return {
        campaignId: campaign.id,
        body: {
          activityIds: items.map((i) => i.activity.id),
          themeId: theme,
          audienceMap,
          phaseThemes: perPhase,
          ...(askReview ? { requestReview: {} } : {}),
          ...(dryRun ? { dryRun: true } : {}),
        },
      };
    });
  }

  const unmappedLabel = labels.find((l) => (map[l.campaignId]?.[l.label] ?? []).length === 0);

  // The summary is the server's dry run of exactly what Add sends.
  async function toSummary() {
    if (unmappedLabel) {
      toastError(`Choose an audience for ${unmappedLabel.label} first.`);
      return;
    }
    if (!theme) {
      toastError('Choose a theme for the activities first.');
      return;
    }
    setPreviewing(true);
    try {
      const reqs = requests(true);
      const answers = await Promise.all(reqs.map((r) => previewCampaignImport(r)));
      const created = answers.flatMap((a) => a.created);
      setPreview({
        activities: new Set(created.map((c) => `${c.sourceCampaignId}:${c.sourceActivityId}`)).size,
        communications: created.length,
        audiences: new Set(created.map((c) => c.audienceId ?? '')).size,
        themes: new Set(created.map((c) => c.themeId)).size,
        skipped: answers.reduce((n, a) => n + a.skipped, 0),
        warnings: addWarnings(answers.map((a) => a.warnings)),
      });
      setStep('summary');
    } catch {
      toast({ ...MSG_IMPORT_FAILED, variant: 'destructive' });
    } finally {
      setPreviewing(false);
    }
  }

  function add() {
    const reqs = requests(false);
    for (const r of reqs) rememberAudienceMap(r.campaignId, { ...rememberedAudienceMap(r.campaignId), ...r.body.audienceMap });
    importMutation.mutate(reqs);
  }

  const stepIndex = STEPS.findIndex(([s]) => s === step);
  const done = step === 'done' && outcome && preview;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl" data-testid="import-dialog">
        <DialogHeader>
          <DialogTitle>Select Campaign Activities</DialogTitle>
          <DialogDescription>Choose activities from a saved campaign, say who they are for, and check the summary before they are added to the schedule.</DialogDescription>
        </DialogHeader>

        {list.length > 0 && (
          <ol className="flex min-w-0 flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Import steps">
            {STEPS.map(([s, name], i) => (
              <li
                key={s}
                aria-current={s === step ? 'step' : undefined}
                className={cn('flex items-center gap-1.5', s === step ? 'font-semibold text-blue-800' : i < stepIndex || step === 'done' ? 'text-slate-700' : 'text-slate-600')}
              >
                <span
                  className={cn('inline-flex h-5 w-5 items-center justify-center rounded-full text-xs', s === step ? 'bg-blue-700 text-white' : 'bg-slate-200 text-slate-800')}
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                {name}
              </li>
            ))}
          </ol>
        )}

        {isLoading ? (
          <LoadingRows label="Loading campaigns" />
        ) : list.length === 0 ? (
          <div className="rounded-md border border-dashed border-slate-300 p-8 text-center">
            <p className="font-medium text-slate-900">No saved campaigns</p>
            <p className="text-sm text-slate-600">Generate a campaign in the Campaign Scheduler and save it to the Campaign Inventory first.</p>
          </div>
        ) : step === 'activities' ? (
          <div className="grid min-h-0 min-w-0 gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <section aria-labelledby="import-campaigns-title" className="grid min-h-0 min-w-0 content-start gap-2">
              <h3 id="import-campaigns-title" className="text-sm font-semibold text-slate-900">
                Campaigns
              </h3>
              <ul className="grid max-h-[50vh] gap-1.5 overflow-y-auto pr-1">
                {list.map((c) => {
                  const n = selection[c.id]?.length ?? 0;
                  const active = c.id === current?.id;
                  const done = importedCounts[c.id] ?? 0;
                  return (
                    <li key={c.id}>
                      <button
                        type="button"
                        aria-pressed={active}
                        onClick={() => setCampaignId(c.id)}
                        className={`w-full rounded-md border p-3 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${
                          active ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:bg-slate-50'
                        }`}
                      >
                        <span className="block break-words font-medium text-slate-900">{c.title}</span>
                        {c.description && <span className="line-clamp-2 block text-xs text-slate-600">{c.description}</span>}
                        <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                          <span>{c.activityCount} activities</span>
                          <span aria-hidden="true">·</span>
                          <span>Saved {formatShortDate(c.createdAt)}</span>
                          {done > 0 && (
                            <Badge variant="secondary" data-testid="campaign-imported">
                              Imported
                            </Badge>
                          )}
                          {n > 0 && <Badge>{n} selected</Badge>}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>

            <section aria-labelledby="import-activities-title" className="grid min-h-0 min-w-0 content-start gap-2">
              <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
                <h3 id="import-activities-title" className="min-w-0 break-words text-sm font-semibold text-slate-900">
                  {current ? `Activities of ${current.title}` : 'Activities'}
                </h3>
                <Button variant="outline" size="sm" className="shrink-0" onClick={toggleAll} disabled={visible.length === 0}>
                  {allVisibleChosen ? 'Deselect All' : 'Select All'}
                </Button>
              </div>
              {imported && imported.size > 0 && current && (
                <div className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 p-2 text-xs text-slate-800" data-testid="already-imported">
                  <span>
                    Already imported: {imported.size} of {activities.length} activities are on the Schedule, and are skipped.
                  </span>
                  <Button variant="outline" size="sm" onClick={() => undoMutation.mutate([current.id])} disabled={undoMutation.isPending}>
                    <Undo2 className="h-4 w-4" aria-hidden="true" />
                    Undo import
                  </Button>
                </div>
              )}
              <div className="relative">
                <Search className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-500" aria-hidden="true" />
                <label htmlFor={searchId} className="sr-only">
                  Search activities
                </label>
                <Input id={searchId} type="search" className="pl-8" placeholder="Search activities..." value={query} onChange={(e) => setQuery(e.target.value)} />
              </div>
              {!currentRecord && recordLoading ? (
                <LoadingRows label="Loading activities" />
              ) : visible.length === 0 ? (
                <p className="p-4 text-center text-sm text-slate-600">{activities.length === 0 ? 'This campaign has no activities.' : 'No activities match your search.'}</p>
              ) : (
                <ul className="grid max-h-[50vh] min-w-0 gap-1.5 overflow-y-auto pr-1" aria-label="Campaign activities">
                  {visible.map(({ key, phase, activity: a }) => {
                    const id = `import-activity-${current?.id}-${key}`;
                    return (
                      <li key={key} className="flex min-w-0 items-start gap-3 rounded-md border border-slate-200 p-2.5 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
                        <input id={id} type="checkbox" className="mt-1 h-4 w-4 shrink-0 accent-blue-700" checked={chosen.has(key)} onChange={() => toggle(key)} />
                        <label htmlFor={id} className="grid min-w-0 flex-1 cursor-pointer gap-0.5">
                          <span className="break-words font-medium text-slate-900">{a.title}</span>
                          <span className="break-words text-xs text-slate-600">
                            {formatShortDate(activityDate(a.date))}
                            {phase && ` · ${phase}`}
                            {a.channel && ` · ${typeLabel(reference?.vehicleTypes, a.channel)}`}
                            {a.audience && ` · ${a.audience}`}
                            {imported?.has(a.id) && ' · on the Schedule'}
                          </span>
                          {a.description && <span className="line-clamp-2 text-xs text-slate-700">{a.description}</span>}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          </div>
        ) : step === 'map' ? (
          <ImportMapping
            labels={labels}
            phases={phases}
            audiences={audiences ?? []}
            themes={themes ?? []}
            map={map}
            onMap={(cid, label, ids) => setMap((m) => ({ ...m, [cid]: { ...(m[cid] ?? {}), [label]: ids } }))}
            theme={theme}
            onTheme={setTheme}
            phaseThemes={phaseThemes}
            onPhaseTheme={(cid, phase, id) => setPhaseThemes((m) => ({ ...m, [cid]: { ...(m[cid] ?? {}), [phase]: id } }))}
            showCampaign={(cid) => (severalCampaigns ? list.find((c) => c.id === cid)?.title : undefined)}
          />
        ) : step === 'summary' && preview ? (
          <div className="grid min-w-0 gap-4">
            <ImportSummary figures={preview} />
            <label htmlFor="import-request-review" className="flex items-start gap-2 text-sm text-slate-800">
              <input id="import-request-review" type="checkbox" className="mt-0.5 h-4 w-4 accent-blue-700" checked={askReview} onChange={(e) => setAskReview(e.target.checked)} />
              <span>
                Request review of every imported item (any approver)
                {reviewRequired && <span className="block text-xs text-slate-600">Review is required: they come in as drafts until approved.</span>}
              </span>
            </label>
          </div>
        ) : done ? (
          <ImportSummary
            done
            figures={{ ...preview, communications: outcome.created, skipped: outcome.skipped, warnings: outcome.warnings }}
          />
        ) : null}

        {list.length > 0 && (
          <DialogFooter className="flex-wrap gap-2">
            {step === 'activities' && (
              <>
                <Button variant="outline" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button onClick={startMapping} disabled={themesLoading}>
                  Next: audiences and themes ({total})
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </Button>
              </>
            )}
            {step === 'map' && (
              <>
                <Button variant="ghost" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button variant="outline" onClick={() => setStep('activities')}>
                  <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                  Back
                </Button>
                <Button onClick={() => void toSummary()} disabled={previewing}>
                  {previewing ? 'Checking...' : 'Next: summary'}
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </Button>
              </>
            )}
            {step === 'summary' && (
              <>
                <Button variant="ghost" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button variant="outline" onClick={() => setStep('map')}>
                  <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                  Back
                </Button>
                <Button onClick={add} disabled={importMutation.isPending || (preview?.communications ?? 0) === 0}>
                  <CalendarPlus className="h-4 w-4" aria-hidden="true" />
                  {importMutation.isPending ? 'Adding...' : `Add to Schedule (${preview?.communications ?? 0})`}
                </Button>
              </>
            )}
            {step === 'done' && outcome && (
              <>
                {outcome.campaignIds.length > 0 && (
                  <Button variant="outline" onClick={() => undoMutation.mutate(outcome.campaignIds)} disabled={undoMutation.isPending}>
                    <Undo2 className="h-4 w-4" aria-hidden="true" />
                    {undoMutation.isPending ? 'Undoing...' : 'Undo import'}
                  </Button>
                )}
                <Button onClick={() => onOpenChange(false)}>Done</Button>
              </>
            )}
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
