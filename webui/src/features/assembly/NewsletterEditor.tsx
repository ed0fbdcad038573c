import { Download, Eye, Save, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SandboxFrame } from '@/components/SandboxFrame';
import { GuardedButton } from '@/components/CanEdit';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Tabs } from '@/components/ui/tabs';
import { PreviewFooter } from '@/components/PreviewFooter';
import { ASSEMBLY_TEXT } from '@/lib/assembly';
import { formatShortDate } from '@/lib/dates';
import { newsletterDocument, newsletterFileName, normalizeTemplate, untitledSections } from '@/lib/newsletter';
import { saveFile } from '@/lib/download';
import { toast, toastError } from '@/lib/toast';
import type { NewsletterTemplate } from '@/lib/types';
import { renderNewsletter, useCreateNewsletterTemplate, useDeleteNewsletterTemplate, useNewsletterTemplates, type NewsletterSource } from '@/hooks/assembly';
import { SectionEditor } from './SectionEditor';

/** DELETE_TEMPLATE_CONFIRM asks before a saved newsletter template is deleted. */
export const DELETE_TEMPLATE_CONFIRM = 'Are you sure you want to delete this newsletter template?';

/**
 * NewsletterEditor is the Newsletter Template Editor dialog (spec 02 §2.3):
 * the 15 sections, the settings, a preview, a download, and Save Template,
 * which hands the customised template to the wizard for the next generation.
 */
export default function NewsletterEditor({
  open,
  onOpenChange,
  template,
  source,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** template is where editing starts: the wizard's saved customisation or the default. */
  template: NewsletterTemplate;
  /** source is the wizard's theme, questions, notes and vehicle: the preview is the newsletter they generate. */
  source: NewsletterSource;
  onSave: (t: NewsletterTemplate) => void;
}) {
  const [draft, setDraft] = useState(() => normalizeTemplate(template));
  const [tab, setTab] = useState('sections');
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [previewOpen, setPreviewOpen] = useState(false);

  useEffect(() => {
    if (open) {
      setDraft(normalizeTemplate(template));
      setExpanded(new Set());
      setTab('sections');
    }
  }, [open, template]);

  function toggle(n: number) {
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      return next;
    });
  }

  async function download() {
    try {
      const fragment = await renderNewsletter(source, draft);
      saveFile(newsletterFileName(draft.title), newsletterDocument(draft.title, fragment));
      toast({ title: 'Download started' });
    } catch (err) {
      toast({ title: 'Preview failed', description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
    }
  }

  function save() {
    const untitled = untitledSections(draft);
    if (untitled.length > 0) {
      // Open the sections to fix; the server refuses a section without a title.
      setTab('sections');
      setExpanded((s) => new Set([...s, ...untitled]));
      toastError(`Every section needs a title (section ${untitled.join(', ')})`);
      return;
    }
    onSave(draft);
    toast({ title: ASSEMBLY_TEXT.templateCustomized });
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl overflow-hidden">
        <DialogHeader>
          <DialogTitle>Newsletter Template Editor</DialogTitle>
          <DialogDescription>
            Required sections are always included; switch optional sections on to add them. Save Template uses this layout for the next generation.
          </DialogDescription>
        </DialogHeader>
        <Tabs
          id="newsletter-editor"
          className="flex-1"
          label="Newsletter template"
          value={tab}
          onValueChange={setTab}
          items={[
            {
              value: 'sections',
              label: 'Customize Sections',
              content: (
                <ol className="grid gap-2" aria-label="Newsletter sections">
                  {draft.sections.map((s) => (
                    <SectionEditor
                      key={s.number}
                      section={s}
                      expanded={expanded.has(s.number)}
                      onToggle={() => toggle(s.number)}
                      onChange={(f) => setDraft((t) => f(t, s.number))}
                    />
                  ))}
                </ol>
              ),
            },
            {
              value: 'settings',
              label: 'Newsletter Settings',
              content: <SettingsPanel draft={draft} setDraft={setDraft} />,
            },
          ]}
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => setPreviewOpen(true)}>
            <Eye className="h-4 w-4" aria-hidden="true" />
            Preview
          </Button>
          <Button variant="outline" onClick={download}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download
          </Button>
          <Button onClick={save}>
            <Save className="h-4 w-4" aria-hidden="true" />
            Save Template
          </Button>
        </DialogFooter>
        <NewsletterPreview open={previewOpen} onOpenChange={setPreviewOpen} template={draft} source={source} onDownload={download} />
      </DialogContent>
    </Dialog>
  );
}

/** SettingsPanel holds the title and campaign theme, and the named templates (load, delete, save as). */
function SettingsPanel({ draft, setDraft }: { draft: NewsletterTemplate; setDraft: (f: (t: NewsletterTemplate) => NewsletterTemplate) => void }) {
  const { data: saved, isLoading, isError } = useNewsletterTemplates();
  const create = useCreateNewsletterTemplate();
  const remove = useDeleteNewsletterTemplate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string>();

  function storeNamed() {
    if (name.trim() === '') {
      setNameError('Template name is required');
      return;
    }
    setNameError(undefined);
    create.mutate(
      { name: name.trim(), description: description.trim(), template: draft },
      {
        onSuccess: () => {
          setName('');
          setDescription('');
        },
      },
    );
  }

  return (
    <div className="grid gap-5">
      <div className="grid gap-3 md:grid-cols-2">
        <Field id="nl-title" label="Newsletter Title">
          <Input id="nl-title" value={draft.title} onChange={(e) => setDraft((t) => ({ ...t, title: e.target.value }))} />
        </Field>
        <Field id="nl-theme" label="Campaign Theme">
          <Input
            id="nl-theme"
            value={draft.campaignTheme}
            placeholder="e.g., Ready for Go-Live"
            onChange={(e) => setDraft((t) => ({ ...t, campaignTheme: e.target.value }))}
          />
        </Field>
      </div>

      <section aria-labelledby="nl-saved-heading" className="grid gap-2">
        <h3 id="nl-saved-heading" className="text-sm font-semibold text-slate-900">
          Saved Templates
        </h3>
        {isLoading ? (
          <p className="text-sm text-slate-600">Loading saved templates...</p>
        ) : isError ? (
          <p className="text-sm text-slate-600">Saved templates could not be loaded.</p>
        ) : !saved || saved.length === 0 ? (
          <p className="text-sm text-slate-600">No saved templates yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Saved newsletter templates">
            {saved.map((x) => (
              <li key={x.id} className="flex items-center gap-3 rounded-md border border-slate-200 p-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900" title={x.name}>
                    {x.name}
                  </p>
                  <p className="truncate text-xs text-slate-600" title={`${x.description || 'No description provided'} · ${formatShortDate(x.updatedAt || x.createdAt)}`}>
                    {x.description || 'No description provided'} · {formatShortDate(x.updatedAt || x.createdAt)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Load ${x.name}`}
                  onClick={() => {
                    setDraft(() => normalizeTemplate(x.template));
                    toast({ title: 'Newsletter template loaded', description: x.name });
                  }}
                >
                  Load
                </Button>
                <GuardedButton
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${x.name}`}
                  onClick={() => {
                    if (window.confirm(DELETE_TEMPLATE_CONFIRM)) remove.mutate(x.id);
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </GuardedButton>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="nl-store-heading" className="grid gap-3 rounded-md bg-slate-50 p-3">
        <h3 id="nl-store-heading" className="text-sm font-semibold text-slate-900">
          Save as a Named Template
        </h3>
        <div className="grid gap-3 md:grid-cols-2">
          <Field id="nl-store-name" label="Template Name" error={nameError}>
            <Input
              id="nl-store-name"
              value={name}
              placeholder="e.g., Monthly ERP Newsletter"
              onChange={(e) => setName(e.target.value)}
              {...fieldAria('nl-store-name', nameError)}
            />
          </Field>
          <Field id="nl-store-description" label="Description (optional)">
            <Input id="nl-store-description" value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
        </div>
        <GuardedButton variant="outline" className="w-fit" onClick={storeNamed} disabled={create.isPending}>
          {create.isPending ? 'Saving...' : 'Save Named Template'}
        </GuardedButton>
      </section>
    </div>
  );
}

/** NewsletterPreview is the Newsletter Preview dialog: the server's newsletter (as Generate makes it) in a sandboxed iframe. */
function NewsletterPreview({
  open,
  onOpenChange,
  template,
  source,
  onDownload,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  template: NewsletterTemplate;
  source: NewsletterSource;
  onDownload: () => void;
}) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The wizard rebuilds source on every render; its content decides.
  const sourceKey = JSON.stringify(source);
  useEffect(() => {
    if (!open) return;
    const source = JSON.parse(sourceKey) as NewsletterSource;
    let live = true;
    setHtml(null);
    setError(null);
    renderNewsletter(source, template).then(
      (fragment) => live && setHtml(newsletterDocument(template.title, fragment)),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [open, sourceKey, template]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Newsletter Preview</DialogTitle>
          <DialogDescription>The enabled sections in order, as the downloaded file shows them.</DialogDescription>
        </DialogHeader>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {open && html === null && !error && <p className="text-sm text-slate-600">Rendering the preview...</p>}
        {open && html !== null && <SandboxFrame title="Newsletter preview" html={html} className="h-[60vh]" />}
        <PreviewFooter onClose={() => onOpenChange(false)} onDownload={onDownload} />
      </DialogContent>
    </Dialog>
  );
}
