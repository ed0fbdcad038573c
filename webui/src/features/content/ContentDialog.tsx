import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { InputField, SelectField, TextareaField } from '@/components/FormFields';
import { contentTypes } from '@/lib/content';
import { sortQuestions } from '@/lib/questions';
import { recordDialog } from '@/lib/recordDialog';
import type { Content } from '@/lib/types';
import { useAllQuestions } from '@/hooks/questions';
import { useThemes } from '@/hooks/themes';
import { useCreateContent, useUpdateContent } from '@/hooks/content';

function isUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  type: z.enum(['text', 'image', 'video', 'document'], { message: 'Type is required' }),
  description: z.string(),
  content: z.string().trim().min(1, 'Content is required'),
  url: z.string().trim().refine((s) => s === '' || isUrl(s), 'Enter a full URL starting with http:// or https://'),
  questionIds: z.array(z.string()),
});
type FormValues = z.infer<typeof schema>;

const empty: FormValues = { title: '', type: 'text', description: '', content: '', url: '', questionIds: [] };

/** ContentDialog creates a content piece, or edits content when given. */
export default function ContentDialog({ open, onOpenChange, content }: { open: boolean; onOpenChange: (open: boolean) => void; content?: Content }) {
  const { dialog, save } = recordDialog({ open, onOpenChange, noun: 'Content', id: content?.id, create: useCreateContent(), update: useUpdateContent() });
  // The links' choices: read when the dialog opens, not with the Content Library.
  const { data: questions } = useAllQuestions(open);
  const { data: themes } = useThemes();
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: empty });
  const type = form.watch('type');
  const linksId = useId();

  useEffect(() => {
    if (!open) return;
    form.reset(
      content
        ? {
            title: content.title,
            type: content.type,
            description: content.description ?? '',
            content: content.content ?? '',
            url: content.url ?? '',
            questionIds: content.questionIds ?? [],
          }
        : empty,
    );
  }, [open, content, form]);

  function onSubmit(values: FormValues) {
    save(values);
  }

  const themeName = new Map((themes ?? []).map((t) => [t.id, t.name]));

  return (
    <FormDialog
      {...dialog}
      description="A content piece can be linked to the questions it answers."
      className="max-w-2xl"
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <InputField form={form} name="title" id="content-title" label="Title" placeholder="e.g., Go-Live FAQ" />
        </div>
        <SelectField form={form} name="type" id="content-type" label="Type" options={contentTypes} />
      </div>
      <InputField form={form} name="description" id="content-description" label="Description (optional)" placeholder="A one-line summary" />
      <TextareaField form={form} name="content" id="content-body" label="Content" rows={8} placeholder="Write the content..." />
      {type !== 'text' && <InputField form={form} name="url" id="content-url" label="URL (optional)" type="url" placeholder="https://" />}
      {questions && questions.length > 0 && (
        <fieldset className="grid gap-1.5">
          <legend id={linksId} className="mb-1.5 text-sm font-medium text-slate-800">
            Related Questions (optional)
          </legend>
          <Controller
            control={form.control}
            name="questionIds"
            render={({ field }) => (
              <div className="max-h-40 overflow-y-auto rounded-md border border-slate-200 p-2">
                {sortQuestions(questions).map((q) => {
                  const id = `content-q-${q.id}`;
                  const checked = field.value.includes(q.id);
                  return (
                    <div key={q.id} className="flex items-start gap-2 py-1">
                      <input
                        id={id}
                        type="checkbox"
                        className="mt-0.5 h-4 w-4 rounded border-slate-400"
                        checked={checked}
                        onChange={(e) => field.onChange(e.target.checked ? [...field.value, q.id] : field.value.filter((x) => x !== q.id))}
                      />
                      <label htmlFor={id} className="text-sm text-slate-800">
                        {q.question}
                        <span className="ml-1 text-xs text-slate-600">({themeName.get(q.themeId) ?? 'Unknown theme'})</span>
                      </label>
                    </div>
                  );
                })}
              </div>
            )}
          />
        </fieldset>
      )}
    </FormDialog>
  );
}
