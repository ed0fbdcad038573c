import { Map as MapIcon, Sparkles } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { GuardedButton, ViewOnlyNotice } from '@/components/CanEdit';
import { useCan } from '@/hooks/session';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import {
  divisionsFor,
  employeeTarget,
  previewList,
  relevantMAActivities,
  roleGroupsFor,
  toggle,
  urgencyText,
  type DivisionDetail,
  configOf,
  type SchedulerForm as Form,
  type SchedulerReference,
  type Selection,
} from '@/lib/scheduler';
import type { ReferenceItem } from '@/lib/types';

// The map (the packaged atlas and d3-geo, most of this screen's script) loads
// after the form's first paint, in a box that already holds its size.
const LocationMap = lazy(() => import('./LocationMap'));

function options(items: { id: string; label: string }[] | undefined) {
  return (items ?? []).map((i) => ({ value: i.id, label: i.label }));
}

function countOptions(items: ReferenceItem[]) {
  return items.map((i) => ({ value: i.id, label: `${i.label} (${i.count})` }));
}

/** ConfigCard is the scheduler's configuration: campaign, audience and organisational targeting, and Generate Schedule. */
export function ConfigCard({
  form,
  set,
  setForm,
  reference: ref,
  loading,
  generating,
  onGenerate,
  errors = {},
  endNote,
}: {
  form: Form;
  set: <K extends keyof Form>(k: K, v: Form[K]) => void;
  setForm: (f: (prev: Form) => Form) => void;
  reference?: SchedulerReference;
  loading: boolean;
  generating: boolean;
  onGenerate: () => void;
  /** errors are the server's messages per configuration field (a 400's fields), shown beside each input. */
  errors?: Record<string, string>;
  /** endNote says the go-live rule moved the end date, shown next to it. */
  endNote?: string | null;
}) {
  const org = form.audienceMode === 'organizational';
  // A role that may not change the plan reads the form, read-only, and is told up front why it cannot generate.
  const allowed = useCan('plan.edit');
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle as="h2">Campaign Configuration</CardTitle>
        <p className="text-sm text-slate-600">Set the campaign's dates, types and audience, then generate a phased schedule.</p>
        <ViewOnlyNotice className="mt-2">
          Generating a schedule needs the planner role. Saved campaigns can be read in the{' '}
          <Link to="/campaign-inventory" className="underline">
            Campaign Inventory
          </Link>
          .
        </ViewOnlyNotice>
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
            <fieldset disabled={!allowed} className="group/fields grid min-w-0 gap-5" data-testid="scheduler-fields">
              <Field id="campaign-name" label="Campaign Name *" error={errors.campaignName}>
                <Input id="campaign-name" {...fieldAria('campaign-name', errors.campaignName)} value={form.campaignName} onChange={(e) => set('campaignName', e.target.value)} placeholder="e.g. ERP Go-Live Readiness" />
              </Field>
              <div className="grid grid-cols-2 gap-3">
                <Field id="start-date" label="Start Date *" error={errors.startDate}>
                  <Input id="start-date" {...fieldAria('start-date', errors.startDate)} type="date" value={form.startDate} onChange={(e) => set('startDate', e.target.value)} />
                </Field>
                <Field id="end-date" label="End Date *" error={errors.endDate} hint={endNote ?? undefined}>
                  <Input
                    id="end-date"
                    type="date"
                    value={form.endDate}
                    onChange={(e) => set('endDate', e.target.value)}
                    {...(endNote && !errors.endDate ? { 'aria-describedby': 'end-date-hint' } : fieldAria('end-date', errors.endDate))}
                  />
                </Field>
              </div>
              <CheckboxGroup
                legend="Campaign Types *"
                className="[&>div]:grid [&>div]:gap-2"
                options={options(ref?.campaignTypes)}
                value={form.campaignTypes}
                onChange={(v) => set('campaignTypes', v)}
              />
              {errors.campaignTypes && (
                <p id="campaign-types-error" className="-mt-3 text-xs text-red-700">
                  Campaign Types: {errors.campaignTypes}
                </p>
              )}
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
                <Field id="go-live-date" label="Technology Go-Live Date" hint="For technology implementations" error={errors.goLiveDate}>
                  <Input
                    id="go-live-date"
                    type="date"
                    min={form.startDate || undefined}
                    value={form.goLiveDate}
                    onChange={(e) => set('goLiveDate', e.target.value)}
                    aria-describedby="go-live-date-hint"
                    {...fieldAria('go-live-date', errors.goLiveDate)}
                  />
                </Field>
                <Field id="acquisition-date" label="Acquisition Date" hint="For M&A integrations" error={errors.acquisitionDate}>
                  <Input
                    id="acquisition-date"
                    type="date"
                    value={form.acquisitionDate}
                    onChange={(e) => set('acquisitionDate', e.target.value)}
                    aria-describedby="acquisition-date-hint"
                    {...fieldAria('acquisition-date', errors.acquisitionDate)}
                  />
                </Field>
              </div>
              {org && ref && <OrgTargeting form={form} set={set} setForm={setForm} reference={ref} />}
              {ref && (
                <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900" aria-live="polite">
                  Employee target: <strong data-testid="employee-target">{employeeTarget(ref, configOf(form) as Selection)}</strong>
                </p>
              )}
            </fieldset>
            <GuardedButton type="submit" disabled={generating} className="w-full">
              <Sparkles className="mr-2 h-4 w-4" aria-hidden="true" />
              {generating ? 'Generating…' : 'Generate Schedule'}
            </GuardedButton>
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
            <Suspense fallback={<Skeleton className="aspect-[975/610] w-full" />}>
              <LocationMap locations={locations} selected={form.locations} onToggle={(id) => setLocations(toggle(form.locations, id))} />
            </Suspense>
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
