import { CalendarPlus, Library } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { SandboxFrame } from '@/components/SandboxFrame';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { charCount, lengthLabel, scheduledPrefill, type WizardState } from '@/lib/assembly';
import { countPlaceholders } from '@/lib/newsletter';
import { contentDocument } from '@/lib/preview';
import type { CommunicationInput, GeneratedContent, Vehicle } from '@/lib/types';
import { StepButtons } from './AssemblySteps';

// The Communication form loads when first opened.
const CommunicationDialog = lazy(() => import('@/components/communications/CommunicationDialog'));

/** GeneratedView shows generated content in its format: html and markdown in a sandboxed iframe, text as text. */
export function GeneratedView({ result, title }: { result: GeneratedContent; title: string }) {
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
export function ReviewStep({
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
  const withheld = result.withheld ?? [];
  const placeholders = result.format === 'html' ? countPlaceholders(result.generatedContent) : 0;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="secondary" className="uppercase">
          {result.format}
        </Badge>
        <span className="text-slate-700">{lengthLabel(charCount(result.generatedContent), max)} characters</span>
        {result.truncated && <Badge variant="outline">Shortened to fit the vehicle&apos;s limit</Badge>}
        {result.segments ? <Badge variant="outline">{result.segments === 1 ? '1 SMS segment' : `${result.segments} SMS segments`}</Badge> : null}
        {placeholders > 0 && (
          <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900" data-testid="placeholders-left">
            {placeholders === 1 ? '1 placeholder left to fill' : `${placeholders} placeholders left to fill`}
          </Badge>
        )}
      </div>
      {withheld.length > 0 && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="withheld-lines">
          <p className="font-medium">{withheld.length === 1 ? '1 line withheld as internal' : `${withheld.length} lines withheld as internal`}</p>
          <ul className="mt-1 list-disc pl-5">
            {withheld.map((line, i) => (
              <li key={i} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </div>
      )}
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
