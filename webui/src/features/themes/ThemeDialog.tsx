import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { themeColors, themeIcons } from '@/lib/themeOptions';
import type { Theme } from '@/lib/types';
import { useCreateTheme, useUpdateTheme } from '@/hooks/themes';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  description: z.string().trim().min(1, 'Description is required'),
  icon: z.string().min(1),
  color: z.string().min(1),
});
type FormValues = z.infer<typeof schema>;

// The form defaults differ from the stored defaults (fa-tag, blue) on purpose (spec 01 §9).
const defaults: FormValues = { name: '', description: '', icon: 'fa-rocket', color: 'blue' };

/** withCurrent keeps a stored value selectable even when the form does not offer it. */
function withCurrent(options: readonly { value: string; label: string }[], current?: string) {
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
}

/** ThemeDialog creates a theme, or edits theme when given. */
export default function ThemeDialog({ open, onOpenChange, theme }: { open: boolean; onOpenChange: (open: boolean) => void; theme?: Theme }) {
  const create = useCreateTheme();
  const update = useUpdateTheme();
  const pending = create.isPending || update.isPending;
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: defaults });
  const errors = form.formState.errors;

  useEffect(() => {
    if (open) form.reset(theme ? { name: theme.name, description: theme.description, icon: theme.icon, color: theme.color } : defaults);
  }, [open, theme, form]);

  function onSubmit(values: FormValues) {
    const close = { onSuccess: () => onOpenChange(false) };
    if (theme) update.mutate({ id: theme.id, data: values }, close);
    else create.mutate(values, close);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={theme ? 'Edit Theme' : 'Create New Theme'}
      description="Themes group the questions and communications of one topic."
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      submitLabel={theme ? 'Update Theme' : 'Create Theme'}
    >
      <Field id="theme-name" label="Theme Name" error={errors.name?.message}>
        <Input id="theme-name" placeholder="e.g., System Go-Live" {...form.register('name')} {...fieldAria('theme-name', errors.name?.message)} />
      </Field>
      <Field id="theme-description" label="Description" error={errors.description?.message}>
        <Textarea
          id="theme-description"
          rows={3}
          placeholder="What this theme is about"
          {...form.register('description')}
          {...fieldAria('theme-description', errors.description?.message)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="theme-icon" label="Icon">
          <Controller
            control={form.control}
            name="icon"
            render={({ field }) => <Select id="theme-icon" value={field.value} onValueChange={field.onChange} options={withCurrent(themeIcons, theme?.icon)} />}
          />
        </Field>
        <Field id="theme-color" label="Color">
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => <Select id="theme-color" value={field.value} onValueChange={field.onChange} options={withCurrent(themeColors, theme?.color)} />}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
