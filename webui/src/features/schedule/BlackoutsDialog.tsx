import { CalendarOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormBody } from '@/components/FormDialog';
import { CanEdit } from '@/components/CanEdit';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { dateKey } from '@/lib/dates';
import { blackoutAudiences, blackoutInput, blackoutRange, EVERYONE, validateBlackout, type BlackoutForm } from '@/lib/planning';
import type { Blackout } from '@/lib/types';
import { useAudiences } from '@/hooks/audiences';
import { useBlackouts, useCreateBlackout, useDeleteBlackout, useUpdateBlackout } from '@/hooks/schedule';

/** BLACKOUT_DELETE_CONFIRM is the confirm prompt before a blackout period is deleted. */
export const BLACKOUT_DELETE_CONFIRM = 'Are you sure you want to delete this blackout period?';

const empty: BlackoutForm = { name: '', startDate: '', endDate: '', audienceIds: [] };

/** BlackoutEditor creates a blackout period, or edits blackout when given. */
function BlackoutEditor({ blackout, onDone }: { blackout: Blackout | null; onDone: () => void }) {
  const { data: audiences } = useAudiences();
  const create = useCreateBlackout();
  const update = useUpdateBlackout();
  const pending = create.isPending || update.isPending;
  const [form, setForm] = useState<BlackoutForm>(() =>
    blackout ? { name: blackout.name, startDate: blackout.startDate, endDate: blackout.endDate, audienceIds: blackout.audienceIds ?? [] } : empty,
  );
  const [errors, setErrors] = useState<ReturnType<typeof validateBlackout>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateBlackout(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const close = { onSuccess: onDone };
    if (blackout) update.mutate({ id: blackout.id, data: blackoutInput(form) }, close);
    else create.mutate(blackoutInput(form), close);
  }

  function toggleAudience(id: string) {
    setForm((f) => ({ ...f, audienceIds: f.audienceIds.includes(id) ? f.audienceIds.filter((x) => x !== id) : [...f.audienceIds, id] }));
  }

  return (
    <FormBody
      onSubmit={submit}
      pending={pending}
      submitLabel={blackout ? 'Update Blackout Period' : 'Create Blackout Period'}
      onCancel={onDone}
      labelledBy="blackout-form-title"
    >
      <h3 id="blackout-form-title" className="text-base font-semibold text-slate-900">
        {blackout ? 'Edit Blackout Period' : 'New Blackout Period'}
      </h3>
      <Field id="blackout-name" label="Name" error={errors.name}>
        <Input
          id="blackout-name"
          autoFocus
          placeholder="e.g., Year-end freeze"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          {...fieldAria('blackout-name', errors.name)}
        />
      </Field>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field id="blackout-start" label="Start Date" error={errors.startDate}>
          <Input
            id="blackout-start"
            type="date"
            value={form.startDate}
            onChange={(e) => setForm({ ...form, startDate: e.target.value })}
            {...fieldAria('blackout-start', errors.startDate)}
          />
        </Field>
        <Field id="blackout-end" label="End Date" error={errors.endDate} hint="Both dates are included.">
          <Input
            id="blackout-end"
            type="date"
            min={form.startDate || undefined}
            value={form.endDate}
            onChange={(e) => setForm({ ...form, endDate: e.target.value })}
            {...(errors.endDate ? fieldAria('blackout-end', errors.endDate) : { 'aria-describedby': 'blackout-end-hint' })}
          />
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-800">Audiences</legend>
        {(audiences ?? []).length === 0 ? (
          <p className="text-sm text-slate-600">No audiences yet: the blackout applies to {EVERYONE}.</p>
        ) : (
          <>
            <p className="text-xs text-slate-600">
              Applies to: <span className="font-medium text-slate-900">{blackoutAudiences(form.audienceIds, audiences ?? [])}</span>. Choose none for {EVERYONE}.
            </p>
            <ul className="grid max-h-40 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
              {(audiences ?? []).map((a) => (
                <li key={a.id} className="flex items-center gap-2 text-sm">
                  <input
                    id={`blackout-audience-${a.id}`}
                    type="checkbox"
                    className="h-4 w-4 accent-blue-700"
                    checked={form.audienceIds.includes(a.id)}
                    onChange={() => toggleAudience(a.id)}
                  />
                  <label htmlFor={`blackout-audience-${a.id}`} className="text-slate-800">
                    {a.name}
                  </label>
                </li>
              ))}
            </ul>
          </>
        )}
      </fieldset>
    </FormBody>
  );
}

/**
 * BlackoutsDialog lists the blackout periods and creates, edits and deletes
 * them. Communications scheduled inside one for their audience are warned
 * about on the Schedule screen.
 */
export function BlackoutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data: blackouts, isLoading, isError } = useBlackouts();
  const { data: audiences } = useAudiences();
  const remove = useDeleteBlackout();
  // undefined: the list; null: a new blackout; a record: editing it.
  const [editing, setEditing] = useState<Blackout | null | undefined>(undefined);
  const addRef = useRef<HTMLButtonElement>(null);
  const today = dateKey(new Date());

  useEffect(() => {
    if (open) setEditing(undefined);
  }, [open]);

  function backToList() {
    setEditing(undefined);
    // Focus returns to where the list starts, not to the page behind the dialog.
    setTimeout(() => addRef.current?.focus(), 0);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Blackout Periods</DialogTitle>
          <DialogDescription>Periods when communications should not go out. Scheduled communications that fall inside one are flagged on the schedule.</DialogDescription>
        </DialogHeader>
        {editing !== undefined ? (
          <BlackoutEditor key={editing?.id ?? 'new'} blackout={editing} onDone={backToList} />
        ) : (
          <>
            {isLoading ? (
              <p role="status" className="text-sm text-slate-600">
                Loading blackout periods...
              </p>
            ) : isError ? (
              <p role="alert" className="text-sm text-red-700">
                Could not load the blackout periods.
              </p>
            ) : (blackouts ?? []).length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-slate-300 p-6 text-center">
                <CalendarOff className="h-8 w-8 text-slate-500" aria-hidden="true" />
                <p className="font-medium text-slate-900">No blackout periods</p>
                <p className="text-sm text-slate-600">Add one for freezes, holidays or busy periods.</p>
              </div>
            ) : (
              <ul className="grid max-h-[50vh] gap-2 overflow-y-auto" aria-label="Blackout periods">
                {(blackouts ?? []).map((b) => (
                  <li key={b.id} className="flex items-start justify-between gap-3 rounded-md border border-slate-200 p-3 text-sm" data-testid="blackout-row">
                    <div className="grid gap-0.5">
                      <span className="font-medium text-slate-900">{b.name}</span>
                      <span className="text-slate-700">
                        {blackoutRange(b.startDate, b.endDate)}
                        {b.endDate < today && <span className="text-slate-600"> (past)</span>}
                      </span>
                      <span className="text-xs text-slate-600">Audiences: {blackoutAudiences(b.audienceIds, audiences ?? [])}</span>
                    </div>
                    <CanEdit>
                      <div className="flex shrink-0 gap-1">
                        <IconButton label={`Edit ${b.name}`} onClick={() => setEditing(b)}>
                          <Pencil className="h-4 w-4" aria-hidden="true" />
                        </IconButton>
                        <IconButton
                          label={`Delete ${b.name}`}
                          className="text-red-700 hover:text-red-800"
                          onClick={() => {
                            if (window.confirm(BLACKOUT_DELETE_CONFIRM)) remove.mutate(b.id);
                          }}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </IconButton>
                      </div>
                    </CanEdit>
                  </li>
                ))}
              </ul>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              <CanEdit>
                <Button ref={addRef} onClick={() => setEditing(null)}>
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  Add Blackout Period
                </Button>
              </CanEdit>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
