import { Calendar as CalendarIcon, ClipboardCheck, FileText, Palette, Pencil, Plus, Send, Trash2, TrendingDown, TrendingUp, Users } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { activityText, activityWhen } from '@/lib/activity';
import { groupByDate } from '@/lib/calendar';
import { cn } from '@/lib/cn';
import { trendLabel } from '@/lib/dashboard';
import { dateKey, formatShortDate } from '@/lib/dates';
import { isBeforeToday } from '@/lib/schedule';
import { useOpenCreateDialog } from '@/lib/createDialogs';
import { hitTarget } from '@/lib/search';
import { toastError } from '@/lib/toast';
import type { ActivityEntry, Communication } from '@/lib/types';
import { CalendarLegend, CommunicationCalendar } from '@/components/calendar/CommunicationCalendar';
import { useCommunication, useMonthCommunications } from '@/hooks/communications';
import { useDashboard } from '@/hooks/dashboard';
import { useReviews } from '@/hooks/review';
import { ageText, awaiting } from '@/lib/review';

// The Communication form loads when first opened.
const CommunicationDialog = lazy(() => import('@/components/communications/CommunicationDialog'));

/** ACTIVITY_LIMIT is how many Recent Activity entries the Dashboard shows. */
export const ACTIVITY_LIMIT = 6;

function StatCard({
  title,
  value,
  icon,
  loading,
  note,
  trend,
}: {
  title: string;
  value: string;
  icon: ReactNode;
  loading: boolean;
  note?: string;
  trend: number | null;
}) {
  const label = trendLabel(trend);
  return (
    <Card data-testid="stat-card">
      <CardContent className="pt-5">
        <div className="flex items-start justify-between">
          <div>
            <p className="text-sm font-medium text-slate-600">{title}</p>
            {loading ? <Skeleton className="mt-2 h-8 w-16" /> : <p className="mt-1 text-3xl font-bold text-slate-900">{value}</p>}
          </div>
          <div className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-50 text-blue-700">{icon}</div>
        </div>
        {/* min-h-4 holds the note's line while loading, so the cards keep their height. */}
        <div className="mt-2 flex min-h-4 flex-wrap gap-x-3 gap-y-1 text-xs">
          {note && !loading && <span className="text-slate-600">{note}</span>}
          {label && !loading && (
            <span className={cn('flex items-center gap-1', trend! >= 0 ? 'text-green-700' : 'text-red-700')}>
              {trend! >= 0 ? <TrendingUp className="h-3.5 w-3.5" aria-hidden="true" /> : <TrendingDown className="h-3.5 w-3.5" aria-hidden="true" />}
              {label}
            </span>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** AwaitingReviewCard is the "Awaiting review" card: how many items wait for a decision, and the oldest request's age. */
function AwaitingReviewCard() {
  const reviews = useReviews();
  const { count, oldestDays } = awaiting(reviews.data ?? [], new Date());
  return (
    <StatCard
      title="Awaiting review"
      value={String(count)}
      icon={<ClipboardCheck className="h-5 w-5" aria-hidden="true" />}
      loading={reviews.isLoading}
      note={oldestDays === null ? 'Nothing waits' : `Oldest waiting ${ageText(oldestDays)}`}
      trend={null}
    />
  );
}

function vehicleLabel(type: string | undefined): string {
  if (!type) return '';
  return type.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** CommunicationLine is one communication of a Dashboard list: a button that opens it. */
function CommunicationLine({ c, onOpen }: { c: Communication; onOpen: (id: string) => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(c.id)}
        className="flex w-full items-start gap-3 rounded-md px-1 py-2 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        <span className={cn('mt-1.5 inline-block h-2 w-2 shrink-0 rounded-full', c.status === 'scheduled' ? 'bg-blue-700' : 'bg-slate-400')} aria-hidden="true" />
        <span className="min-w-0">
          {/* Long titles wrap rather than being cut off. */}
          <span className="block break-words text-sm font-medium text-slate-900">{c.title}</span>
          <span className="block text-xs text-slate-600">
            {[formatShortDate(c.scheduledDate), vehicleLabel(c.vehicle?.type), c.audience?.name].filter(Boolean).join(' · ')}
          </span>
        </span>
      </button>
    </li>
  );
}

/** activityTarget is where a Recent Activity entry leads: its communication (opened here) or its record's screen; null when there is none. */
function activityTarget(a: ActivityEntry): { kind: 'communication'; id: string } | { kind: 'link'; to: string } | null {
  if (a.action === 'deleted' || !a.entityId) return null;
  switch (a.entityType) {
    case 'communication':
      return { kind: 'communication', id: a.entityId };
    case 'theme':
    case 'question':
    case 'content':
      return { kind: 'link', to: hitTarget({ kind: a.entityType, id: a.entityId }) };
    default:
      return null;
  }
}

/** ActivityText is an entry's sentence: a button or link when it names something that can be opened. */
function ActivityText({ a, onOpen }: { a: ActivityEntry; onOpen: (id: string) => void }) {
  const target = activityTarget(a);
  const text = activityText(a);
  const style = 'break-words text-left text-sm text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 rounded-sm';
  if (target?.kind === 'communication') {
    return (
      <button type="button" className={style} onClick={() => onOpen(target.id)}>
        {text}
      </button>
    );
  }
  if (target?.kind === 'link') {
    return (
      <Link to={target.to} className={cn('block', style)}>
        {text}
      </Link>
    );
  }
  return <p className="break-words text-sm text-slate-900">{text}</p>;
}

const actionIcons = { created: Plus, updated: Pencil, deleted: Trash2 } as const;

/**
 * DashboardPage is the overview: summary cards, the month calendar, upcoming
 * communications and recent activity. The figures, the upcoming list and the
 * activity come from the server's summary (GET /api/dashboard); the calendar
 * fetches the month it shows.
 */
export default function DashboardPage() {
  const summary = useDashboard();
  const [month, setMonth] = useState(() => new Date());
  const comms = useMonthCommunications(month);
  const [selected, setSelected] = useState<Date | null>(null);
  const onDateSelect = useCallback((d: Date) => setSelected(d), []);
  const openCreate = useOpenCreateDialog();
  // The communication an item opened: from the month's list when it holds it, else read by id.
  const [openId, setOpenId] = useState<string | null>(null);
  const listed = openId ? comms.data?.find((c) => c.id === openId) : undefined;
  const read = useCommunication(openId && !listed ? openId : '');
  const opened = listed ?? read.data;
  useEffect(() => {
    if (read.isError) {
      toastError('This communication no longer exists');
      setOpenId(null);
    }
  }, [read.isError]);

  const now = new Date();
  const stats = summary.data;
  const loading = summary.isLoading || !stats;
  const next = stats?.upcoming ?? [];
  const activity = { isLoading: summary.isLoading, isError: summary.isError, data: stats?.activity.slice(0, ACTIVITY_LIMIT) };
  const byDate = useMemo(() => groupByDate(comms.data ?? []), [comms.data]);
  const selectedItems = selected ? (byDate.get(dateKey(selected)) ?? []) : [];

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <StatCard title="Active Themes" value={String(stats?.activeThemes ?? 0)} icon={<Palette className="h-5 w-5" aria-hidden="true" />} loading={loading} trend={stats?.themesTrend ?? null} />
        <StatCard
          title="Scheduled Comms"
          value={String(stats?.scheduled ?? 0)}
          icon={<CalendarIcon className="h-5 w-5" aria-hidden="true" />}
          loading={loading}
          note={`${stats?.dueThisWeek ?? 0} due this week`}
          trend={stats?.scheduledTrend ?? null}
        />
        <StatCard
          title="Total Contacts"
          value={(stats?.contacts ?? 0).toLocaleString('en-US')}
          icon={<Users className="h-5 w-5" aria-hidden="true" />}
          loading={loading}
          trend={stats?.contactsTrend ?? null}
        />
        <StatCard
          title="Content Pieces"
          value={String(stats?.contentPieces ?? 0)}
          icon={<FileText className="h-5 w-5" aria-hidden="true" />}
          loading={loading}
          trend={stats?.contentTrend ?? null}
        />
        <AwaitingReviewCard />
        <StatCard title="Sent This Week" value={(stats?.sentThisWeek ?? 0).toLocaleString('en-US')} icon={<Send className="h-5 w-5" aria-hidden="true" />} loading={loading} trend={null} />
      </div>

      <div className="grid gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle as="h2">Communication Calendar</CardTitle>
            <CalendarLegend />
          </CardHeader>
          <CardContent>
            {comms.isLoading ? (
              <Skeleton className="h-[420px] w-full" />
            ) : (
              <CommunicationCalendar communications={comms.data ?? []} selected={selected} onDateSelect={onDateSelect} month={month} onMonthChange={setMonth} onOpen={setOpenId} />
            )}
            {selected && (
              <div className="mt-4 border-t border-slate-200 pt-3" data-testid="selected-day">
                <div className="flex items-center justify-between gap-2">
                  <h4 className="text-sm font-semibold text-slate-900">Communications on {formatShortDate(selected)}</h4>
                  {!isBeforeToday(dateKey(selected), now) && (
                    <Button size="sm" variant="outline" onClick={() => openCreate('communication', { date: dateKey(selected) })}>
                      <Plus className="h-4 w-4" aria-hidden="true" />
                      Schedule Communication
                    </Button>
                  )}
                </div>
                {selectedItems.length === 0 ? (
                  <p className="py-2 text-sm text-slate-600">No communications on this day</p>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {selectedItems.map((c) => (
                      <CommunicationLine key={c.id} c={c} onOpen={setOpenId} />
                    ))}
                  </ul>
                )}
              </div>
            )}
          </CardContent>
        </Card>

        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Upcoming Communications</CardTitle>
            </CardHeader>
            <CardContent>
              {summary.isLoading ? (
                <div className="grid gap-3" role="status" aria-label="Loading communications">
                  {Array.from({ length: 3 }, (_, i) => (
                    <Skeleton key={i} className="h-10 w-full" />
                  ))}
                </div>
              ) : next.length === 0 ? (
                <p className="py-4 text-center text-sm text-slate-600">No upcoming communications scheduled</p>
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="upcoming-list">
                  {next.map((c) => (
                    <CommunicationLine key={c.id} c={c} onOpen={setOpenId} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Recent Activity</CardTitle>
            </CardHeader>
            <CardContent>
              {activity.isLoading ? (
                <div className="grid gap-3" role="status" aria-label="Loading activity">
                  {Array.from({ length: 3 }, (_, i) => (
                    <Skeleton key={i} className="h-8 w-full" />
                  ))}
                </div>
              ) : activity.isError || (activity.data ?? []).length === 0 ? (
                <p className="py-4 text-center text-sm text-slate-600">No recent activity yet</p>
              ) : (
                <ul className="grid gap-3" data-testid="activity-list">
                  {(activity.data ?? []).map((a) => {
                    const Icon = actionIcons[a.action as keyof typeof actionIcons] ?? Pencil;
                    return (
                      <li key={a.id} className="flex items-start gap-3">
                        <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
                          <Icon className="h-3.5 w-3.5" aria-hidden="true" />
                        </span>
                        <div className="min-w-0">
                          <ActivityText a={a} onOpen={setOpenId} />
                          <p className="text-xs text-slate-600">{activityWhen(a, now)}</p>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      </div>

      {opened && (
        <Suspense fallback={null}>
          <CommunicationDialog open communication={opened} onOpenChange={(open) => !open && setOpenId(null)} />
        </Suspense>
      )}
    </div>
  );
}
