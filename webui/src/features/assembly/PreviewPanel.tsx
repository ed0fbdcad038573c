import { type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { charCount, lengthLabel, type WizardState } from '@/lib/assembly';
import { plural } from '@/lib/themeOptions';
import type { Question, Theme, Vehicle } from '@/lib/types';
import { DraftFindings } from './DraftFindings';

function PreviewRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** PreviewPanel is the live summary beside the steps (spec 02 §2.2). */
export function PreviewPanel({
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
    <aside aria-labelledby="assembly-preview-heading" className="grid gap-6 lg:sticky lg:top-6">
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
                <span data-testid="generated-count">{lengthLabel(charCount(state.content), max)}</span>
              ) : (
                <span className="text-slate-600">Not generated yet</span>
              )}
            </PreviewRow>
          </dl>
        </CardContent>
      </Card>
      {state.step === 4 && state.generated && (
        <DraftFindings communicationId={state.communicationId} content={state.content} format={state.generated.format} placeholders={state.placeholders} />
      )}
    </aside>
  );
}
