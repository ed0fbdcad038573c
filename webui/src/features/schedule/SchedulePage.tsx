import { useReference } from '@/hooks/reference';
import { useReviews } from '@/hooks/review';
import { approvalReset } from '@/lib/review';
import { CalendarDays, Download, List, ListOrdered, Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '@/hooks/session';
import { CanEdit } from '@/components/CanEdit';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { dateKey, formatShortDate } from '@/lib/dates';
import { upcomingCommunications, UPCOMING_SCHEDULE_LIMIT, warnedIds } from '@/lib/schedule';
import type { Communication } from '@/lib/types';
import { useRecordParam } from '@/lib/useFocusParam';
import { BACKLOG_PAGE, useBacklog, useCommunication, useDeleteCommunication, useMonthCommunications, useUpcoming } from '@/hooks/communications';
import { CalendarLegend } from '@/components/calendar/CommunicationCalendar';
import { Select } from '@/components/ui/select';
import { campaignColors } from '@/lib/calendar';
import { useCampaignMilestones, useCampaignSummaries } from '@/hooks/campaigns';
import { useScheduleWarnings } from '@/hooks/schedule';
import { PlanningTools } from './PlanningTools';
import { DayDialog } from './DayDialog';
import { ScheduleAgenda } from './ScheduleAgenda';
import { ScheduleCalendar, useBacklogDrag, type CampaignMark } from './ScheduleCalendar';
import { CommunicationItem, deleteConfirm, prefetchListView, ScheduleListView } from './ScheduleList';
import { WarningsPanel } from './WarningsPanel';

// The dialogs load on first use: the forms (react-hook-form, zod) stay out of the screen's first load.
const CommunicationDialog = lazy(() => import('@/components/communications/CommunicationDialog'));
const ImportDialog = lazy(() => import('@/components/campaigns/ImportDialog'));

type View = 'calendar' | 'agenda' | 'list';

/** PHONE is the width below which the Schedule opens as its agenda. */
const PHONE = '(max-width: 767px)';

/** ALL_CAMPAIGNS and NO_CAMPAIGN are the campaign filter's choices besides a campaign. */
const ALL_CAMPAIGNS = '__all__';
const NO_CAMPAIGN = '__none__';

/** MILESTONE_CAMPAIGNS bounds how many campaigns of a month are read whole for their milestones. */
const MILESTONE_CAMPAIGNS = 8;

function openingView(): View {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches ? 'agenda' : 'calendar';
}

/**
 * usePrefetchListView prefetches the List view's first pages once ready
 * (the month is drawn) and the browser is idle: after the Schedule's first
 * paint, so its LCP does not wait for them, and before a switch to the List
 * view, which then draws from the cache (docs/ui.md "Schedule").
 */
function usePrefetchListView(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => void prefetchListView(), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => void prefetchListView(), 200);
    return () => window.clearTimeout(id);
  }, [ready]);
}

function SidePanel({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={id}>
        <div className="p-5 pb-3">
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
        </div>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

/**
 * SchedulePage plans communications (spec 02 §2.5): a month calendar with
 * drag-and-drop rescheduling, a backlog of undated drafts and the Upcoming
 * panel, or the List view's three columns; warnings on both. Each part
 * fetches only what it shows: the calendar its month (and
 * prefetches the months either side), the backlog a page of drafts, the
 * Upcoming panel the next few, a linked or warned communication by id.
 */
export default function SchedulePage() {
  const [month, setMonth] = useState(() => new Date());
  const { data: comms, isLoading } = useMonthCommunications(month);
  const [backlogLimit, setBacklogLimit] = useState(BACKLOG_PAGE);
  const backlogQuery = useBacklog(backlogLimit);
  const upcomingQuery = useUpcoming(dateKey(new Date()), UPCOMING_SCHEDULE_LIMIT);
  const warnings = useScheduleWarnings();
  // mutate keeps its identity (the mutation's result object does not): onDelete stays the same for the memoised List view.
  const { mutate: remove } = useDeleteCommunication();
  const [view, setView] = useState<View>(openingView);
  const [dialog, setDialog] = useState<{ open: boolean; communication?: Communication; initialDate?: string }>({ open: false });
  const [importOpen, setImportOpen] = useState(false);
  const backlogDrag = useBacklogDrag();
  // A viewer gets no editing hints (nothing drags for them).
  const canEdit = useCan('plan.edit');

  // "Needs my review": the items the signed-in approver has a decision to take on.
  const [needsMine, setNeedsMine] = useState(false);
  const myReviews = useReviews(true);
  const reviewRequired = !!useReference().data?.review?.required;
  const mine = useMemo(() => (myReviews.data ?? []).filter((i) => i.entity === 'communication'), [myReviews.data]);
  // The campaigns the month imported from: their colours (in the saved list's
  // order, so a campaign keeps its colour from month to month), names and milestones.
  const [campaignFilter, setCampaignFilter] = useState(ALL_CAMPAIGNS);
  const monthCampaignIds = useMemo(() => {
    const counts = new Map<string, number>();
    for (const c of comms ?? []) if (c.sourceCampaignId) counts.set(c.sourceCampaignId, (counts.get(c.sourceCampaignId) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  }, [comms]);
  const summaries = useCampaignSummaries(monthCampaignIds.length > 0);
  const campaigns = useMemo(() => {
    const colors = campaignColors((summaries.data ?? []).map((c) => c.id));
    const out = new Map<string, CampaignMark>();
    for (const c of summaries.data ?? []) out.set(c.id, { title: c.title, color: colors.get(c.id) ?? '#334155' });
    return out;
  }, [summaries.data]);
  const milestones = useCampaignMilestones(monthCampaignIds.slice(0, MILESTONE_CAMPAIGNS));
  const list = useMemo(() => {
    let all = comms ?? [];
    if (campaignFilter === NO_CAMPAIGN) all = all.filter((c) => !c.sourceCampaignId);
    else if (campaignFilter !== ALL_CAMPAIGNS) all = all.filter((c) => c.sourceCampaignId === campaignFilter);
    if (!needsMine) return all;
    const ids = new Set(mine.map((i) => i.id));
    return all.filter((c) => ids.has(c.id));
  }, [comms, needsMine, mine, campaignFilter]);
  const shownMilestones = useMemo(() => {
    if (campaignFilter === ALL_CAMPAIGNS) return milestones;
    const out = new Map<string, typeof milestones extends Map<string, infer M> ? M : never>();
    for (const [day, ms] of milestones) {
      const kept = ms.filter((m) => m.campaignId === campaignFilter);
      if (kept.length > 0) out.set(day, kept);
    }
    return out;
  }, [milestones, campaignFilter]);
  const [openDay, setOpenDay] = useState<{ day: string; items: Communication[] } | null>(null);
  const onOpenDay = useCallback((day: string, items: Communication[]) => setOpenDay({ day, items }), []);
  const warned = useMemo(() => warnedIds(warnings.data), [warnings.data]);
  const openEdit = useCallback((c: Communication) => setDialog({ open: true, communication: c }), []);
  const openCreateOn = useCallback((date: string) => setDialog({ open: true, initialDate: date }), []);
  const onDelete = useCallback(
    (c: Communication) => {
      if (window.confirm(deleteConfirm(c))) remove(c.id);
    },
    [remove],
  );
  // A warning names communications of any month: each opens by id.
  const [openId, setOpenId] = useState('');
  const opened = useCommunication(openId);
  useEffect(() => {
    if (openId && opened.data?.id === openId) {
      openEdit(opened.data);
      setOpenId('');
    }
  }, [openId, opened.data, openEdit]);

  // The header search links a communication here with ?focus=<id>.
  const [params] = useSearchParams();
  const focused = useCommunication(params.get('focus') ?? '');
  const focusItems = useMemo(() => (focused.data ? [focused.data] : undefined), [focused.data]);
  useRecordParam('focus', focusItems, openEdit);

  const firstLoad = isLoading || warnings.isLoading;
  usePrefetchListView(!firstLoad);
  const undated = backlogQuery.data ?? [];
  const next = upcomingCommunications(upcomingQuery.data ?? [], new Date());

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5" role="group" aria-label="View">
          {(
            [
              ['agenda', 'Agenda', ListOrdered],
              ['calendar', 'Calendar', CalendarDays],
              ['list', 'List', List],
            ] as const
          ).map(([v, label, Icon]) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                view === v ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant={needsMine ? 'default' : 'outline'} aria-pressed={needsMine} onClick={() => setNeedsMine((v) => !v)} data-testid="needs-my-review">
            Needs my review{mine.length > 0 ? ` (${mine.length})` : ''}
          </Button>
          {/* Always there, so the toolbar does not reflow when the month's campaigns arrive. */}
          <Select
            aria-label="Campaign"
            className="w-56 max-w-full"
            value={campaignFilter}
            onValueChange={setCampaignFilter}
            options={[
              { value: ALL_CAMPAIGNS, label: 'All campaigns' },
              ...monthCampaignIds.map((id) => ({ value: id, label: campaigns.get(id)?.title ?? 'A campaign' })),
              ...(campaignFilter !== ALL_CAMPAIGNS && campaignFilter !== NO_CAMPAIGN && !monthCampaignIds.includes(campaignFilter)
                ? [{ value: campaignFilter, label: campaigns.get(campaignFilter)?.title ?? 'A campaign' }]
                : []),
              { value: NO_CAMPAIGN, label: 'Not from a campaign' },
            ]}
          />
          <PlanningTools />
          <CanEdit>
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <Download className="h-4 w-4" aria-hidden="true" />
              Import from Campaign
            </Button>
            <Button onClick={() => setDialog({ open: true })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Schedule Communication
            </Button>
          </CanEdit>
        </div>
      </div>

      {/* The warnings panel and the calendar appear together: drawn alone, the
          panel arriving above the calendar pushed it down (CLS 0.14 at scale). */}
      {!firstLoad && <WarningsPanel warnings={warnings.data ?? []} onOpen={setOpenId} />}
      {needsMine && (
        <Card>
          <section aria-labelledby="needs-my-review-heading" className="p-5">
            <h2 id="needs-my-review-heading" className="text-base font-semibold text-slate-900">
              Needs my review
            </h2>
            {mine.length === 0 ? (
              <p className="py-2 text-sm text-slate-600">Nothing waits for your decision.</p>
            ) : (
              <ul className="mt-2 grid gap-1" data-testid="needs-my-review-list">
                {mine.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center gap-2 text-sm">
                    <button type="button" className="font-medium text-blue-800 underline-offset-2 hover:underline" onClick={() => setOpenId(i.id)}>
                      {i.title}
                    </button>
                    <span className="text-slate-600">
                      asked by {i.review.requestedBy?.name ?? 'someone'}
                      {i.review.dueDate ? `, due ${formatShortDate(i.review.dueDate)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </Card>
      )}

      {/* Keys: the calendar replaces the skeleton's node rather than reusing and moving it. */}
      {firstLoad ? (
        <div key="loading" className="grid gap-4" role="status" aria-label="Loading communications">
          <Skeleton className="h-[420px] w-full" />
        </div>
      ) : view === 'calendar' ? (
        <div key="calendar" className="grid gap-6 xl:grid-cols-4">
          <Card className="xl:col-span-3">
            <section aria-labelledby="schedule-calendar">
              <div className="flex flex-wrap items-center justify-between gap-2 p-5 pb-3">
                <h2 id="schedule-calendar" className="text-base font-semibold text-slate-900">
                  Communication Calendar
                </h2>
                <CalendarLegend />
              </div>
              <CardContent>
                <ScheduleCalendar
                  communications={list}
                  warned={warned}
                  backlogDrag={backlogDrag}
                  onEdit={openEdit}
                  onCreateOn={openCreateOn}
                  onOpenDay={onOpenDay}
                  campaigns={campaigns}
                  milestones={shownMilestones}
                  month={month}
                  onMonthChange={setMonth}
                />
                {/* Below the month: names arriving after the month is drawn move nothing. */}
                {monthCampaignIds.length > 0 && (
                  <ul className="mt-3 flex flex-wrap gap-3 text-xs text-slate-700" aria-label="Campaign colours" data-testid="campaign-legend">
                    {monthCampaignIds.map((id) => (
                      <li key={id} className="flex items-center gap-1.5">
                        <span className="inline-block h-3 w-1.5 rounded-sm" style={{ background: campaigns.get(id)?.color }} aria-hidden="true" />
                        {campaigns.get(id)?.title ?? 'A campaign'}
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </section>
          </Card>
          <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6">
            <SidePanel id="schedule-backlog" title="Backlog" hint={canEdit ? 'Drafts without a date. Drag one onto a day to schedule it, or edit it to pick a date.' : 'Drafts without a date.'}>
              {undated.length === 0 ? (
                <p className="py-2 text-center text-sm text-slate-600">No undated drafts</p>
              ) : (
                <>
                  <ul className="grid max-h-[32rem] grid-cols-[minmax(0,1fr)] gap-2 overflow-y-auto" data-testid="backlog-list">
                    {undated.map((c) => (
                      <CommunicationItem key={c.id} c={c} warned={false} onEdit={openEdit} dragProps={backlogDrag.itemProps(c)} />
                    ))}
                  </ul>
                  {undated.length >= backlogLimit && (
                    <Button variant="outline" size="sm" className="mt-3 w-full" onClick={() => setBacklogLimit((n) => n + BACKLOG_PAGE)}>
                      Show more
                    </Button>
                  )}
                </>
              )}
            </SidePanel>
            <SidePanel id="schedule-upcoming" title="Upcoming Communications">
              {next.length === 0 ? (
                <p className="py-2 text-center text-sm text-slate-600">No upcoming communications scheduled</p>
              ) : (
                <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="upcoming-list">
                  {next.map((c) => (
                    <CommunicationItem key={c.id} c={c} warned={warned.has(c.id)} onEdit={openEdit} resetFlag={reviewRequired && approvalReset(c)} />
                  ))}
                </ul>
              )}
            </SidePanel>
          </div>
        </div>
      ) : view === 'agenda' ? (
        <Card key="agenda">
          <CardContent className="p-4 sm:p-5">
            <ScheduleAgenda
              communications={list}
              warned={warned}
              campaigns={campaigns}
              milestones={shownMilestones}
              month={month}
              onMonthChange={setMonth}
              onEdit={openEdit}
            />
          </CardContent>
        </Card>
      ) : (
        <ScheduleListView needsMine={needsMine} warned={warned} onEdit={openEdit} onDelete={onDelete} />
      )}

      <Suspense fallback={null}>
        {dialog.open && (
          <CommunicationDialog
            open
            communication={dialog.communication}
            initialDate={dialog.initialDate}
            onOpenChange={(open) => !open && setDialog({ open: false })}
          />
        )}
        {importOpen && <ImportDialog open onOpenChange={setImportOpen} />}
        {openDay && (
          <DayDialog
            day={openDay.day}
            items={openDay.items}
            warned={warned}
            campaigns={campaigns}
            onOpenChange={(o) => !o && setOpenDay(null)}
            onEdit={openEdit}
          />
        )}
      </Suspense>
    </div>
  );
}
