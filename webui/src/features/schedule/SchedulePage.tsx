import { CalendarDays, Download, List, Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { backlog, upcomingCommunications, warnedIds } from '@/lib/schedule';
import type { Communication } from '@/lib/types';
import { useRecordParam } from '@/lib/useFocusParam';
import { useCommunications, useDeleteCommunication } from '@/hooks/communications';
import { CalendarLegend } from '@/components/calendar/CommunicationCalendar';
import { useScheduleWarnings } from '@/hooks/schedule';
import { PlanningTools } from './PlanningTools';
import { ScheduleCalendar, useBacklogDrag } from './ScheduleCalendar';
import { CommunicationItem, deleteConfirm, ScheduleList } from './ScheduleList';
import { WarningsPanel } from './WarningsPanel';

// The dialogs load on first use: the forms (react-hook-form, zod) stay out of the screen's first load.
const CommunicationDialog = lazy(() => import('@/components/communications/CommunicationDialog'));
const ImportDialog = lazy(() => import('@/components/campaigns/ImportDialog'));

type View = 'calendar' | 'list';

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
 * panel, or the List view's three columns; warnings on both.
 */
export default function SchedulePage() {
  const { data: comms, isLoading } = useCommunications();
  const warnings = useScheduleWarnings();
  const remove = useDeleteCommunication();
  const [view, setView] = useState<View>('calendar');
  const [dialog, setDialog] = useState<{ open: boolean; communication?: Communication; initialDate?: string }>({ open: false });
  const [importOpen, setImportOpen] = useState(false);
  const backlogDrag = useBacklogDrag();

  const list = useMemo(() => comms ?? [], [comms]);
  const warned = useMemo(() => warnedIds(warnings.data), [warnings.data]);
  const openEdit = useCallback((c: Communication) => setDialog({ open: true, communication: c }), []);
  const openCreateOn = useCallback((date: string) => setDialog({ open: true, initialDate: date }), []);
  const onDelete = useCallback(
    (c: Communication) => {
      if (window.confirm(deleteConfirm(c))) remove.mutate(c.id);
    },
    [remove],
  );
  const openById = useCallback(
    (id: string) => {
      const c = list.find((x) => x.id === id);
      if (c) openEdit(c);
    },
    [list, openEdit],
  );

  // The header search links a communication here with ?focus=<id>.
  useRecordParam('focus', comms, openEdit);

  const undated = backlog(list);
  const next = upcomingCommunications(list, new Date());

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5" role="group" aria-label="View">
          {(
            [
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
          <PlanningTools />
          <Button variant="outline" onClick={() => setImportOpen(true)}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Import from Campaign
          </Button>
          <Button onClick={() => setDialog({ open: true })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Schedule Communication
          </Button>
        </div>
      </div>

      <WarningsPanel warnings={warnings.data ?? []} communications={list} onOpen={openById} />

      {isLoading ? (
        <div className="grid gap-4" role="status" aria-label="Loading communications">
          <Skeleton className="h-[420px] w-full" />
        </div>
      ) : view === 'calendar' ? (
        <div className="grid gap-6 xl:grid-cols-4">
          <Card className="xl:col-span-3">
            <section aria-labelledby="schedule-calendar">
              <div className="flex flex-wrap items-center justify-between gap-2 p-5 pb-3">
                <h2 id="schedule-calendar" className="text-base font-semibold text-slate-900">
                  Communication Calendar
                </h2>
                <CalendarLegend />
              </div>
              <CardContent>
                <ScheduleCalendar communications={list} warned={warned} backlogDrag={backlogDrag} onEdit={openEdit} onCreateOn={openCreateOn} />
              </CardContent>
            </section>
          </Card>
          <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6">
            <SidePanel id="schedule-backlog" title="Backlog" hint="Drafts without a date. Drag one onto a day to schedule it, or edit it to pick a date.">
              {undated.length === 0 ? (
                <p className="py-2 text-center text-sm text-slate-600">No undated drafts</p>
              ) : (
                <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="backlog-list">
                  {undated.map((c) => (
                    <CommunicationItem key={c.id} c={c} warned={false} onEdit={openEdit} dragProps={backlogDrag.itemProps(c)} />
                  ))}
                </ul>
              )}
            </SidePanel>
            <SidePanel id="schedule-upcoming" title="Upcoming Communications">
              {next.length === 0 ? (
                <p className="py-2 text-center text-sm text-slate-600">No upcoming communications scheduled</p>
              ) : (
                <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="upcoming-list">
                  {next.map((c) => (
                    <CommunicationItem key={c.id} c={c} warned={warned.has(c.id)} onEdit={openEdit} />
                  ))}
                </ul>
              )}
            </SidePanel>
          </div>
        </div>
      ) : (
        <ScheduleList communications={list} warned={warned} onEdit={openEdit} onDelete={onDelete} />
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
      </Suspense>
    </div>
  );
}
