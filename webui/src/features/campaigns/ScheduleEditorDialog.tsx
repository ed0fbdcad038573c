import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CanEdit, OpenFormButton } from '@/components/CanEdit';
import { FormDialog } from '@/components/FormDialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import {
  ACTIVITY_PRIORITIES,
  ACTIVITY_STATUSES,
  activityFromForm,
  activityValues,
  addActivity,
  deleteActivity,
  deleteActivityConfirm,
  emptyActivity,
  priorityClass,
  priorityLabel,
  shortDate,
  statusLabel,
  updateActivity,
  validateActivity,
  type ActivityErrors,
  type ActivityFormValues,
  type CampaignActivity,
  type CampaignPhase,
  type CampaignSchedule,
  type CheckFinding,
} from '@/lib/campaigns';
import { ActivityFindings, FindingsPanel, useActivityFindings } from './FindingsPanel';

/** ScheduleChange names what an edit did, so the host can pick its toast. */
export type ScheduleChange = 'added' | 'updated' | 'deleted';

/** ScheduleEditorDialogProps: the schedule being edited and where each change goes. */
export interface ScheduleEditorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  schedule: CampaignSchedule;
  /**
   * onChange receives the schedule after each add, edit or delete (spec 02
   * §4's rules already applied). A returned promise keeps the activity form
   * open and busy until it settles; a rejection keeps the form open.
   */
  onChange: (next: CampaignSchedule, change: ScheduleChange) => void | Promise<unknown>;
}

const priorityOptions = ACTIVITY_PRIORITIES.map((p) => ({ value: p, label: priorityLabel(p) }));
const statusOptions = ACTIVITY_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

/** Editing is what the activity form works on: a new activity of a phase, or an existing one. */
type Editing = { kind: 'add'; phase: CampaignPhase } | { kind: 'edit'; activity: CampaignActivity };

/**
 * ScheduleEditorDialog edits a campaign schedule's activities by phase: Add
 * Activity, edit and delete (after a confirm). It shows no toasts; the
 * host persists or keeps the change and says so.
 */
export default function ScheduleEditorDialog({ open, onOpenChange, title, schedule, onChange }: ScheduleEditorDialogProps) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const phases = schedule.phases ?? [];
  const byActivity = useActivityFindings(schedule);

  async function remove(a: CampaignActivity) {
    if (!window.confirm(deleteActivityConfirm(a.title))) return;
    try {
      await onChange(deleteActivity(schedule, a.id), 'deleted');
    } catch {
      // The host reports the failure.
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{title ?? 'Edit Campaign Schedule'}</DialogTitle>
          <DialogDescription data-testid="editor-total">
            {schedule.campaignName || schedule.name}: {schedule.totalActivities} {schedule.totalActivities === 1 ? 'activity' : 'activities'} across{' '}
            {phases.length} phases
          </DialogDescription>
        </DialogHeader>
        {phases.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">No campaign phases have been generated yet.</p>
        ) : (
          <div className="grid gap-4">
            {/* The checker's findings beside the plan, refreshed on every edit. */}
            <FindingsPanel schedule={schedule} />
            {phases.map((p) => (
              <PhaseSection
                key={p.id}
                phase={p}
                findings={byActivity}
                onAdd={() => setEditing({ kind: 'add', phase: p })}
                onEdit={(a) => setEditing({ kind: 'edit', activity: a })}
                onDelete={remove}
              />
            ))}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
        <ActivityFormDialog
          editing={editing}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            if (!editing) return;
            const next =
              editing.kind === 'add'
                ? addActivity(schedule, editing.phase.id, activityFromForm(values))
                : updateActivity(schedule, activityFromForm(values, editing.activity));
            await onChange(next, editing.kind === 'add' ? 'added' : 'updated');
            setEditing(null);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function PhaseSection({
  phase,
  findings,
  onAdd,
  onEdit,
  onDelete,
}: {
  phase: CampaignPhase;
  findings: Map<string, CheckFinding[]>;
  onAdd: () => void;
  onEdit: (a: CampaignActivity) => void;
  onDelete: (a: CampaignActivity) => void;
}) {
  const headingId = useId();
  const activities = phase.activities ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-slate-200 p-4" data-testid={`editor-phase-${phase.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {phase.name}
          </h3>
          <p className="text-xs text-slate-600">
            {phase.duration} · {activities.length} {activities.length === 1 ? 'activity' : 'activities'}
          </p>
          {phase.description && <p className="mt-1 text-sm text-slate-700">{phase.description}</p>}
        </div>
        {/* A role without plan.edit adds and deletes nothing; View opens the activity read-only. */}
        <CanEdit>
          <Button size="sm" variant="outline" onClick={onAdd} aria-label={`Add Activity to ${phase.name}`}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Activity
          </Button>
        </CanEdit>
      </div>
      {activities.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No activities in this phase</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {activities.map((a) => (
            <li key={a.id} className="flex items-start justify-between gap-3 rounded-md bg-slate-50 p-3" data-testid="editor-activity">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{a.title}</p>
                <p className="text-xs text-slate-600">
                  {shortDate(a.date)} · {a.timing} · {a.type} · {a.channel} · {a.audience}
                </p>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge className={priorityClass(a.priority)}>{priorityLabel(a.priority)}</Badge>
                  <Badge variant="outline">{statusLabel(a.status || 'planned')}</Badge>
                  <ActivityFindings findings={findings.get(a.id)} />
                </div>
              </div>
              <div className="flex shrink-0 gap-1">
                <OpenFormButton name={a.title} onClick={() => onEdit(a)} />
                <CanEdit>
                  <IconButton label={`Delete ${a.title}`} onClick={() => onDelete(a)}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                </CanEdit>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const textFields: { name: keyof ActivityFormValues; label: string; placeholder: string }[] = [
  { name: 'title', label: 'Title', placeholder: 'e.g. Leadership kickoff briefing' },
  { name: 'type', label: 'Type', placeholder: 'e.g. Announcement' },
  { name: 'timing', label: 'Timing', placeholder: 'e.g. Day 5' },
  { name: 'audience', label: 'Audience', placeholder: 'e.g. All employees' },
  { name: 'channel', label: 'Channel', placeholder: 'e.g. email' },
];

/** ActivityFormDialog is the activity form (spec 02 §4): every field required, planned and medium by default. */
function ActivityFormDialog({
  editing,
  onClose,
  onSave,
}: {
  editing: Editing | null;
  onClose: () => void;
  onSave: (values: ActivityFormValues) => Promise<void>;
}) {
  const [values, setValues] = useState<ActivityFormValues>(emptyActivity);
  const [errors, setErrors] = useState<ActivityErrors>({});
  const [pending, setPending] = useState(false);
  const idBase = useId();
  const id = (f: string) => `${idBase}-${f}`;

  useEffect(() => {
    if (!editing) return;
    setValues(editing.kind === 'edit' ? activityValues(editing.activity) : emptyActivity());
    setErrors({});
    setPending(false);
  }, [editing]);

  const set = (f: keyof ActivityFormValues) => (v: string) => {
    setValues((prev) => ({ ...prev, [f]: v }));
    if (errors[f]) setErrors((prev) => ({ ...prev, [f]: undefined }));
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = validateActivity(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await onSave(values);
    } catch {
      // The host reported it; the form stays open with the planner's input.
    } finally {
      setPending(false);
    }
  }

  const isEdit = editing?.kind === 'edit';
  return (
    <FormDialog
      open={editing !== null}
      onOpenChange={(o) => !o && onClose()}
      title={isEdit ? 'Edit Activity' : 'Add Activity'}
      description={editing?.kind === 'add' ? `New activity in ${editing.phase.name}` : 'Change the activity and save it.'}
      onSubmit={submit}
      pending={pending}
      submitLabel={isEdit ? 'Update Activity' : 'Add Activity'}
      className="max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {textFields.map((f) => (
          <Field key={f.name} id={id(f.name)} label={f.label} error={errors[f.name]}>
            <Input
              id={id(f.name)}
              value={values[f.name]}
              placeholder={f.placeholder}
              onChange={(e) => set(f.name)(e.target.value)}
              {...fieldAria(id(f.name), errors[f.name])}
            />
          </Field>
        ))}
        <Field id={id('date')} label="Date" error={errors.date}>
          <Input id={id('date')} type="date" value={values.date} onChange={(e) => set('date')(e.target.value)} {...fieldAria(id('date'), errors.date)} />
        </Field>
        <Field id={id('priority')} label="Priority" error={errors.priority}>
          <Select id={id('priority')} value={values.priority} onValueChange={set('priority')} options={priorityOptions} aria-invalid={!!errors.priority} />
        </Field>
        <Field id={id('status')} label="Status" error={errors.status}>
          <Select id={id('status')} value={values.status} onValueChange={set('status')} options={statusOptions} aria-invalid={!!errors.status} />
        </Field>
      </div>
      <Field id={id('description')} label="Description" error={errors.description}>
        <Textarea
          id={id('description')}
          rows={3}
          value={values.description}
          onChange={(e) => set('description')(e.target.value)}
          {...fieldAria(id('description'), errors.description)}
        />
      </Field>
    </FormDialog>
  );
}
