import { AlertTriangle, Download, Eye, FolderOpen, RotateCcw, Save, Upload } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { GuardedButton } from '@/components/CanEdit';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { addItem, type ChecklistItem, DEFAULT_FILTERS, type Filters, reportFileName, resetItems, TEXTS } from '@/lib/checklist';
import { toast, toastError } from '@/lib/toast';
import { loadTemplate, reportHtml, type SaveStatus, useImportHtml, useSaveTemplate, useWorkingChecklist } from '@/hooks/checklist';
import { useReference } from '@/hooks/reference';
import { ChecklistTab, type Draft } from './ChecklistTab';
import { Dashboard } from './Dashboard';
import { AddItemDialog, ImportDialog, PreviewDialog, RepositoryDialog, SaveTemplateDialog } from './dialogs';

const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  error: 'Changes not saved',
  conflict: 'Changes not saved',
};

const TABS = ['dashboard', 'checklist'] as const;
type Tab = (typeof TABS)[number];

/** download saves html as a file through a temporary link. */
function downloadHtml(html: string, name: string) {
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** ReadinessPage is the Business Readiness Checklist screen (spec 02 §2.9): the team's one checklist, saved as it changes. */
export default function ReadinessPage() {
  const wc = useWorkingChecklist();
  const saveTemplate = useSaveTemplate();
  const importHtml = useImportHtml();
  const limits = useReference().data?.limits?.checklist;
  const [tab, setTab] = useState<Tab>('dashboard');
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [dialog, setDialog] = useState<null | 'add' | 'preview' | 'save' | 'import' | 'repository'>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ dashboard: null, checklist: null });
  const items = wc.items;

  const onDraft = (id: number, d: Draft | undefined) =>
    setDrafts((all) => {
      const next = { ...all };
      if (d) next[id] = d;
      else delete next[id];
      return next;
    });
  /** replace puts a whole new list in place (import, load, reset) and saves it at once. */
  const replace = (next: ChecklistItem[]) => {
    setDrafts({});
    wc.change(next, true);
  };

  const report = async (): Promise<string | null> => {
    try {
      return await reportHtml(items ?? [], new Date());
    } catch {
      toastError('Failed to generate the report');
      return null;
    }
  };
  const openPreview = async () => {
    setPreview(null);
    setDialog('preview');
    setPreview(await report());
  };
  const download = async (html?: string | null) => {
    const h = html ?? (await report());
    if (h) downloadHtml(h, reportFileName(new Date()));
  };
  const reset = () => {
    if (!items || !window.confirm(TEXTS.resetConfirm)) return;
    replace(resetItems(items));
    toast({ title: TEXTS.resetDone });
  };
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const next = tab === 'dashboard' ? 'checklist' : 'dashboard';
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  if (wc.loadError && !items) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <h2 className="text-lg font-semibold text-slate-900">The checklist could not be loaded</h2>
          <Button onClick={() => void wc.reload()}>Try again</Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => setDialog('repository')}>
          <FolderOpen className="h-4 w-4" aria-hidden="true" /> Repository
        </Button>
        <GuardedButton variant="outline" onClick={() => setDialog('save')} disabled={!items}>
          <Save className="h-4 w-4" aria-hidden="true" /> Save
        </GuardedButton>
        <GuardedButton variant="outline" onClick={() => setDialog('import')}>
          <Upload className="h-4 w-4" aria-hidden="true" /> Import
        </GuardedButton>
        <Button variant="outline" onClick={() => void openPreview()} disabled={!items}>
          <Eye className="h-4 w-4" aria-hidden="true" /> Preview
        </Button>
        <GuardedButton variant="outline" onClick={reset} disabled={!items}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" /> Reset
        </GuardedButton>
        <Button onClick={() => void download()} disabled={!items}>
          <Download className="h-4 w-4" aria-hidden="true" /> Download
        </Button>
        <p role="status" className={cn('ml-auto text-sm', wc.status === 'error' || wc.status === 'conflict' ? 'text-red-700' : 'text-slate-600')} data-testid="save-status">
          {items ? STATUS_TEXT[wc.status] : ''}
        </p>
      </div>

      {wc.status === 'conflict' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950">
          <AlertTriangle className="h-5 w-5" aria-hidden="true" />
          <div className="flex-1">
            <p className="font-semibold">{TEXTS.conflict}</p>
            {wc.changedBy && <p data-testid="conflict-by">{wc.changedBy}.</p>}
            <p>Your latest change is not saved. Reload to see their version (your change will be discarded), or keep yours to replace theirs.</p>
          </div>
          <Button size="sm" onClick={() => void wc.reload()}>
            Reload
          </Button>
          <Button size="sm" variant="outline" onClick={() => void wc.keepMine()}>
            Keep mine
          </Button>
        </div>
      )}
      {wc.status === 'error' && (
        <div role="alert" className="flex items-center gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="flex-1">Failed to save the checklist. Your changes are kept on this page.</p>
          <Button size="sm" variant="outline" onClick={() => void wc.retry()}>
            Retry
          </Button>
        </div>
      )}

      <div role="tablist" aria-label="Business readiness views" className="flex gap-1 border-b border-slate-200" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
              tab === t ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {t === 'dashboard' ? 'Dashboard' : 'Checklist'}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {!items ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" role="status" aria-label="Loading the checklist">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
        ) : tab === 'dashboard' ? (
          <Dashboard stats={wc.stats} categories={wc.categories} />
        ) : (
          <ChecklistTab
            items={items}
            categories={wc.categories}
            filters={filters}
            onFilters={setFilters}
            drafts={drafts}
            onDraft={onDraft}
            onChange={wc.update}
            onAdd={() => setDialog('add')}
          />
        )}
      </div>

      <AddItemDialog
        open={dialog === 'add'}
        onOpenChange={(o) => setDialog(o ? 'add' : null)}
        categories={wc.categories}
        limits={limits}
        onAdd={(f) => {
          const next = items && limits && addItem(items, f, limits);
          if (!next) return false;
          wc.change(next);
          return true;
        }}
      />
      <PreviewDialog open={dialog === 'preview'} onOpenChange={(o) => setDialog(o ? 'preview' : null)} html={preview} onDownload={() => void download(preview)} />
      <SaveTemplateDialog open={dialog === 'save'} onOpenChange={(o) => setDialog(o ? 'save' : null)} onSave={(name, d) => saveTemplate.mutateAsync({ name, description: d, items: items ?? [] }).then(() => true, () => false)} />
      <ImportDialog
        open={dialog === 'import'}
        onOpenChange={(o) => setDialog(o ? 'import' : null)}
        onImport={async (name, d, html) => {
          const next = await importHtml.mutateAsync({ name, description: d, htmlContent: html }).catch(() => null);
          if (!next) return false;
          replace(next);
          toast({ title: TEXTS.imported(next.length) });
          return true;
        }}
      />
      <RepositoryDialog
        open={dialog === 'repository'}
        onOpenChange={(o) => setDialog(o ? 'repository' : null)}
        onLoad={async (id) => {
          const next = await loadTemplate(id);
          if (!next) return false;
          replace(next);
          toast({ title: TEXTS.loaded });
          return true;
        }}
      />
    </div>
  );
}
