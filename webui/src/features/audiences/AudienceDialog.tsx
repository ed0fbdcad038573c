import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { InputField, NumberField, TextareaField } from '@/components/FormFields';
import { newAudience } from '@/lib/audiences';
import { recordDialog } from '@/lib/recordDialog';
import type { Audience } from '@/lib/types';
import { useCreateAudience, useUpdateAudience } from '@/hooks/audiences';
import { useReference } from '@/hooks/reference';
import { useAudienceCount, useDirectoryFacets } from '@/hooks/directory';

const schema = z.object({
  name: z.string().trim().min(1, 'Audience name is required'),
  description: z.string(),
  contactCount: z.number({ message: 'Contact count must be a number' }).int('Contact count must be a whole number').min(0, 'Contact count cannot be negative'),
  // The server keeps it to 500 characters (domain.MaxName).
  greeting: z.string().trim().max(500, 'Greeting must be at most 500 characters'),
});
type FormValues = z.infer<typeof schema>;

const empty: FormValues = { name: '', description: '', contactCount: 0, greeting: '' };

/** AudienceDialog creates an audience, or edits audience when given. */
export default function AudienceDialog({ open, onOpenChange, audience }: { open: boolean; onOpenChange: (open: boolean) => void; audience?: Audience }) {
  const { dialog, save } = recordDialog({ open, onOpenChange, noun: 'Audience', id: audience?.id, create: useCreateAudience(), update: useUpdateAudience() });
  const { data: reference } = useReference();
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: empty });
  const listId = useId();
  const facets = useDirectoryFacets().data;
  // The dataset's divisions, and those only the directory has (an import
  // brought them in); the latter have no location of their own.
  const divisions = useMemo(() => {
    const known = reference?.divisions ?? [];
    const extra = (facets?.divisions ?? []).filter((f) => !known.some((d) => d.label === f.value)).map((f) => ({ id: f.value, label: f.value, location: '', count: f.count }));
    return [...known, ...extra];
  }, [reference, facets]);

  useEffect(() => {
    if (!open) return;
    form.reset(
      audience ? { name: audience.name, description: audience.description ?? '', contactCount: Number(audience.contactCount) || 0, greeting: audience.greeting ?? '' } : empty,
    );
  }, [open, audience, form]);

  // Picking a division name fills in its head count unless the user typed a count.
  const autoCount = useRef<number | null>(null);
  const nameRules = {
    onChange: (e: { target: { value: string } }) => {
      const d = divisions.find((x) => x.label === e.target.value);
      const current = form.getValues('contactCount');
      if (d && (!current || Number.isNaN(current) || current === autoCount.current)) {
        form.setValue('contactCount', d.count, { shouldValidate: true });
        autoCount.current = d.count;
      }
    },
  };

  // While a directory is loaded the server counts the members live: the
  // form shows what the name's criteria would count.
  const watchedName = form.watch('name');
  const criteria = newAudience({ name: watchedName ?? '', description: '', contactCount: 0 }, divisions);
  const live = useAudienceCount({ divisions: criteria.divisions, locations: criteria.locations }, open);

  function onSubmit(values: FormValues) {
    // A new audience takes its division's location; an edit changes only the form's fields.
    save(newAudience(values, divisions), values);
  }

  return (
    <FormDialog
      {...dialog}
      description="Audiences are the employee segments your communications target."
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <InputField
        form={form}
        name="name"
        rules={nameRules}
        id="audience-name"
        label="Audience Name"
        hint="Usually a division, such as “SFB - California”."
        list={listId}
        autoComplete="off"
        placeholder="e.g., SFB - California"
      />
      <datalist id={listId}>
        {divisions.map((d) => (
          <option key={d.id} value={d.label} />
        ))}
      </datalist>
      <TextareaField form={form} name="description" id="audience-description" label="Description (optional)" rows={3} placeholder="Who this audience is" />
      <NumberField form={form} name="contactCount" id="audience-contacts" label="Contact Count" min={0} />
      <InputField
        form={form}
        name="greeting"
        id="audience-greeting"
        label="Greeting (optional)"
        hint="Whom drafts for this audience greet: “Worcester crew” gives “Hello, Worcester crew,”. Empty: a division is greeted as its team (“Massachusetts team”)."
        autoComplete="off"
        placeholder="e.g., Worcester crew"
      />
      {live.data?.contactCount != null && (
        <p className="text-sm text-slate-700" data-testid="audience-live-count" aria-live="polite">
          {live.data.contactCount.toLocaleString('en-US')} {live.data.contactCount === 1 ? 'employee' : 'employees'} in the directory
          {live.data.asOf && ` as of ${new Date(live.data.asOf).toLocaleDateString('en-US')}`}; saved audiences count them live.
        </p>
      )}
    </FormDialog>
  );
}
