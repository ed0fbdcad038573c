import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, apiRequest, apiText } from '@/lib/api';
import {
  type ChecklistItem,
  type ChecklistState,
  type ChecklistTemplate,
  failureText,
  localDate,
  score,
  type Snapshot,
  TEXTS,
  templateItems,
} from '@/lib/checklist';
import { useApiMutation } from '@/lib/mutation';
import { queryClient } from '@/lib/queryClient';
import { resource } from '@/lib/resource';
import { toastError } from '@/lib/toast';

export const CHECKLIST_PATH = '/api/checklist';
export const HISTORY_PATH = '/api/checklist/history';
export const TEMPLATES_PATH = '/api/checklist-templates';

/** SAVE_DELAY is the debounce of saves: a slider drag is one save, not fifty. */
export const SAVE_DELAY = 600;

/** templates: the checklist repository (list and delete through the shared resource factory). */
const templates = resource<ChecklistTemplate, unknown>({
  path: TEMPLATES_PATH,
  entity: 'checklist-templates',
  messages: {
    created: TEXTS.saved,
    updated: TEXTS.saved,
    deleted: 'Checklist template deleted',
    createFailed: TEXTS.saveFailed,
    updateFailed: TEXTS.saveFailed,
    deleteFailed: (e) => failureText(e, TEXTS.deleteFailed, TEXTS.deleteError),
  },
});
export const useTemplates = templates.useList;
export const useDeleteTemplate = templates.useDelete;

/** TREND_POINTS bounds the readiness trend to the latest saves. */
export const TREND_POINTS = 60;

/** HISTORY_KEY asks the server for those saves alone, not the whole history (1,000 snapshots at the five-year scale). */
const HISTORY_KEY = [`${HISTORY_PATH}?limit=${TREND_POINTS}`];

/** useHistory is the readiness trend's data, oldest first. */
export function useHistory() {
  // Others save too: refetch whenever the dashboard opens.
  return useQuery<Snapshot[]>({ queryKey: HISTORY_KEY, refetchOnMount: 'always' });
}

/** SaveTemplateVars names the repository copy of a checklist. */
export interface SaveTemplateVars {
  name: string;
  description: string;
  items: ChecklistItem[];
}

/** useSaveTemplate saves items to the repository, with the spec's toasts (§7, §8). */
export function useSaveTemplate() {
  return useApiMutation<unknown, SaveTemplateVars>({
    request: ({ name, description, items }) => {
      const s = score(items);
      return {
        method: 'POST',
        url: TEMPLATES_PATH,
        body: {
          name,
          description,
          items,
          metadata: { version: '1.0', createdBy: 'Business Readiness Checklist', totalItems: s.totalItems, completedItems: s.completedItems },
          isPublic: false,
        },
      };
    },
    entity: 'checklist-templates',
    success: TEXTS.saved,
    failure: (e) => failureText(e, TEXTS.saveFailed, TEXTS.saveError),
  });
}

/** ImportHtmlVars is an HTML report to store as a template. */
export interface ImportHtmlVars {
  name: string;
  description: string;
  htmlContent: string;
}

/**
 * useImportHtml stores a report as a template; its items come back through
 * templateItems (null, after the spec's alert, when they are not a checklist).
 * The caller toasts the import once the items replace the checklist.
 */
export function useImportHtml() {
  return useMutation<ChecklistItem[] | null, Error, ImportHtmlVars>({
    mutationFn: async (body) => {
      const items = templateItems(await apiRequest('POST', `${TEMPLATES_PATH}/import-html`, body));
      if (!items) toastError(TEXTS.importBadShape);
      return items;
    },
    onError: (e) => {
      toastError(failureText(e, TEXTS.importFailed, TEXTS.importError));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES_PATH] }),
  });
}

/** loadTemplate reads a saved template's items, or null after the spec's alert. */
export async function loadTemplate(id: string): Promise<ChecklistItem[] | null> {
  let res: unknown;
  try {
    res = await apiRequest('GET', `${TEMPLATES_PATH}/${encodeURIComponent(id)}`);
  } catch (e) {
    toastError(failureText(e, TEXTS.loadFailed, TEXTS.loadError));
    return null;
  }
  const items = templateItems(res);
  if (!items) toastError(TEXTS.loadBadShape);
  return items;
}

/** reportHtml asks the server for the report of items, dated with the user's local day. */
export function reportHtml(items: ChecklistItem[], date: Date): Promise<string> {
  return apiText('POST', `${CHECKLIST_PATH}/report`, { items, date: localDate(date) });
}

/** UNSAVED_ON_LEAVE is said when the screen is left with a change held back by a conflict. */
export const UNSAVED_ON_LEAVE = 'Your last checklist change was not saved: the checklist was changed by someone else.';

/** ConflictBody is the 409 of a stale save: who saved first, and when. */
interface ConflictBody {
  changedBy?: string;
  changedAt?: string;
}

/** conflictText is "Changed by Dana Reyes at 14:02" (local time), or null when the server could not say. */
export function conflictText(body: ConflictBody | null): string | null {
  if (!body?.changedBy || !body.changedAt) return null;
  const at = new Date(body.changedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `Changed by ${body.changedBy} at ${at}`;
}

/** SaveStatus is what the screen says about the team copy. */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'conflict';

/**
 * useWorkingChecklist holds the team's checklist: it loads the last saved
 * version, applies every change locally at once and saves it (debounced)
 * with the version it was based on. A 409 stops saving and raises
 * `conflict` until the user reloads their version or keeps their own.
 */
export function useWorkingChecklist() {
  const [items, setItems] = useState<ChecklistItem[] | null>(null);
  const [categories, setCategories] = useState<ChecklistState['categories']>([]);
  const [status, setStatus] = useState<SaveStatus>('saved');
  // changedBy says, after a 409, who saved first and when (from the audit trail).
  const [changedBy, setChangedBy] = useState<string | null>(null);
  const [loadError, setLoadError] = useState(false);
  const r = useRef({ items: [] as ChecklistItem[], version: 0, edit: 0, saved: 0, saving: false, conflict: false, timer: 0 });

  const apply = useCallback((st: ChecklistState) => {
    const s = r.current;
    s.items = st.items;
    s.version = st.version;
    s.saved = s.edit;
    s.conflict = false;
    setItems(st.items);
    setCategories(st.categories);
    setStatus('saved');
  }, []);

  const load = useCallback(async () => {
    try {
      apply(await apiRequest<ChecklistState>('GET', CHECKLIST_PATH));
      setLoadError(false);
    } catch {
      setLoadError(true);
    }
  }, [apply]);

  const flush = useCallback(async (): Promise<void> => {
    const s = r.current;
    window.clearTimeout(s.timer);
    if (s.saving || s.conflict || s.saved === s.edit) return;
    s.saving = true;
    const edit = s.edit;
    setStatus('saving');
    try {
      const st = await apiRequest<ChecklistState>('PUT', CHECKLIST_PATH, { items: s.items, version: s.version });
      s.version = st.version;
      s.saved = edit;
      void queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
    } catch (e) {
      s.saving = false;
      if (e instanceof ApiError && e.status === 409) {
        s.conflict = true;
        setChangedBy(conflictText(e.body as ConflictBody | null));
        setStatus('conflict');
      } else {
        setStatus('error');
      }
      return;
    }
    s.saving = false;
    if (s.edit !== s.saved) return flush();
    setStatus('saved');
  }, []);

  /** change applies a new item list now and saves it after SAVE_DELAY (at once when immediate). */
  const change = useCallback(
    (next: ChecklistItem[], immediate = false) => {
      const s = r.current;
      s.items = next;
      s.edit++;
      setItems(next);
      if (s.conflict) return;
      setStatus('pending');
      window.clearTimeout(s.timer);
      s.timer = window.setTimeout(() => void flush(), immediate ? 0 : SAVE_DELAY);
    },
    [flush],
  );

  /** update applies fn to the latest items (not a render's copy), so quick successive edits all count. */
  const update = useCallback((fn: (items: ChecklistItem[]) => ChecklistItem[]) => change(fn(r.current.items)), [change]);

  /** keepMine saves the local checklist over the newer stored one, on the user's word. */
  const keepMine = useCallback(async () => {
    const s = r.current;
    try {
      const st = await apiRequest<ChecklistState>('GET', CHECKLIST_PATH);
      s.version = st.version;
      s.conflict = false;
      await flush();
    } catch {
      setStatus('error');
    }
  }, [flush]);

  useEffect(() => {
    void load();
    const s = r.current;
    // Closing the tab with a change not yet stored asks first.
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (s.saved !== s.edit || s.saving) e.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      // Leaving the screen saves what is pending at once; a change held back
      // by a conflict is not saved, and the user is told so.
      if (s.conflict && s.saved !== s.edit) toastError(UNSAVED_ON_LEAVE);
      else void flush();
    };
  }, [load, flush]);

  const stats = useMemo(() => score(items ?? []), [items]);
  return { items, categories, stats, status, changedBy, loadError, change, update, reload: load, keepMine, retry: flush };
}
