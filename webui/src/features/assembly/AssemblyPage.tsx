import { ArrowLeft, ArrowRight, Check, CalendarPlus, LayoutTemplate, Library, RotateCcw, Sparkles } from 'lucide-react';
import { lazy, Suspense, useMemo, useReducer, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SandboxFrame } from '@/components/SandboxFrame';
import { SectionHeading } from '@/components/SectionHeading';
import { ThemeIcon } from '@/components/ThemeIcon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import {
  ASSEMBLY_TEXT,
  charCount,
  draftInput,
  draftUpdate,
  generateBody,
  generatedTitle,
  initialWizard,
  lengthLabel,
  nextError,
  saveError,
  scheduledPrefill,
  selectedInOrder,
  STEPS,
  themeQuestions,
  wizardReducer,
  type Step,
  type WizardState,
} from '@/lib/assembly';
import { cn } from '@/lib/cn';
import { isNewsletterVehicle } from '@/lib/newsletter';
import { useReference } from '@/hooks/reference';
import { contentDocument } from '@/lib/preview';
import { colorClasses, plural } from '@/lib/themeOptions';
import { toastError } from '@/lib/toast';
import { settingsSummary, typeLabel as vehicleTypeLabel } from '@/lib/vehicles';
import type { CommunicationInput, GeneratedContent, Question, Theme, Vehicle } from '@/lib/types';
import { useThemes } from '@/hooks/themes';
import { useVehicles } from '@/hooks/vehicles';
import { useGenerateContent, useSaveToLibrary, useThemeQuestions } from '@/hooks/assembly';

// The dialogs load when first opened.
const NewsletterEditor = lazy(() => import('./NewsletterEditor'));
const CommunicationDialog = lazy(() => import('@/components/communications/CommunicationDialog'));

/** AssemblyPage is the Communication Assembly wizard (spec 02 §2.2, §4). */
export default function AssemblyPage() {
  const [state, dispatch] = useReducer(wizardReducer, initialWizard);
  const { data: themes, isLoading: themesLoading } = useThemes();
  const { data: questions, isLoading: questionsLoading } = useThemeQuestions(state.themeId);
  const { data: vehicles, isLoading: vehiclesLoading } = useVehicles();
  const { data: reference } = useReference();
  const generate = useGenerateContent();
  const save = useSaveToLibrary();
  const [editorOpen, setEditorOpen] = useState(false);

  const theme = themes?.find((t) => t.id === state.themeId) ?? null;
  const vehicle = vehicles?.find((v) => v.id === state.vehicleId) ?? null;
  const ordered = useMemo(() => themeQuestions(questions ?? [], state.themeId), [questions, state.themeId]);
  const chosenIds = selectedInOrder(ordered, state.questionIds);
  const chosen = ordered.filter((q) => state.questionIds.includes(q.id));
  const typeLabel = (type: string) => vehicleTypeLabel(reference?.vehicleTypes, type);

  function next() {
    const err = nextError(state);
    if (err) toastError(err);
    else dispatch({ type: 'next' });
  }

  function runGenerate() {
    const err = nextError(state);
    if (err || !vehicle || !theme) {
      toastError(err ?? ASSEMBLY_TEXT.noVehicle);
      return;
    }
    const now = new Date();
    generate.mutate(
      {
        communicationId: state.communicationId,
        draft: draftInput(state, chosenIds, theme.name, now),
        update: draftUpdate(state, chosenIds),
        body: generateBody(state, vehicle),
        onDraft: (id) => dispatch({ type: 'draftCreated', communicationId: id }),
      },
      { onSuccess: ({ result }) => dispatch({ type: 'generated', result, defaultTitle: generatedTitle(theme.name, now) }) },
    );
  }

  function runSave() {
    const err = saveError(state);
    if (err || !state.communicationId) {
      toastError(err ?? ASSEMBLY_TEXT.noCommunication);
      return;
    }
    save.mutate(
      { communicationId: state.communicationId, title: state.title.trim(), description: state.description.trim() },
      { onSuccess: (piece) => dispatch({ type: 'saved', contentId: piece.id }) },
    );
  }

  const newsletterBase = state.customTemplate ?? reference?.newsletterTemplate ?? null;

  return (
    <div className="grid gap-6">
      <SectionHeading
        title="Communication Assembly"
        action={
          <Button variant="outline" onClick={() => dispatch({ type: 'reset' })}>
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Reset
          </Button>
        }
      >
        <p className="text-sm text-slate-600">Turn a theme, its questions and your notes into content for a delivery vehicle.</p>
      </SectionHeading>

      <StepIndicator step={state.step} />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="assembly-step-heading" className="min-w-0">
          <Card>
            <CardHeader>
              <h3 id="assembly-step-heading" className="text-lg font-semibold text-slate-900">
                Step {state.step}: {STEPS[state.step - 1].label}
              </h3>
            </CardHeader>
            <CardContent className="grid gap-5">
              {state.step === 1 && (
                <ThemeStep themes={themes} loading={themesLoading} selectedId={state.themeId} onChoose={(id) => dispatch({ type: 'chooseTheme', themeId: id })} />
              )}
              {state.step === 2 && (
                <>
                  <QuestionStep
                    theme={theme}
                    questions={ordered}
                    loading={questionsLoading}
                    selected={state.questionIds}
                    onToggle={(id) => dispatch({ type: 'toggleQuestion', questionId: id })}
                  />
                  <StepButtons onBack={() => dispatch({ type: 'back' })}>
                    <Button onClick={next}>
                      Next
                      <ArrowRight className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </StepButtons>
                </>
              )}
              {state.step === 3 && (
                <>
                  <Field id="assembly-raw" label="Raw Content" hint={`${plural(charCount(state.rawContent), 'character')}. The questions give the structure; your notes give the substance.`}>
                    <Textarea
                      id="assembly-raw"
                      rows={8}
                      value={state.rawContent}
                      placeholder="Paste or write your notes: facts, dates, decisions, who is affected..."
                      aria-describedby="assembly-raw-hint"
                      onChange={(e) => dispatch({ type: 'setRawContent', value: e.target.value })}
                    />
                  </Field>
                  <VehicleChoice
                    vehicles={vehicles}
                    loading={vehiclesLoading}
                    selectedId={state.vehicleId}
                    typeLabel={typeLabel}
                    onChoose={(id) => dispatch({ type: 'setVehicle', vehicleId: id })}
                  />
                  {isNewsletterVehicle(vehicle) && (
                    <div className="flex flex-wrap items-center gap-3 rounded-md border border-blue-200 bg-blue-50 p-3">
                      <Button variant="outline" onClick={() => setEditorOpen(true)} disabled={!newsletterBase}>
                        <LayoutTemplate className="h-4 w-4" aria-hidden="true" />
                        Customize Newsletter Template
                      </Button>
                      <p className="text-sm text-slate-700" data-testid="newsletter-template-status">
                        {state.customTemplate ? 'Your customized template will be used.' : 'The default newsletter template will be used.'}
                      </p>
                    </div>
                  )}
                  <StepButtons onBack={() => dispatch({ type: 'back' })}>
                    <Button onClick={runGenerate} disabled={generate.isPending}>
                      <Sparkles className="h-4 w-4" aria-hidden="true" />
                      {generate.isPending ? 'Generating...' : 'Generate Content'}
                    </Button>
                  </StepButtons>
                </>
              )}
              {state.step === 4 && (
                <ReviewStep
                  state={state}
                  questionIds={chosenIds}
                  vehicle={vehicle}
                  saving={save.isPending}
                  onTitle={(v) => dispatch({ type: 'setTitle', value: v })}
                  onDescription={(v) => dispatch({ type: 'setDescription', value: v })}
                  onBack={() => dispatch({ type: 'back' })}
                  onSave={runSave}
                />
              )}
            </CardContent>
          </Card>
        </section>

        <PreviewPanel state={state} theme={theme} questions={chosen} vehicle={vehicle} typeLabel={typeLabel} />
      </div>

      {editorOpen && newsletterBase && (
        <Suspense fallback={null}>
          <NewsletterEditor
            open={editorOpen}
            onOpenChange={setEditorOpen}
            template={newsletterBase}
            onSave={(t) => dispatch({ type: 'setCustomTemplate', template: t })}
          />
        </Suspense>
      )}
    </div>
  );
}

/** StepIndicator shows the four steps and marks the current one. */
function StepIndicator({ step }: { step: Step }) {
  return (
    <nav aria-label="Assembly steps">
      <ol className="grid gap-2 sm:grid-cols-4">
        {STEPS.map((s) => {
          const done = s.step < step;
          const current = s.step === step;
          return (
            <li
              key={s.step}
              aria-current={current ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2 rounded-md border p-2 text-sm',
                current ? 'border-blue-600 bg-blue-50 text-blue-900' : done ? 'border-green-600 bg-green-50 text-green-900' : 'border-slate-200 bg-white text-slate-700',
              )}
            >
              <span
                className={cn(
                  'flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  current ? 'bg-blue-700 text-white' : done ? 'bg-green-700 text-white' : 'bg-slate-200 text-slate-800',
                )}
              >
                {done ? <Check className="h-3.5 w-3.5" aria-label="done" /> : s.step}
              </span>
              <span>{s.label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function StepButtons({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4">
      <Button variant="outline" onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back
      </Button>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

/** ThemeStep shows the themes as cards; a click chooses one and moves on. */
function ThemeStep({ themes, loading, selectedId, onChoose }: { themes?: Theme[]; loading: boolean; selectedId: string | null; onChoose: (id: string) => void }) {
  if (loading) {
    return (
      <div className="grid gap-3 md:grid-cols-2" role="status" aria-label="Loading themes">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (!themes || themes.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-slate-700">No themes available. Please create a theme first.</p>
        <Link to="/themes" className="text-sm font-medium text-blue-700 underline">
          Go to Themes
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Themes">
      {themes.map((t) => {
        const c = colorClasses(t.color);
        const selected = t.id === selectedId;
        return (
          <li key={t.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onChoose(t.id)}
              className={cn(
                'flex h-full w-full items-start gap-3 rounded-lg border bg-white p-4 text-left transition-colors hover:border-blue-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                selected ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200',
              )}
            >
              <span className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-full', c.bg, c.text)}>
                <ThemeIcon icon={t.icon} className="h-5 w-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{t.name}</span>
                {t.description && <span className="block text-sm text-slate-600">{t.description}</span>}
                <span className="mt-1 block text-xs text-slate-600">{plural(t.questionCount ?? 0, 'question')}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** QuestionStep lists the chosen theme's questions as checkboxes. */
function QuestionStep({
  theme,
  questions,
  loading,
  selected,
  onToggle,
}: {
  theme: Theme | null;
  questions: Question[];
  loading: boolean;
  selected: string[];
  onToggle: (id: string) => void;
}) {
  if (loading) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading questions">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (questions.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <p className="text-sm text-slate-700">{theme ? `${theme.name} has no questions yet.` : 'Choose a theme first.'}</p>
        <Link to="/questions" className="text-sm font-medium text-blue-700 underline">
          Go to Questions
        </Link>
      </div>
    );
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm text-slate-700">
        Choose the questions of <span className="font-medium text-slate-900">{theme?.name}</span> that this communication should answer.
      </legend>
      {questions.map((q, i) => {
        const id = `assembly-q-${q.id}`;
        const on = selected.includes(q.id);
        return (
          <label
            key={q.id}
            htmlFor={id}
            className={cn('flex cursor-pointer items-start gap-3 rounded-md border p-3', on ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:bg-slate-50')}
          >
            <input id={id} type="checkbox" checked={on} onChange={() => onToggle(q.id)} className="mt-1 h-4 w-4 accent-blue-700" />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-900">
                {i + 1}. {q.question}
              </span>
              {q.description && <span className="block text-sm text-slate-600">{q.description}</span>}
              <span className="block text-xs text-slate-600">{plural(q.contentCount ?? 0, 'content piece')}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** VehicleChoice is the vehicle template choice, one radio card per vehicle. */
function VehicleChoice({
  vehicles,
  loading,
  selectedId,
  typeLabel,
  onChoose,
}: {
  vehicles?: Vehicle[];
  loading: boolean;
  selectedId: string | null;
  typeLabel: (type: string) => string;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">Vehicle Template</legend>
      {loading ? (
        <Skeleton className="h-16 w-full" />
      ) : !vehicles || vehicles.length === 0 ? (
        <p className="text-sm text-slate-700">
          No delivery vehicles yet.{' '}
          <Link to="/vehicles" className="font-medium text-blue-700 underline">
            Create one under Delivery Vehicles
          </Link>
          .
        </p>
      ) : (
        <div className="grid gap-2 md:grid-cols-2">
          {vehicles.map((v) => {
            const id = `assembly-vehicle-${v.id}`;
            const on = v.id === selectedId;
            return (
              <label
                key={v.id}
                htmlFor={id}
                className={cn('flex cursor-pointer items-start gap-3 rounded-md border p-3', on ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:bg-slate-50')}
              >
                <input id={id} type="radio" name="assembly-vehicle" checked={on} onChange={() => onChoose(v.id)} className="mt-1 h-4 w-4 accent-blue-700" />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{v.name}</span>
                  <span className="block text-xs text-slate-600">
                    {typeLabel(v.type)} · {settingsSummary(v.settings)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/** GeneratedView shows generated content in its format: html and markdown in a sandboxed iframe, text as text. */
function GeneratedView({ result, title }: { result: GeneratedContent; title: string }) {
  if (result.format === 'html' || result.format === 'markdown') {
    return <SandboxFrame title="Generated content" html={contentDocument(result.generatedContent, result.format, title)} className="h-96" />;
  }
  return (
    <div className="max-h-96 overflow-y-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-900" data-testid="generated-text">
      {result.generatedContent}
    </div>
  );
}

/** ReviewStep shows the generated content with the title and description of the library piece. */
function ReviewStep({
  state,
  questionIds,
  vehicle,
  saving,
  onTitle,
  onDescription,
  onBack,
  onSave,
}: {
  state: WizardState;
  questionIds: string[];
  vehicle: Vehicle | null;
  saving: boolean;
  onTitle: (v: string) => void;
  onDescription: (v: string) => void;
  onBack: () => void;
  onSave: () => void;
}) {
  const result = state.generated;
  // The form's values are taken once, when it opens.
  const [prefill, setPrefill] = useState<CommunicationInput | null>(null);
  if (!result) return null;
  const max = result.maxLength || vehicle?.settings?.maxLength || 0;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="secondary" className="uppercase">
          {result.format}
        </Badge>
        <span className="text-slate-700">{lengthLabel(charCount(result.generatedContent), max)} characters</span>
        {result.truncated && <Badge variant="outline">Shortened to fit the vehicle&apos;s limit</Badge>}
      </div>
      <GeneratedView result={result} title={state.title || 'Generated content'} />
      <Field id="assembly-title" label="Title">
        {/* The server keeps titles to 500 characters (domain.MaxName). */}
        <Input id="assembly-title" maxLength={500} value={state.title} onChange={(e) => onTitle(e.target.value)} />
      </Field>
      <Field id="assembly-description" label="Description (optional)">
        <Textarea id="assembly-description" rows={2} value={state.description} onChange={(e) => onDescription(e.target.value)} />
      </Field>
      {state.savedContentId && (
        <p className="text-sm text-green-800" role="status">
          Saved to the Content Library.{' '}
          <Link to={`/content?preview=${state.savedContentId}`} className="font-medium underline">
            View it
          </Link>
        </p>
      )}
      <StepButtons onBack={onBack}>
        <Button variant="outline" onClick={() => setPrefill(scheduledPrefill(state, questionIds))}>
          <CalendarPlus className="h-4 w-4" aria-hidden="true" />
          Create Scheduled Communication
        </Button>
        <Button onClick={onSave} disabled={saving}>
          <Library className="h-4 w-4" aria-hidden="true" />
          {saving ? 'Saving...' : 'Save to Content Library'}
        </Button>
      </StepButtons>
      {prefill && (
        <Suspense fallback={null}>
          <CommunicationDialog open onOpenChange={(open) => !open && setPrefill(null)} prefill={prefill} title="Create Scheduled Communication" />
        </Suspense>
      )}
    </>
  );
}

function PreviewRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** PreviewPanel is the live summary beside the steps (spec 02 §2.2). */
function PreviewPanel({
  state,
  theme,
  questions,
  vehicle,
  typeLabel,
}: {
  state: WizardState;
  theme: Theme | null;
  questions: Question[];
  vehicle: Vehicle | null;
  typeLabel: (type: string) => string;
}) {
  const max = state.generated?.maxLength || vehicle?.settings?.maxLength || 0;
  return (
    <aside aria-labelledby="assembly-preview-heading" className="lg:sticky lg:top-6">
      <Card>
        <CardHeader>
          <CardTitle id="assembly-preview-heading">Preview</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4" data-testid="assembly-preview">
            <PreviewRow label="Theme">{theme ? theme.name : <span className="text-slate-600">No theme selected</span>}</PreviewRow>
            <PreviewRow label={`Questions (${questions.length})`}>
              {questions.length === 0 ? (
                <span className="text-slate-600">No questions selected</span>
              ) : (
                <ul className="list-disc space-y-1 pl-4">
                  {questions.map((q) => (
                    <li key={q.id}>{q.question}</li>
                  ))}
                </ul>
              )}
            </PreviewRow>
            <PreviewRow label="Raw Content">{plural(charCount(state.rawContent), 'character')}</PreviewRow>
            <PreviewRow label="Vehicle">
              {vehicle ? (
                <>
                  {vehicle.name} <span className="text-slate-600">({typeLabel(vehicle.type)})</span>
                </>
              ) : (
                <span className="text-slate-600">No vehicle selected</span>
              )}
            </PreviewRow>
            <PreviewRow label="Generated Content">
              {state.generated ? (
                <span data-testid="generated-count">{lengthLabel(charCount(state.generated.generatedContent), max)}</span>
              ) : (
                <span className="text-slate-600">Not generated yet</span>
              )}
            </PreviewRow>
          </dl>
        </CardContent>
      </Card>
    </aside>
  );
}
