import { Download, Eye, Pencil, Save } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { GuardedButton } from '@/components/CanEdit';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, fieldAria } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import {
  scheduleFileName,
  shortDate,
  type AudienceFilters,
  type CampaignActivity,
  type CampaignConfig,
  type CampaignSchedule,
  type CheckFinding,
} from '@/lib/campaigns';
import { cn } from '@/lib/cn';
import { endDateNote, priorityClass } from '@/lib/scheduler';
import { saveFile } from '@/lib/download';
import { toast } from '@/lib/toast';
import { ActivityFindings, FindingsPanel, useActivityFindings } from './FindingsPanel';
import HtmlPreviewDialog from './HtmlPreviewDialog';
import ScheduleEditorDialog from './ScheduleEditorDialog';
import { renderCampaign, useSaveCampaign } from '@/hooks/campaigns';

// recharts is large: the chart loads after the schedule is generated.
const PhaseTimeline = lazy(() => import('./PhaseTimeline'));

/** Result is a generated schedule, its HTML (null once edited, until rendered again) and the config behind it. */
export interface Result {
  schedule: CampaignSchedule;
  html: string | null;
  config: CampaignConfig;
}

/** ResultView shows a generated schedule: summary, timeline, phases and activities, edit, preview, download and save. */
export function ResultView({ result, setResult, channelLabel }: { result: Result; setResult: (r: Result) => void; channelLabel: (c: string) => string }) {
  const { schedule, config } = result;
  const [editing, setEditing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const note = endDateNote(config.campaignTypes, config.endDate, schedule.endDate, shortDate);
  const byActivity = useActivityFindings(schedule);

  // An edited schedule's HTML comes from the server's renderer, as generate's does.
  const html = async (): Promise<string> => {
    if (result.html !== null) return result.html;
    const htmlContent = await renderCampaign(schedule);
    setResult({ ...result, html: htmlContent });
    return htmlContent;
  };

  const save = useSaveCampaign(() => {
    setTitle('');
    setDescription('');
  });
  // An edited schedule is rendered first, so the stored HTML is the server's.
  const submitSave = async () => {
    let htmlContent: string;
    try {
      htmlContent = await html();
    } catch {
      toast({ title: 'Failed to save campaign', variant: 'destructive' });
      return;
    }
    const filters: AudienceFilters = {
      types: config.campaignTypes,
      audiences: config.audiences ?? [],
      audienceType: config.audienceType ?? '',
      divisions: config.divisions ?? [],
      orgLevels: config.orgLevels ?? [],
      roles: config.roleCategories ?? [],
      maturityPhases: config.maturityPhases ?? [],
      targetCount: schedule.targeting?.targetCount ? schedule.targeting.targetCount : null,
      goLiveDate: config.goLiveDate ?? '',
      acquisitionDate: config.acquisitionDate ?? '',
    };
    save.mutate({
      title: title.trim(),
      description: description.trim(),
      schedule,
      htmlContent,
      audienceFilters: filters,
      geographicFilters: config.locations ?? [],
    });
  };

  const withHtml = (then: (h: string) => void) => () => {
    html().then(then, () => toast({ title: 'Failed to render campaign schedule', variant: 'destructive' }));
  };

  return (
    <>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <CardTitle as="h2" className="break-words">
                {schedule.campaignName}
              </CardTitle>
              <p className="text-sm text-slate-600">
                {schedule.type} · {shortDate(schedule.startDate)} – {shortDate(schedule.endDate)}
              </p>
            </div>
            <Badge>{schedule.status}</Badge>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-600">Total Activities</dt>
              <dd className="text-lg font-semibold text-slate-900" data-testid="total-activities">
                {schedule.totalActivities}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Phases</dt>
              <dd className="text-lg font-semibold text-slate-900">{schedule.phases?.length ?? 0}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Employee Target</dt>
              <dd className="text-lg font-semibold text-slate-900">{schedule.targeting?.employeeTarget ?? '—'}</dd>
            </div>
          </dl>
          {note && (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" role="note" data-testid="end-date-note">
              {note}
            </p>
          )}
          {schedule.confidentialityNote && (
            <p className="rounded-md border border-red-300 bg-red-50 p-2 text-sm font-medium text-red-900" role="note">
              {schedule.confidentialityNote}
            </p>
          )}
          <p className="text-sm text-slate-700">{schedule.summary}</p>
          {(schedule.warnings?.length ?? 0) > 0 && (
            <section aria-labelledby="schedule-warnings-title" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="generator-warnings">
              <h3 id="schedule-warnings-title" className="font-semibold">
                {schedule.warnings!.length === 1 ? '1 rule could not be held' : `${schedule.warnings!.length} rules could not be held`}
              </h3>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {schedule.warnings!.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </section>
          )}
          <FindingsPanel schedule={schedule} />
          <div className="flex flex-wrap gap-2">
            <GuardedButton variant="outline" onClick={() => setEditing(true)}>
              <Pencil className="mr-2 h-4 w-4" aria-hidden="true" />
              Edit Schedule
            </GuardedButton>
            <Button variant="outline" onClick={withHtml((h) => setPreview(h))}>
              <Eye className="mr-2 h-4 w-4" aria-hidden="true" />
              Preview Schedule
            </Button>
            <Button
              variant="outline"
              onClick={withHtml((h) => {
                saveFile(scheduleFileName(schedule.campaignName), h);
                toast({ title: 'Download started' });
              })}
            >
              <Download className="mr-2 h-4 w-4" aria-hidden="true" />
              Download HTML
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Save to Campaign Inventory</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-3"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (title.trim() === '') {
                setTitleError('Title required');
                toast({ title: 'Title required', description: 'Please enter a title for the campaign.', variant: 'destructive' });
                return;
              }
              setTitleError(undefined);
              void submitSave();
            }}
          >
            <Field id="save-title" label="Title *" error={titleError}>
              <Input id="save-title" value={title} onChange={(e) => setTitle(e.target.value)} {...fieldAria('save-title', titleError)} />
            </Field>
            <Field id="save-description" label="Description">
              <Textarea id="save-description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
            </Field>
            <GuardedButton type="submit" disabled={save.isPending} className="w-fit">
              <Save className="mr-2 h-4 w-4" aria-hidden="true" />
              {save.isPending ? 'Saving…' : 'Save Campaign'}
            </GuardedButton>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Phase Timeline</CardTitle>
        </CardHeader>
        <CardContent>
          {(schedule.timeline ?? []).length === 0 ? (
            <p className="text-sm text-slate-600">No timeline available</p>
          ) : (
            <Suspense fallback={<Skeleton className="h-56" />}>
              <PhaseTimeline
                schedule={schedule}
                goLiveDate={config.campaignTypes.includes('technology-implementation') ? config.goLiveDate : undefined}
                acquisitionDate={config.campaignTypes.includes('ma-integration') ? config.acquisitionDate : undefined}
              />
            </Suspense>
          )}
        </CardContent>
      </Card>

      <PhaseDetails schedule={schedule} channelLabel={channelLabel} />

      <Card>
        <CardHeader>
          <CardTitle as="h2">All Activities ({schedule.activities?.length ?? 0})</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid max-h-[36rem] gap-2 overflow-y-auto pr-1" data-testid="activity-list" tabIndex={0} aria-label="All activities">
            {(schedule.activities ?? []).map((a) => (
              <ActivityCard key={a.id} activity={a} channelLabel={channelLabel} findings={byActivity.get(a.id)} />
            ))}
          </ul>
        </CardContent>
      </Card>

      <ScheduleEditorDialog
        open={editing}
        onOpenChange={setEditing}
        schedule={schedule}
        onChange={(next, change) => {
          setResult({ ...result, schedule: next, html: null });
          toast({ title: { added: 'Activity added', updated: 'Activity updated', deleted: 'Activity deleted' }[change] });
        }}
      />
      <HtmlPreviewDialog
        open={preview !== null}
        onOpenChange={(o) => !o && setPreview(null)}
        title={`${schedule.campaignName} - Campaign Schedule`}
        html={preview ?? ''}
        fileName={scheduleFileName(schedule.campaignName)}
      />
    </>
  );
}

function PhaseDetails({ schedule, channelLabel }: { schedule: CampaignSchedule; channelLabel: (c: string) => string }) {
  const phases = schedule.phases ?? [];
  const timeline = schedule.timeline ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Detailed Schedule by Phase</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {phases.length === 0 ? (
          <div className="text-sm text-slate-600">
            <p className="font-medium text-slate-800">No campaign phases have been generated yet</p>
            <p>Generation may have failed, or no M&A maturity phases were selected.</p>
          </div>
        ) : (
          phases.map((p, i) => {
            const acts = p.activities ?? [];
            const t = timeline[i];
            return (
              <section key={p.id} aria-labelledby={`phase-${p.id}`} className="grid gap-2 rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 id={`phase-${p.id}`} className="text-sm font-semibold text-slate-900">
                    {t?.phase ?? p.name}
                  </h3>
                  <span className="text-xs text-slate-600">
                    {t?.timing ? `${t.timing} · ` : ''}
                    {p.duration} · {acts.length} {acts.length === 1 ? 'activity' : 'activities'}
                  </span>
                </div>
                <p className="text-xs text-slate-700">{p.description}</p>
                {p.confidentiality && <p className="w-fit rounded border border-red-300 px-1.5 text-xs text-red-800">{p.confidentiality}</p>}
                {acts.length === 0 ? (
                  <p className="text-xs text-slate-600">No activities in this phase</p>
                ) : (
                  <ul className="grid max-h-72 gap-1 overflow-y-auto text-xs" tabIndex={0} aria-label={`${t?.phase ?? p.name} activities`}>
                    {acts.map((a) => (
                      <li key={a.id} className="flex flex-wrap gap-x-2">
                        <span className="w-24 shrink-0 text-slate-600">{shortDate(a.date)}</span>
                        <span className="font-medium text-slate-900">{a.title}</span>
                        <span className="text-slate-600">
                          {channelLabel(a.channel)} · {a.audience}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })
        )}
      </CardContent>
    </Card>
  );
}

function ActivityCard({
  activity: a,
  channelLabel,
  findings,
}: {
  activity: CampaignActivity;
  channelLabel: (c: string) => string;
  findings: CheckFinding[] | undefined;
}) {
  return (
    <li className={cn('grid gap-1 rounded-md border border-l-4 border-slate-200 p-3', priorityClass(a.priority))} data-priority={a.priority}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{a.title}</h3>
        <span className="flex items-center gap-2 text-xs font-medium">
          <ActivityFindings findings={findings} />
          {a.priority}
        </span>
      </div>
      <p className="text-xs text-slate-700">
        {shortDate(a.date)} · {a.timing} · {a.phase}
      </p>
      <p className="text-xs text-slate-700">{a.description}</p>
      <p className="text-xs text-slate-600">
        {a.type} · {a.audience} · {channelLabel(a.channel)} · {a.status}
        {a.confidentiality ? ` · ${a.confidentiality}` : ''}
      </p>
    </li>
  );
}
