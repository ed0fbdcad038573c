import { Download, FolderOpen, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { GuardedButton } from '@/components/CanEdit';
import { FormDialog } from '@/components/FormDialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { type Category, type NewItemForm, TEXTS } from '@/lib/checklist';
import type { ChecklistLimits } from '@/lib/types';
import { useDeleteTemplate, useTemplates } from '@/hooks/checklist';

interface OpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const nativeSelect = 'h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900';

/** AddItemDialog is "Add New Checklist Item"; onAdd returns false when the form was ignored. */
export function AddItemDialog({
  open,
  onOpenChange,
  categories,
  limits,
  onAdd,
}: OpenProps & { categories: Category[]; limits?: ChecklistLimits; onAdd: (f: NewItemForm) => boolean }) {
  const [form, setForm] = useState<NewItemForm>({ title: '', description: '', weightCode: 1, maxScore: '10' });
  const [errors, setErrors] = useState<{ title?: string; description?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = {
      title: form.title.trim() === '' ? 'Title is required' : undefined,
      description: form.description.trim() === '' ? 'Description is required' : undefined,
    };
    setErrors(errs);
    if (errs.title || errs.description) return;
    if (onAdd(form)) {
      setForm({ title: '', description: '', weightCode: 1, maxScore: '10' });
      onOpenChange(false);
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Checklist Item"
      description="The new item starts with a score of 0 and is enabled."
      onSubmit={submit}
      pending={false}
      submitLabel="Add Item"
    >
      <Field id="new-title" label="Title" error={errors.title}>
        <Input id="new-title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} {...fieldAria('new-title', errors.title)} />
      </Field>
      <Field id="new-description" label="Description" error={errors.description} hint="One question per line.">
        <Textarea
          id="new-description"
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          {...fieldAria('new-description', errors.description)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="new-category" label="Category">
          <select id="new-category" className={nativeSelect} value={form.weightCode} onChange={(e) => setForm({ ...form, weightCode: Number(e.target.value) })}>
            {categories.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="new-max" label="Max Score" hint={limits && `${limits.minMaxScore} to ${limits.maxMaxScore}`}>
          <Input id="new-max" type="number" min={limits?.minMaxScore} max={limits?.maxMaxScore} value={form.maxScore} onChange={(e) => setForm({ ...form, maxScore: e.target.value })} />
        </Field>
      </div>
    </FormDialog>
  );
}

/** PreviewDialog is "Print Preview": the server's report in a sandboxed frame, with Download and Close. */
export function PreviewDialog({ open, onOpenChange, html, onDownload }: OpenProps & { html: string | null; onDownload: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>Print Preview</DialogTitle>
          <DialogDescription>The report as it will be downloaded and printed.</DialogDescription>
        </DialogHeader>
        {html === null ? (
          <p role="status" className="py-12 text-center text-sm text-slate-600">
            Preparing the report…
          </p>
        ) : (
          <iframe title="Business readiness report preview" sandbox="" srcDoc={html} className="h-[65vh] w-full rounded border border-slate-200 bg-white" />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={onDownload} disabled={html === null}>
            <Download className="h-4 w-4" aria-hidden="true" /> Download
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** SaveTemplateDialog is "Save Checklist to Repository". */
export function SaveTemplateDialog({ open, onOpenChange, onSave }: OpenProps & { onSave: (name: string, description: string) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') {
      setError('Name is required');
      return;
    }
    setError(undefined);
    setPending(true);
    const ok = await onSave(name.trim(), description.trim());
    setPending(false);
    if (ok) {
      setName('');
      setDescription('');
      onOpenChange(false);
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save Checklist to Repository"
      description="Save the checklist as it is now as a template the team can load later."
      onSubmit={submit}
      pending={pending}
      submitLabel="Save to Repository"
    >
      <Field id="template-name" label="Name" error={error}>
        <Input id="template-name" value={name} onChange={(e) => setName(e.target.value)} {...fieldAria('template-name', error)} />
      </Field>
      <Field id="template-description" label="Description (optional)">
        <Textarea id="template-description" value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

/** ImportDialog is "Import HTML Checklist"; onImport returns true when the items replaced the checklist. */
export function ImportDialog({ open, onOpenChange, onImport }: OpenProps & { onImport: (name: string, description: string, html: string) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; file?: string }>({});
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = {
      name: name.trim() === '' ? 'Template name is required' : undefined,
      file: file === null ? 'An HTML file is required' : !/\.html?$/i.test(file.name) ? 'The file must be an .html file' : undefined,
    };
    setErrors(errs);
    // With no file (or a missing name) nothing is sent (spec 02 §5).
    if (errs.name || errs.file || file === null) return;
    setPending(true);
    const ok = await onImport(name.trim(), description.trim(), await file.text());
    setPending(false);
    if (ok) {
      setName('');
      setDescription('');
      setFile(null);
      onOpenChange(false);
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import HTML Checklist"
      description="Its items replace the team's checklist; the report is also saved in the repository."
      onSubmit={submit}
      pending={pending}
      submitLabel="Import"
    >
      <Field id="import-name" label="Template Name" error={errors.name}>
        <Input id="import-name" value={name} onChange={(e) => setName(e.target.value)} {...fieldAria('import-name', errors.name)} />
      </Field>
      <Field id="import-description" label="Description (optional)">
        <Textarea id="import-description" value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field id="import-file" label="HTML File" error={errors.file} hint={TEXTS.importHint}>
        <input
          id="import-file"
          type="file"
          accept=".html"
          className="text-sm"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          aria-describedby={errors.file ? 'import-file-error' : 'import-file-hint'}
          aria-invalid={errors.file ? true : undefined}
        />
      </Field>
    </FormDialog>
  );
}

/** RepositoryDialog is the "Checklist Repository" picker: saved templates with Load and Delete. */
export function RepositoryDialog({ open, onOpenChange, onLoad }: OpenProps & { onLoad: (id: string) => Promise<boolean> }) {
  const list = useTemplates();
  const del = useDeleteTemplate();
  const templates = list.data ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Checklist Repository</DialogTitle>
          <DialogDescription>Load a saved checklist to replace the team's checklist, or delete it.</DialogDescription>
        </DialogHeader>
        {list.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading…
          </p>
        ) : templates.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <FolderOpen className="h-10 w-10 text-slate-500" aria-hidden="true" />
            <h3 className="text-lg font-semibold text-slate-900">{TEXTS.noTemplates}</h3>
            <p className="text-sm text-slate-600">Save the checklist to the repository or import a report to see it here.</p>
          </div>
        ) : (
          <ul className="grid gap-2" aria-label="Saved checklists">
            {templates.map((t) => (
              <li key={t.id} className="flex items-start justify-between gap-3 rounded-md border border-slate-200 p-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{t.name}</p>
                  {t.description && <p className="text-sm text-slate-700">{t.description}</p>}
                  <p className="text-xs text-slate-600">
                    {new Date(t.createdAt).toLocaleDateString('en-US')} · {t.metadata?.completedItems ?? 0}/{t.metadata?.totalItems ?? 0} complete
                    {t.metadata?.imported ? ' · imported' : ''}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {/* Loading replaces the team's checklist: a change, like Delete. */}
                  <GuardedButton
                    size="sm"
                    aria-label={`Load ${t.name}`}
                    onClick={async () => {
                      if (await onLoad(t.id)) onOpenChange(false);
                    }}
                  >
                    Load
                  </GuardedButton>
                  <GuardedButton
                    size="sm"
                    variant="outline"
                    aria-label={`Delete ${t.name}`}
                    disabled={del.isPending}
                    onClick={() => {
                      if (window.confirm(TEXTS.deleteTemplateConfirm)) del.mutate(t.id);
                    }}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                  </GuardedButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
