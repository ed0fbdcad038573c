import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarRange, Download, Eye, Map as MapIcon, Pencil, Save, Sparkles } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Field, fieldAria } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, apiRequest } from '@/lib/api';
import {
  scheduleFileName,
  shortDate,
  type AudienceFilters,
  type CampaignActivity,
  type CampaignConfig,
  type CampaignInput,
  type CampaignSchedule,
  type GeneratedCampaign,
  type SavedCampaign,
} from '@/lib/campaigns';
import { cn } from '@/lib/cn';
import {
  divisionsFor,
  employeeTarget,
  endDateNote,
  previewList,
  priorityClass,
  relevantMAActivities,
  roleGroupsFor,
  toggle,
  urgencyText,
  type DivisionDetail,
  configOf,
  emptyForm,
  type SchedulerForm as Form,
  type SchedulerReference,
  type Selection,
} from '@/lib/scheduler';
import { saveFile } from '@/lib/download';
import { useApiMutation } from '@/lib/mutation';
import { toast } from '@/lib/toast';
import type { Reference, ReferenceItem } from '@/lib/types';
import { CAMPAIGNS_PATH } from '@/hooks/campaigns';
import HtmlPreviewDialog from './HtmlPreviewDialog';
import LocationMap from './LocationMap';
import ScheduleEditorDialog from './ScheduleEditorDialog';

// recharts is large: the chart loads after the schedule is generated.
const PhaseTimeline = lazy(() => import('./PhaseTimeline'));

/** Result is a generated schedule, its HTML (null once edited, until rendered again) and the config behind it. */
interface Result {
  schedule: CampaignSchedule;
  html: string | null;
  config: CampaignConfig;
}

function options(items: { id: string; label: string }[] | undefined) {
  return (items ?? []).map((i) => ({ value: i.id, label: i.label }));
}

function countOptions(items: ReferenceItem[]) {
  return items.map((i) => ({ value: i.id, label: `${i.label} (${i.count})` }));
}

/** SchedulerPage is the Campaign Scheduler (spec 02 §2.7): configure, generate, edit, preview, download and save. */
export default function SchedulerPage() {
  const { data: ref, isLoading } = useQuery<SchedulerReference & Pick<Reference, 'vehicleTypes'>>({ queryKey: ['/api/reference'] });
  const [form, setForm] = useState<Form>(emptyForm);
  const [result, setResult] = useState<Result | null>(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  // Activity channels are delivery vehicle types; show their labels.
  const channelLabel = (c: string) => ref?.vehicleTypes?.find((v) => v.type === c)?.label ?? c;

  const generate = useMutation<GeneratedCampaign, Error, CampaignConfig>({
    mutationFn: (cfg) => apiRequest<GeneratedCampaign>('POST', '/api/campaigns/generate', cfg),
    onSuccess: (g, cfg) => {
      setResult({ schedule: g.schedule, html: g.htmlContent, config: cfg });
      toast({ title: 'Campaign Schedule Generated', description: `${g.schedule.totalActivities} activities scheduled` });
    },
    onError: (err) => {
      const msg = err instanceof ApiError && err.status === 400 && err.body?.error ? err.body.error : 'Failed to generate campaign schedule';
      toast({ title: 'Generation Failed', description: msg, variant: 'destructive' });
    },
  });

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <ConfigCard
        form={form}
        set={set}
        setForm={setForm}
        reference={ref}
        loading={isLoading}
        generating={generate.isPending}
        onGenerate={() => generate.mutate(configOf(form))}
      />
      <div className="grid min-w-0 content-start gap-6">
        {result ? (
          <ResultView result={result} setResult={setResult} channelLabel={channelLabel} />
        ) : (
          <EmptyState
            headingLevel="h2"
            icon={<CalendarRange className="h-10 w-10 text-slate-500" aria-hidden="true" />}
            title="Configure Your Campaign"
            text="Fill in the campaign details on the left and select Generate Schedule to create a phased communication schedule."
          />
        )}
      </div>
    </div>
  );
}

function ConfigCard({
  form,
  set,
  setForm,
  reference: ref,
  loading,
  generating,
  onGenerate,
}: {
  form: Form;
  set: <K extends keyof Form>(k: K, v: Form[K]) => void;
  setForm: (f: (prev: Form) => Form) => void;
  reference?: SchedulerReference;
  loading: boolean;
  generating: boolean;
  onGenerate: () => void;
}) {
  const org = form.audienceMode === 'organizational';
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle as="h2">Campaign Configuration</CardTitle>
        <p className="text-sm text-slate-600">Set the campaign's dates, types and audience, then generate a phased schedule.</p>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="grid gap-3" role="status" aria-label="Loading the reference data">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-9" />
            ))}
          </div>
        ) : (
          <form
            className="grid gap-5"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              onGenerate();
            }}
          >
            <Field id="campaign-name" label="Campaign Name *">
              <Input id="campaign-name" value={form.campaignName} onChange={(e) => set('campaignName', e.target.value)} placeholder="e.g. ERP Go-Live Readiness" />
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field id="start-date" label="Start Date *">
                <Input id="start-date" type="date" value={form.startDate} onChange={(e) => set('startDate', e.target.value)} />
              </Field>
              <Field id="end-date" label="End Date *">
                <Input id="end-date" type="date" value={form.endDate} onChange={(e) => set('endDate', e.target.value)} />
              </Field>
            </div>
            <CheckboxGroup
              legend="Campaign Types *"
              className="[&>div]:grid [&>div]:gap-2"
              options={options(ref?.campaignTypes)}
              value={form.campaignTypes}
              onChange={(v) => set('campaignTypes', v)}
            />
            <fieldset className="grid gap-2">
              <legend className="mb-1.5 text-sm font-medium text-slate-800">Audience Mode</legend>
              {(
                [
                  ['general', 'General audiences'],
                  ['organizational', 'Organizational targeting'],
                ] as const
              ).map(([v, label]) => (
                <label key={v} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="audience-mode"
                    value={v}
                    className="h-4 w-4 accent-blue-700"
                    checked={form.audienceMode === v}
                    onChange={() => set('audienceMode', v)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            {!org && (
              <CheckboxGroup legend="Target Audiences" options={options(ref?.audienceGroups)} value={form.audiences} onChange={(v) => set('audiences', v)} />
            )}
            <div className="grid grid-cols-2 gap-3">
              <Field id="audience-type" label="Audience Type">
                <Select id="audience-type" value={form.audienceType} onValueChange={(v) => set('audienceType', v)} options={options(ref?.audienceTypes)} placeholder="Select type" />
              </Field>
              <Field id="urgency" label="Campaign Urgency">
                <Select
                  id="urgency"
                  value={form.urgency}
                  onValueChange={(v) => set('urgency', v as Form['urgency'])}
                  options={(ref?.urgencyLevels ?? []).map((u) => ({ value: u.id, label: urgencyText(u) }))}
                />
              </Field>
            </div>
            <div className="grid grid-cols-2 gap-3">
              <Field id="go-live-date" label="Technology Go-Live Date" hint="For technology implementations">
                <Input
                  id="go-live-date"
                  type="date"
                  min={form.startDate || undefined}
                  value={form.goLiveDate}
                  onChange={(e) => set('goLiveDate', e.target.value)}
                  aria-describedby="go-live-date-hint"
                />
              </Field>
              <Field id="acquisition-date" label="Acquisition Date" hint="For M&A integrations">
                <Input
                  id="acquisition-date"
                  type="date"
                  value={form.acquisitionDate}
                  onChange={(e) => set('acquisitionDate', e.target.value)}
                  aria-describedby="acquisition-date-hint"
                />
              </Field>
            </div>
            {org && ref && <OrgTargeting form={form} set={set} setForm={setForm} reference={ref} />}
            {ref && (
              <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900" aria-live="polite">
                Employee target: <strong data-testid="employee-target">{employeeTarget(ref, configOf(form) as Selection)}</strong>
              </p>
            )}
            <Button type="submit" disabled={generating} className="w-full">
              <Sparkles className="mr-2 h-4 w-4" aria-hidden="true" />
              {generating ? 'Generating…' : 'Generate Schedule'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="grid gap-2 rounded-md border border-slate-200 p-3">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function OrgTargeting({
  form,
  set,
  setForm,
  reference: ref,
}: {
  form: Form;
  set: <K extends keyof Form>(k: K, v: Form[K]) => void;
  setForm: (f: (prev: Form) => Form) => void;
  reference: SchedulerReference;
}) {
  const [showMap, setShowMap] = useState(true);
  const locations = ref.locations ?? [];
  const divisions = divisionsFor(ref.divisions ?? [], form.locations);
  const roles = roleGroupsFor(ref.roleGroups ?? [], ref.roleGroupsByDivision ?? {}, form.divisions);
  const ma = form.campaignTypes.includes('ma-integration');
  const pre = ma && form.maturityPhases.includes('pre-acquisition');
  const maActs = ma ? relevantMAActivities(ref.maActivities ?? [], form.maturityPhases, pre ? form.preAcquisitionPhases : []) : [];
  const preview = previewList(maActs);
  const profiles = form.divisions.map((id) => ref.divisionProfiles?.[id]).filter((p): p is DivisionDetail => !!p);

  // Changing locations drops chosen divisions the new filter no longer
  // offers, and their roles with them, so nothing hidden is sent.
  const setLocations = (next: string[]) =>
    setForm((f) => {
      const offered = new Set(divisionsFor(ref.divisions ?? [], next).map((d) => d.id));
      const divs = f.divisions.filter((d) => offered.has(d));
      const roleIds = new Set(roleGroupsFor(ref.roleGroups ?? [], ref.roleGroupsByDivision ?? {}, divs).map((g) => g.id));
      return { ...f, locations: next, divisions: divs, roleCategories: f.roleCategories.filter((r) => roleIds.has(r)) };
    });
  const setDivisions = (next: string[]) =>
    setForm((f) => {
      const roleIds = new Set(roleGroupsFor(ref.roleGroups ?? [], ref.roleGroupsByDivision ?? {}, next).map((g) => g.id));
      return { ...f, divisions: next, roleCategories: f.roleCategories.filter((r) => roleIds.has(r)) };
    });

  return (
    <div className="grid gap-4">
      <Section id="geo-heading" title="Geographic Locations">
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-slate-600">Select a marker or a box to target a location.</p>
          <Button variant="outline" size="sm" onClick={() => setShowMap((s) => !s)} aria-expanded={showMap} aria-controls="location-map">
            <MapIcon className="mr-1.5 h-4 w-4" aria-hidden="true" />
            {showMap ? 'Hide Map' : 'Show Map'}
          </Button>
        </div>
        {showMap && (
          <div id="location-map" className="rounded-md border border-slate-200 bg-white">
            <LocationMap locations={locations} selected={form.locations} onToggle={(id) => setLocations(toggle(form.locations, id))} />
          </div>
        )}
        <CheckboxGroup legend="Locations" className="[&>div]:grid [&>div]:grid-cols-2" options={countOptions(locations)} value={form.locations} onChange={setLocations} />
      </Section>

      {ma && (
        <Section id="maturity-heading" title="M&A Maturity Phases">
          <CheckboxGroup
            legend="Maturity phases"
            className="[&>div]:grid [&>div]:gap-2"
            options={(ref.maturityPhases ?? []).map((m) => ({ value: m.id, label: `${m.label} (${m.duration})` }))}
            value={form.maturityPhases}
            onChange={(v) => set('maturityPhases', v)}
          />
          {pre && (
            <div className="grid gap-1 rounded-md bg-violet-50 p-2">
              <CheckboxGroup
                legend="Pre-Acquisition Phases"
                className="[&>div]:grid [&>div]:gap-2"
                options={(ref.preAcquisitionPhases ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.percentageRange})` }))}
                value={form.preAcquisitionPhases}
                onChange={(v) => set('preAcquisitionPhases', v)}
              />
              <p className="text-xs text-violet-900">Select at least one phase</p>
            </div>
          )}
          <div className="grid gap-1" aria-live="polite">
            <h4 className="text-xs font-semibold text-slate-800">Relevant M&A activities</h4>
            {preview.shown.length === 0 ? (
              <p className="text-xs text-slate-600">No specific activities scheduled for this phase</p>
            ) : (
              <ul className="list-disc pl-5 text-xs text-slate-700" data-testid="ma-preview">
                {preview.shown.map((a) => (
                  <li key={a.title}>{a.title}</li>
                ))}
                {preview.more && <li className="list-none text-slate-600">{preview.more}</li>}
              </ul>
            )}
          </div>
        </Section>
      )}

      <Section id="division-heading" title="Divisions">
        <CheckboxGroup
          legend={form.locations.length ? 'Divisions in the chosen locations' : 'All divisions'}
          className="max-h-56 overflow-y-auto [&>div]:grid [&>div]:grid-cols-2"
          options={countOptions(divisions)}
          value={form.divisions}
          onChange={setDivisions}
        />
      </Section>
      {profiles.length > 0 && (
        <Section id="profiles-heading" title="Division Profiles">
          <div className="grid gap-3">
            {profiles.map((p) => (
              <DivisionProfileCard key={p.id} profile={p} />
            ))}
          </div>
        </Section>
      )}
      <Section id="level-heading" title="Organizational Levels">
        <CheckboxGroup
          legend="Levels"
          className="[&>div]:grid [&>div]:grid-cols-2"
          options={countOptions(ref.orgLevels ?? [])}
          value={form.orgLevels}
          onChange={(v) => set('orgLevels', v)}
        />
      </Section>
      <Section id="role-heading" title="Role Categories">
        <CheckboxGroup
          legend={form.divisions.length ? 'Roles in the chosen divisions' : 'All role categories'}
          className="[&>div]:grid [&>div]:grid-cols-2"
          options={countOptions(roles)}
          value={form.roleCategories}
          onChange={(v) => set('roleCategories', v)}
        />
      </Section>
    </div>
  );
}

function DivisionProfileCard({ profile: p }: { profile: DivisionDetail }) {
  const impact = { high: 'High communication impact', medium: 'Medium communication impact', focused: 'Focused communication impact' }[p.impact] ?? p.impact;
  return (
    <article className="grid gap-2 rounded-md border border-slate-200 p-3 text-xs" aria-label={`${p.label} profile`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">{p.label}</h4>
        <Badge variant="secondary">
          {p.size} · {p.count} employees
        </Badge>
      </div>
      <p className="text-slate-700">{impact}</p>
      <div>
        <h5 className="font-medium text-slate-800">Organizational structure</h5>
        <ul className="mt-1 grid grid-cols-2 gap-x-3">
          {p.structure.map((l) => (
            <li key={l.id} className="flex justify-between gap-2 text-slate-700">
              <span>{l.label}</span>
              <span>{l.percent}%</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h5 className="font-medium text-slate-800">Top roles</h5>
        <ol className="mt-1 grid list-decimal gap-0.5 pl-5 text-slate-700">
          {p.topRoles.map((r) => (
            <li key={r.title}>
              {r.title} ({r.count})
            </li>
          ))}
        </ol>
      </div>
    </article>
  );
}

function ResultView({ result, setResult, channelLabel }: { result: Result; setResult: (r: Result) => void; channelLabel: (c: string) => string }) {
  const { schedule, config } = result;
  const [editing, setEditing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const note = endDateNote(config.campaignTypes, config.endDate, schedule.endDate, shortDate);

  // An edited schedule's HTML comes from the server's renderer, as generate's does.
  const html = async (): Promise<string> => {
    if (result.html !== null) return result.html;
    const r = await apiRequest<{ htmlContent: string }>('POST', '/api/campaigns/render', { schedule });
    setResult({ ...result, html: r.htmlContent });
    return r.htmlContent;
  };

  const save = useApiMutation<SavedCampaign, CampaignInput>({
    request: (body) => ({ method: 'POST', url: CAMPAIGNS_PATH, body }),
    entity: 'campaigns',
    success: { title: 'Campaign saved', description: 'Campaign schedule has been saved to Campaign Inventory.' },
    failure: 'Failed to save campaign',
    onSuccess: () => {
      setTitle('');
      setDescription('');
    },
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
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil className="mr-2 h-4 w-4" aria-hidden="true" />
              Edit Schedule
            </Button>
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
            <Button type="submit" disabled={save.isPending} className="w-fit">
              <Save className="mr-2 h-4 w-4" aria-hidden="true" />
              {save.isPending ? 'Saving…' : 'Save Campaign'}
            </Button>
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
              <ActivityCard key={a.id} activity={a} channelLabel={channelLabel} />
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

function ActivityCard({ activity: a, channelLabel }: { activity: CampaignActivity; channelLabel: (c: string) => string }) {
  return (
    <li className={cn('grid gap-1 rounded-md border border-l-4 border-slate-200 p-3', priorityClass(a.priority))} data-priority={a.priority}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{a.title}</h3>
        <span className="text-xs font-medium">{a.priority}</span>
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
