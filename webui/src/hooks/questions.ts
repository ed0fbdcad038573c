import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { crudMessages, resource } from '@/lib/resource';
import { invalidateAfter, queryClient } from '@/lib/queryClient';
import { applyOrders } from '@/lib/questions';
import { toast, toastError } from '@/lib/toast';
import type { Question } from '@/lib/types';

const key = ['/api/questions'];

/** QuestionInput is the create and update payload of a question. */
export interface QuestionInput {
  themeId: string;
  question: string;
  description: string;
  sortOrder?: number;
}

/** ReorderInput is the body of PUT /api/questions/reorder. */
export interface ReorderInput {
  themeId: string;
  questionOrders: { id: string; sortOrder: number }[];
}

/** questions: all questions with their content counts; deleting one removes its content links. */
const questions = resource<Question, QuestionInput>({
  path: '/api/questions',
  entity: 'questions',
  messages: crudMessages('Question', 'question'),
});

export const useQuestions = questions.useList;
export const useCreateQuestion = questions.useCreate;
export const useUpdateQuestion = questions.useUpdate;
export const useDeleteQuestion = questions.useDelete;

/** useReorderQuestions sends a theme's new order; the list moves at once and rolls back on failure. */
export function useReorderQuestions() {
  return useMutation<unknown, Error, ReorderInput, { previous?: Question[] }>({
    mutationFn: (body) => apiRequest('PUT', '/api/questions/reorder', body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Question[]>(key);
      if (previous) queryClient.setQueryData<Question[]>(key, applyOrders(previous, body.questionOrders));
      return { previous };
    },
    onError: (_err, _body, ctx) => {
      if (ctx?.previous) queryClient.setQueryData(key, ctx.previous);
      toastError('Failed to reorder questions');
    },
    onSuccess: () => {
      toast({ title: 'Questions reordered successfully' });
    },
    onSettled: () => invalidateAfter('questions'),
  });
}
