import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { SelectField, TextareaField } from '@/components/FormFields';
import { sortValue, MISSING_SORT_ORDER } from '@/lib/questions';
import { recordDialog } from '@/lib/recordDialog';
import type { Question } from '@/lib/types';
import { useThemes } from '@/hooks/themes';
import { fetchThemeQuestions, useCreateQuestion, useUpdateQuestion } from '@/hooks/questions';

const schema = z.object({
  themeId: z.string().min(1, 'Theme is required'),
  question: z.string().trim().min(1, 'Question is required'),
  description: z.string(),
});
type FormValues = z.infer<typeof schema>;

/** nextSortOrder places a new question after the last one of its theme. */
function nextSortOrder(questions: Question[] | undefined, themeId: string): number {
  const orders = (questions ?? []).filter((q) => q.themeId === themeId).map((q) => sortValue(q.sortOrder)).filter((n) => n !== MISSING_SORT_ORDER);
  return orders.length === 0 ? 1 : Math.max(...orders) + 1;
}

/** QuestionDialog creates a question, or edits question when given. */
export default function QuestionDialog({
  open,
  onOpenChange,
  question,
  defaultThemeId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  question?: Question;
  defaultThemeId?: string;
}) {
  const { data: themes } = useThemes();
  const { dialog, save } = recordDialog({ open, onOpenChange, noun: 'Question', id: question?.id, create: useCreateQuestion(), update: useUpdateQuestion() });
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: { themeId: '', question: '', description: '' } });

  useEffect(() => {
    if (!open) return;
    form.reset(
      question
        ? { themeId: question.themeId, question: question.question, description: question.description ?? '' }
        : { themeId: defaultThemeId ?? '', question: '', description: '' },
    );
  }, [open, question, defaultThemeId, form]);

  async function onSubmit(values: FormValues) {
    // An edit keeps the position unless the question moves to another theme;
    // the place after the last is read from that theme's questions alone.
    const sortOrder =
      question && values.themeId === question.themeId
        ? sortValue(question.sortOrder)
        : nextSortOrder(await fetchThemeQuestions(values.themeId).catch(() => []), values.themeId);
    save({ ...values, sortOrder });
  }

  const themeOptions = (themes ?? []).map((t) => ({ value: t.id, label: t.name }));

  return (
    <FormDialog
      {...dialog}
      description="Questions guide the content written for a theme."
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <SelectField
        form={form}
        name="themeId"
        id="question-theme"
        label="Theme"
        hint={themes && themes.length === 0 ? 'Create a theme first: questions belong to a theme.' : undefined}
        options={themeOptions}
        placeholder="Select a theme"
      />
      <TextareaField form={form} name="question" id="question-text" label="Question" rows={3} placeholder="e.g., What changes for field technicians on day one?" />
      <TextareaField form={form} name="description" id="question-description" label="Description (optional)" rows={2} placeholder="Context or guidance for writers" />
    </FormDialog>
  );
}
