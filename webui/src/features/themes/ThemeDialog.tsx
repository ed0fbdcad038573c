import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { InputField, SelectField, TextareaField } from '@/components/FormFields';
import { recordDialog } from '@/lib/recordDialog';
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
  const { dialog, save } = recordDialog({ open, onOpenChange, noun: 'Theme', id: theme?.id, create: useCreateTheme(), update: useUpdateTheme() });
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: defaults });

  useEffect(() => {
    if (open) form.reset(theme ? { name: theme.name, description: theme.description, icon: theme.icon, color: theme.color } : defaults);
  }, [open, theme, form]);

  function onSubmit(values: FormValues) {
    save(values);
  }

  return (
    <FormDialog
      {...dialog}
      description="Themes group the questions and communications of one topic."
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <InputField form={form} name="name" id="theme-name" label="Theme Name" placeholder="e.g., System Go-Live" />
      <TextareaField form={form} name="description" id="theme-description" label="Description" rows={3} placeholder="What this theme is about" />
      <div className="grid grid-cols-2 gap-4">
        <SelectField form={form} name="icon" id="theme-icon" label="Icon" options={withCurrent(themeIcons, theme?.icon)} />
        <SelectField form={form} name="color" id="theme-color" label="Color" options={withCurrent(themeColors, theme?.color)} />
      </div>
    </FormDialog>
  );
}
