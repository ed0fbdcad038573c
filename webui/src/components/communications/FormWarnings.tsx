import type { PreviewCandidate } from '@/lib/planning';
import { useDebounced } from '@/lib/useDebounced';
import { useWarningsPreview } from '@/hooks/schedule';
import { useCan } from '@/hooks/session';
import { WarningList } from './WarningList';

/** PREVIEW_DELAY_MS is how long the form must stay unchanged before the warnings are asked for. */
export const PREVIEW_DELAY_MS = 400;

/**
 * FormWarnings shows, inside the Communication form, the overload and
 * blackout warnings the communication would be part of if saved. It is a
 * notice only: it never blocks the save, and a failed check shows nothing.
 */
export function FormWarnings({ candidate }: { candidate: { id?: string; audienceId?: string; status: string; scheduledDate?: string } }) {
  const { id, audienceId, status, scheduledDate } = candidate;
  // Debounce on the fields, not the object, so a re-render with equal values does not restart the timer.
  const key = JSON.stringify([id ?? '', audienceId ?? '', status, scheduledDate ?? '']);
  const settled = useDebounced(key, PREVIEW_DELAY_MS);
  const [sid, saudience, sstatus, sdate] = JSON.parse(settled) as string[];
  const settledCandidate: PreviewCandidate = { id: sid || undefined, audienceId: saudience, status: sstatus, scheduledDate: sdate };
  // A role that may not change the plan saves nothing to be warned about (the preview needs plan.edit).
  const preview = useWarningsPreview(settledCandidate, useCan('plan.edit'));
  // The form's own lists are already loaded; the names are only a nicety.

  const warnings = preview.isSuccess && Array.isArray(preview.data) ? preview.data : [];
  // Once the fields change, an answer about the old ones is no longer shown.
  const current = settled === key;
  const shown = current ? warnings : [];

  return (
    <div role="status" data-testid="form-warnings">
      {shown.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm text-slate-700">Heads up: saving this communication will cause these scheduling conflicts. You can still save it.</p>
          <WarningList warnings={shown} exclude={id} />
        </div>
      )}
    </div>
  );
}
