import { CalendarPlus, Library } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { SandboxFrame } from '@/components/SandboxFrame';
import { Badge } from '@/components/ui/badge';
import { GuardedButton } from '@/components/CanEdit';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Tabs } from '@/components/ui/tabs';
import { ASSEMBLY_TEXT, charCount, failureMessage, lengthLabel, type WizardState } from '@/lib/assembly';
import { countPlaceholders } from '@/lib/newsletter';
import { contentDocument } from '@/lib/preview';
import { toast } from '@/lib/toast';
import type { Communication, Vehicle } from '@/lib/types';
import { prepareSchedule, readDraft } from '@/hooks/assembly';
import { StepButtons } from './AssemblySteps';

// The Communication form loads when first opened.
const CommunicationDialog = lazy(() => import('@/components/communications/CommunicationDialog'));

/**
 * GeneratedEditor shows the generated content in its format and lets the
 * planner edit it in place: text in a text box; html and markdown rendered in
 * a sandboxed iframe (Preview) with their source in a text box (Edit), the
 * preview following the edits.
 */
export function GeneratedEditor({ format, content, title, onChange }: { format: string; content: string; title: string; onChange: (v: string) => void }) {
  const [tab, setTab] = useState('preview');
  if (format === 'html' || format === 'markdown') {
    const source = format === 'html' ? 'HTML' : 'Markdown';
    return (
      <Tabs
        id="generated"
        label="Generated content"
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'preview', label: 'Preview', content: <SandboxFrame title="Generated content" html={contentDocument(content, format, title)} className="h-96" /> },
          {
            value: 'edit',
            label: `Edit ${source}`,
            content: (
              <Textarea
                aria-label={`Generated content (${source})`}
                rows={16}
                spellCheck
                className="font-mono text-xs"
                data-testid="generated-source"
                value={content}
                onChange={(e) => onChange(e.target.value)}
              />
            ),
          },
        ]}
      />
    );
  }
  return (
    <Textarea
      aria-label="Generated content"
      rows={Math.min(16, Math.max(5, content.split('\n').length + 1))}
      spellCheck
      className="bg-slate-50"
      data-testid="generated-text"
      value={content}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** ReviewStep shows the generated content with the title and description of the library piece. */
export function ReviewStep({
  state,
  vehicle,
  saving,
  onTitle,
  onDescription,
  onContent,
  onBack,
  onSave,
  onScheduled,
}: {
  state: WizardState;
  vehicle: Vehicle | null;
  saving: boolean;
  onTitle: (v: string) => void;
  onDescription: (v: string) => void;
  onContent: (v: string) => void;
  onBack: () => void;
  onSave: () => void;
  /** onScheduled is told when the draft became the scheduled item. */
  onScheduled: () => void;
}) {
  const result = state.generated;
  // The draft as the Communication form edits it: the record it turns into the scheduled item.
  const [draft, setDraft] = useState<Communication | null>(null);
  const [preparing, setPreparing] = useState(false);

  async function openSchedule() {
    if (!state.communicationId) {
      toast({ title: ASSEMBLY_TEXT.noCommunication, variant: 'destructive' });
      return;
    }
    setPreparing(true);
    try {
      const stored = await prepareSchedule(state.communicationId, state.title || state.savedTitle, state.content);
      // The form opens on the draft with Scheduled chosen: saving it schedules this draft, no second communication.
      setDraft({ ...stored, status: stored.status === 'draft' ? 'scheduled' : stored.status });
    } catch (err) {
      toast({ title: 'Failed to prepare the draft', description: failureMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setPreparing(false);
    }
  }

  async function closeSchedule() {
    const id = draft?.id;
    setDraft(null);
    if (!id) return;
    const stored = await readDraft(id).catch(() => null);
    if (stored && stored.status !== 'draft') {
      onScheduled();
      toast({ title: `“${stored.title}” is scheduled`, link: { href: `/schedule?focus=${encodeURIComponent(stored.id)}`, label: 'Open it' } });
    }
  }
  if (!result) return null;
  const max = result.maxLength || vehicle?.settings?.maxLength || 0;
  const withheld = result.withheld ?? [];
  const placeholders = result.format === 'html' ? countPlaceholders(state.content) : 0;
  const edited = state.content !== result.generatedContent;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="secondary" className="uppercase">
          {result.format}
        </Badge>
        <span className="text-slate-700">{lengthLabel(charCount(state.content), max)} characters</span>
        {edited && <Badge variant="outline">Edited</Badge>}
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
      <GeneratedEditor format={result.format} content={state.content} title={state.title || 'Generated content'} onChange={onContent} />
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
        <GuardedButton variant="outline" onClick={() => void openSchedule()} disabled={preparing}>
          <CalendarPlus className="h-4 w-4" aria-hidden="true" />
          Create Scheduled Communication
        </GuardedButton>
        <GuardedButton onClick={onSave} disabled={saving}>
          <Library className="h-4 w-4" aria-hidden="true" />
          {saving ? 'Saving...' : 'Save to Content Library'}
        </GuardedButton>
      </StepButtons>
      {draft && (
        <Suspense fallback={null}>
          <CommunicationDialog open onOpenChange={(open) => !open && void closeSchedule()} communication={draft} title="Create Scheduled Communication" />
        </Suspense>
      )}
    </>
  );
}
