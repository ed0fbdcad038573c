import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { useApiMutation } from '@/lib/mutation';
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

/** useQuestions lists all questions with their content counts. */
export function useQuestions() {
  return useQuery<Question[]>({ queryKey: key });
}

/** useCreateQuestion creates a question. */
export function useCreateQuestion() {
  return useApiMutation<Question, QuestionInput>({
    request: (body) => ({ method: 'POST', url: '/api/questions', body }),
    entity: 'questions',
    success: 'Question created successfully!',
    failure: 'Failed to create question',
  });
}

/** useUpdateQuestion updates a question. */
export function useUpdateQuestion() {
  return useApiMutation<Question, { id: string; data: QuestionInput }>({
    request: ({ id, data }) => ({ method: 'PUT', url: `/api/questions/${id}`, body: data }),
    entity: 'questions',
    success: 'Question updated successfully!',
    failure: 'Failed to update question',
  });
}

/** useDeleteQuestion deletes a question and its content links. */
export function useDeleteQuestion() {
  return useApiMutation<void, string>({
    request: (id) => ({ method: 'DELETE', url: `/api/questions/${id}` }),
    entity: 'questions',
    success: 'Question deleted successfully',
    failure: 'Failed to delete question',
  });
}

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
