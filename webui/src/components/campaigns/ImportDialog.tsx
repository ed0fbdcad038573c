import { CalendarPlus, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatShortDate } from '@/lib/dates';
import {
  activityDate,
  campaignActivities,
  filterActivities,
  importPayload,
  MSG_NO_THEMES,
  MSG_SELECTION_REQUIRED,
  type SavedCampaign,
} from '@/lib/planning';
import { toast, toastError } from '@/lib/toast';
import { useThemes } from '@/hooks/themes';
import { useCampaignList } from '@/hooks/campaigns';
import { useImportCommunications } from '@/hooks/schedule';

// A selection is kept per campaign, so switching campaigns does not lose it.
type Selection = Record<string, string[]>;

function countSelected(sel: Selection): number {
  return Object.values(sel).reduce((n, keys) => n + keys.length, 0);
}

/**
 * ImportDialog is "Select Campaign Activities" (spec 02 §2.4): saved
 * campaigns on the left, the chosen campaign's activities on the right with
 * a search and Select All / Deselect All, and "Add to Schedule (n)", which
 * creates every chosen activity as a scheduled communication in one call.
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
  const { data: campaigns, isLoading } = useCampaignList();
  const { data: themes, isLoading: themesLoading } = useThemes();
  const [campaignId, setCampaignId] = useState<string | null>(initialCampaignId ?? null);
  const [query, setQuery] = useState('');
  const [selection, setSelection] = useState<Selection>({});
  const importMutation = useImportCommunications(() => onOpenChange(false));
  const searchId = useId();

  // Each opening starts afresh on the preselected campaign, or the first.
  useEffect(() => {
    if (!open) return;
    setSelection({});
    setQuery('');
    setCampaignId(initialCampaignId ?? null);
  }, [open, initialCampaignId]);

  const list = useMemo(() => campaigns ?? [], [campaigns]);
  const current: SavedCampaign | undefined = list.find((c) => c.id === campaignId) ?? list[0];
  const activities = useMemo(() => campaignActivities(current), [current]);
  const visible = useMemo(() => filterActivities(activities, query), [activities, query]);
  const chosen = new Set(current ? (selection[current.id] ?? []) : []);
  const allVisibleChosen = visible.length > 0 && visible.every((i) => chosen.has(i.key));
  const total = countSelected(selection);

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

  function add() {
    if (total === 0) {
      toast({ ...MSG_SELECTION_REQUIRED, variant: 'destructive' });
      return;
    }
    const theme = themes?.[0];
    if (!theme) {
      toastError(MSG_NO_THEMES);
      return;
    }
    // Every imported communication gets the first theme (docs/ui.md).
    const today = new Date();
    const communications = list.flatMap((c) => {
      const keys = new Set(selection[c.id] ?? []);
      if (keys.size === 0) return [];
      return importPayload(c.id, campaignActivities(c).filter((i) => keys.has(i.key)), theme.id, today).communications;
    });
    importMutation.mutate({ communications });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Select Campaign Activities</DialogTitle>
          <DialogDescription>Choose activities from a saved campaign to add to the schedule as scheduled communications.</DialogDescription>
        </DialogHeader>

        {isLoading ? (
          <div className="grid gap-2" role="status" aria-label="Loading campaigns">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
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
                          <span>{campaignActivities(c).length} activities</span>
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
                <h3 id="import-activities-title" className="truncate text-sm font-semibold text-slate-900">
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
              {visible.length === 0 ? (
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
                            {a.channel && ` · ${a.channel}`}
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

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={add} disabled={importMutation.isPending || themesLoading}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            {importMutation.isPending ? 'Adding...' : `Add to Schedule (${total})`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
