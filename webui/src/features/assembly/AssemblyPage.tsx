import { ArrowRight, LayoutTemplate, RotateCcw, Sparkles } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useReducer, useState } from 'react';
import { Link } from 'react-router';
import { SectionHeading } from '@/components/SectionHeading';
import { GuardedButton, ViewOnlyNotice } from '@/components/CanEdit';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import {
  ASSEMBLY_TEXT,
  charCount,
  draftInput,
  draftUpdate,
  generateBody,
  generatedTitle,
  initialWizard,
  nextError,
  saveError,
  selectedInOrder,
  STEPS,
  themeQuestions,
  wizardReducer,
} from '@/lib/assembly';
import { isNewsletterVehicle } from '@/lib/newsletter';
import { useReference } from '@/hooks/reference';
import { plural } from '@/lib/themeOptions';
import { toastError } from '@/lib/toast';
import { typeLabel as vehicleTypeLabel } from '@/lib/vehicles';
import { useThemes } from '@/hooks/themes';
import { useVehicles } from '@/hooks/vehicles';
import { useGenerateContent, useRenameDraft, useSaveToLibrary, useThemeQuestions } from '@/hooks/assembly';
import { StepIndicator, StepButtons, ThemeStep, QuestionStep, VehicleChoice } from './AssemblySteps';
import { ReviewStep } from './ReviewStep';
import { PreviewPanel } from './PreviewPanel';
import { LeaveDraftDialog, useLeaveGuard } from './LeaveDraft';

// The newsletter editor loads when first opened.
const NewsletterEditor = lazy(() => import('./NewsletterEditor'));

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
  const onTitleSaved = useCallback((title: string) => dispatch({ type: 'titleSaved', title }), []);
  // The run's one draft follows its title as the planner types.
  useRenameDraft(state.step === 4 ? state.communicationId : null, state.title, state.savedTitle, onTitleSaved);
  // Leaving with a draft neither scheduled nor saved asks whether to keep it.
  const unkept = state.communicationId !== null && !state.kept ? state.communicationId : null;
  const leave = useLeaveGuard(unkept);

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
        update: draftUpdate(state, chosenIds, theme.name, now),
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
      { communicationId: state.communicationId, title: state.title.trim(), description: state.description.trim(), content: state.content },
      { onSuccess: (piece) => dispatch({ type: 'saved', contentId: piece.id }) },
    );
  }

  const newsletterBase = state.customTemplate ?? reference?.newsletterTemplate ?? null;
  const newsletterSource = { themeId: state.themeId, selectedQuestions: chosenIds, rawContent: state.rawContent, vehicleId: state.vehicleId };

  return (
    <div className="grid gap-6">
      <SectionHeading
        title="Communication Assembly"
        action={
          <Button variant="outline" onClick={() => leave.ask({ kind: 'reset' }, () => dispatch({ type: 'reset' }))}>
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Reset
          </Button>
        }
      >
        <p className="text-sm text-slate-600">Turn a theme, its questions and your notes into content for a delivery vehicle.</p>
      </SectionHeading>

      <ViewOnlyNotice>
        Generating content needs the planner role. You can still step through the themes, their questions and the delivery vehicles; finished pieces are in
        the{' '}
        <Link to="/content" className="underline">
          Content Library
        </Link>
        .
      </ViewOnlyNotice>

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
                  <label className="flex items-start gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="mt-0.5 h-4 w-4"
                      checked={state.placeholders}
                      aria-describedby="assembly-placeholders-hint"
                      onChange={(e) => dispatch({ type: 'setPlaceholders', value: e.target.checked })}
                    />
                    <span>
                      Keep placeholders (template)
                      <span id="assembly-placeholders-hint" className="block text-slate-600">
                        Sections your notes cannot fill keep a bracketed prompt to fill in later; without it they are left out.
                      </span>
                    </span>
                  </label>
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
                    <GuardedButton onClick={runGenerate} disabled={generate.isPending}>
                      <Sparkles className="h-4 w-4" aria-hidden="true" />
                      {generate.isPending ? 'Generating...' : 'Generate Content'}
                    </GuardedButton>
                  </StepButtons>
                </>
              )}
              {state.step === 4 && (
                <ReviewStep
                  state={state}
                  vehicle={vehicle}
                  saving={save.isPending}
                  onTitle={(v) => dispatch({ type: 'setTitle', value: v })}
                  onDescription={(v) => dispatch({ type: 'setDescription', value: v })}
                  onContent={(v) => dispatch({ type: 'editContent', value: v })}
                  onBack={() => dispatch({ type: 'back' })}
                  onSave={runSave}
                  onScheduled={() => dispatch({ type: 'scheduled' })}
                />
              )}
            </CardContent>
          </Card>
        </section>

        <PreviewPanel state={state} theme={theme} questions={chosen} vehicle={vehicle} typeLabel={typeLabel} />
      </div>

      <LeaveDraftDialog leave={leave} title={state.title.trim()} />

      {editorOpen && newsletterBase && (
        <Suspense fallback={null}>
          <NewsletterEditor
            open={editorOpen}
            onOpenChange={setEditorOpen}
            template={newsletterBase}
            source={newsletterSource}
            onSave={(t) => dispatch({ type: 'setCustomTemplate', template: t })}
          />
        </Suspense>
      )}
    </div>
  );
}
