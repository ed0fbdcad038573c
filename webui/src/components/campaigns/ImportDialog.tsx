import { CalendarPlus, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LoadingRows } from '@/components/ui/skeleton';
import { formatShortDate } from '@/lib/dates';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import {
  activityDate,
  campaignActivities,
  EVERYONE_CHOICE,
  filterActivities,
  MSG_IMPORT_FAILED,
  MSG_NO_THEMES,
  MSG_SELECTION_REQUIRED,
  rememberAudienceMap,
  rememberedAudienceMap,
  type SavedCampaign,
} from '@/lib/planning';
import { toast, toastError } from '@/lib/toast';
import { typeLabel } from '@/lib/vehicles';
import { useThemes } from '@/hooks/themes';
import { useAudiences } from '@/hooks/audiences';
import { useReference } from '@/hooks/reference';
import { useCampaignSummaries, useSavedCampaign } from '@/hooks/campaigns';
import { previewCampaignImport, useImportCampaigns, type CampaignImportRequest } from '@/hooks/schedule';
import AudienceMapping, { type AskedLabels, type Choices } from './AudienceMapping';

// A selection is kept per campaign, so switching campaigns does not lose it.
type Selection = Record<string, string[]>;

function countSelected(sel: Selection): number {
  return Object.values(sel).reduce((n, keys) => n + keys.length, 0);
}

/**
 * ImportDialog is "Select Campaign Activities" (spec 02 §2.4): saved
 * campaigns on the left, the chosen campaign's activities on the right with
 * a search and Select All / Deselect All, the theme, and "Add to Schedule
 * (n)". The import keeps each activity's audience and channel (issue 29):
 * the server maps a label to the stored audience of that name; a label
 * without one is asked here once (remembered per campaign in this
 * browser), with "Everyone" as an explicit choice. Activities already on
 * the Schedule are skipped, and the toast says how many. campaignId
 * preselects a campaign (the inventory's "Add to Schedule"). The campaigns
 * are listed as summaries; only the one on screen is read whole, with its
 * schedule (issue 27), and kept for the import of its selection.
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
  const [themeId, setThemeId] = useState('');
  const [asked, setAsked] = useState<AskedLabels>([]);
  const [choices, setChoices] = useState<Choices>({});
  const [checking, setChecking] = useState(false);
  const [campaignId, setCampaignId] = useState<string | null>(initialCampaignId ?? null);
  const [query, setQuery] = useState('');
  const [selection, setSelection] = useState<Selection>({});
  const [askReview, setAskReview] = useState(false);
  const importMutation = useImportCampaigns(() => onOpenChange(false));
  const searchId = useId();

  // Each opening starts afresh on the preselected campaign, or the first.
  useEffect(() => {
    if (!open) return;
    setSelection({});
    setQuery('');
    setAsked([]);
    setChoices({});
    setCampaignId(initialCampaignId ?? null);
  }, [open, initialCampaignId]);

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

  function setChosen(keys: Set<string>) {
    if (!current) return;
    setSelection((s) => ({ ...s, [current.id]: activities.filter((i) => keys.has(i.key)).map((i) => i.key) }));
    setAsked([]); // a new selection may bring new names: ask the server again
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

  // The requests of the chosen activities, with the mapping remembered or
  // chosen for each campaign ("" is everyone).
  function requests(theme: string): CampaignImportRequest[] {
    return list.flatMap((summary) => {
      const c = records[summary.id];
      if (!c) return [];
      const keys = new Set(selection[c.id] ?? []);
      const activityIds = campaignActivities(c)
        .filter((i) => keys.has(i.key) && i.activity.id)
        .map((i) => i.activity.id);
      if (activityIds.length === 0) return [];
      const audienceMap = { ...rememberedAudienceMap(c.id) };
      for (const [label, v] of Object.entries(choices[c.id] ?? {})) audienceMap[label] = v === EVERYONE_CHOICE ? '' : v;
      return [{ campaignId: c.id, body: { activityIds, themeId: theme, audienceMap, ...(askReview ? { requestReview: {} } : {}) } }];
    });
  }

  async function add() {
    if (total === 0) {
      toast({ ...MSG_SELECTION_REQUIRED, variant: 'destructive' });
      return;
    }
    const theme = themeId || themes?.[0]?.id;
    if (!theme) {
      toastError(MSG_NO_THEMES);
      return;
    }
    const reqs = requests(theme);
    const unanswered = asked.some((c) => c.labels.some((l) => !choices[c.campaignId]?.[l]));
    if (unanswered) {
      toastError('Choose an audience for each name first.');
      return;
    }
    if (asked.length === 0) {
      // Ask the server which labels it cannot place, before writing.
      setChecking(true);
      try {
        const previews = await Promise.all(reqs.map((r) => previewCampaignImport(r)));
        const toAsk = reqs
          .map((r, i) => ({ campaignId: r.campaignId, title: list.find((c) => c.id === r.campaignId)?.title ?? '', labels: previews[i].unmapped }))
          .filter((c) => c.labels.length > 0);
        if (toAsk.length > 0) {
          setAsked(toAsk);
          return;
        }
      } catch {
        toast({ ...MSG_IMPORT_FAILED, variant: 'destructive' });
        return;
      } finally {
        setChecking(false);
      }
    }
    for (const r of reqs) rememberAudienceMap(r.campaignId, r.body.audienceMap);
    importMutation.mutate(reqs);
  }

  function choose(campaignId: string, label: string, value: string) {
    setChoices((c) => ({ ...c, [campaignId]: { ...(c[campaignId] ?? {}), [label]: value } }));
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Select Campaign Activities</DialogTitle>
          <DialogDescription>Choose activities from a saved campaign to add to the schedule as scheduled communications.</DialogDescription>
        </DialogHeader>

        {isLoading ? (
          <LoadingRows label="Loading campaigns" />
        ) : list.length === 0 ? (
          <div className="rounded-md border border-dashed border-slate-300 p-8 text-center">
            <p className="font-medium text-slate-900">No saved campaigns</p>
            <p className="text-sm text-slate-600">Generate a campaign in the Campaign Scheduler and save it to the Campaign Inventory first.</p>
          </div>
        ) : (
          <div className="grid min-h-0 gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <section aria-labelledby="import-campaigns-title" className="grid min-h-0 content-start gap-2">
              <h3 id="import-campaigns-title" className="text-sm font-semibold text-slate-900">
                Campaigns
              </h3>
              <ul className="grid max-h-[50vh] gap-1.5 overflow-y-auto pr-1">
                {list.map((c) => {
                  const n = selection[c.id]?.length ?? 0;
                  const active = c.id === current?.id;
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
                        <span className="block font-medium text-slate-900">{c.title}</span>
                        {c.description && <span className="line-clamp-2 block text-xs text-slate-600">{c.description}</span>}
                        <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                          <span>{c.activityCount} activities</span>
                          <span aria-hidden="true">·</span>
                          <span>Saved {formatShortDate(c.createdAt)}</span>
                          {n > 0 && <Badge>{n} selected</Badge>}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>

            <section aria-labelledby="import-activities-title" className="grid min-h-0 content-start gap-2">
              <div className="flex items-center justify-between gap-2">
                <h3 id="import-activities-title" className="truncate text-sm font-semibold text-slate-900" title={current ? `Activities of ${current.title}` : undefined}>
                  {current ? `Activities of ${current.title}` : 'Activities'}
                </h3>
                <Button variant="outline" size="sm" onClick={toggleAll} disabled={visible.length === 0}>
                  {allVisibleChosen ? 'Deselect All' : 'Select All'}
                </Button>
              </div>
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
                <ul className="grid max-h-[50vh] gap-1.5 overflow-y-auto pr-1" aria-label="Campaign activities">
                  {visible.map(({ key, phase, activity: a }) => {
                    const id = `import-activity-${current?.id}-${key}`;
                    return (
                      <li key={key} className="flex items-start gap-3 rounded-md border border-slate-200 p-2.5 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
                        <input id={id} type="checkbox" className="mt-1 h-4 w-4 accent-blue-700" checked={chosen.has(key)} onChange={() => toggle(key)} />
                        <label htmlFor={id} className="grid flex-1 cursor-pointer gap-0.5">
                          <span className="font-medium text-slate-900">{a.title}</span>
                          <span className="text-xs text-slate-600">
                            {formatShortDate(activityDate(a.date))}
                            {phase && ` · ${phase}`}
                            {a.channel && ` · ${typeLabel(reference?.vehicleTypes, a.channel)}`}
                            {a.audience && ` · ${a.audience}`}
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
        )}

        {asked.length > 0 && <AudienceMapping asked={asked} audiences={audiences ?? []} choices={choices} onChoose={choose} />}

        {list.length > 0 && (themes?.length ?? 0) > 0 && (
          <div className="grid max-w-sm gap-1.5">
            <Label htmlFor="import-theme">Theme</Label>
            <Select
              id="import-theme"
              value={themeId || themes?.[0]?.id || ''}
              onValueChange={setThemeId}
              options={(themes ?? []).map((t) => ({ value: t.id, label: t.name }))}
            />
          </div>
        )}

        {list.length > 0 && (
          <label htmlFor="import-request-review" className="flex items-start gap-2 text-sm text-slate-800">
            <input id="import-request-review" type="checkbox" className="mt-0.5 h-4 w-4 accent-blue-700" checked={askReview} onChange={(e) => setAskReview(e.target.checked)} />
            <span>
              Request review of every imported item (any approver)
              {reviewRequired && <span className="block text-xs text-slate-600">Review is required: they come in as drafts until approved.</span>}
            </span>
          </label>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void add()} disabled={importMutation.isPending || themesLoading || checking}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            {importMutation.isPending ? 'Adding...' : `Add to Schedule (${total})`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
