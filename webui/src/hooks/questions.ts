import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiPage, apiRequest, type Page } from '@/lib/api';
import { crudMessages, resource } from '@/lib/resource';
import { invalidateAfter, queryClient } from '@/lib/queryClient';
import { applyOrders, questionSearchPath, themeQuestionsPath } from '@/lib/questions';
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

/** useAllQuestions is useQuestions, off until enabled (the Questions screen reads the whole list only while it is one page). */
export function useAllQuestions(enabled: boolean) {
  return useQuery<Question[]>({ queryKey: key, enabled });
}

/** useThemeQuestions reads one theme's questions; off while themeId is empty or enabled is false. */
export function useThemeQuestions(themeId: string, enabled = true) {
  return useQuery<Question[]>({ queryKey: [themeQuestionsPath(themeId)], enabled: enabled && themeId !== '' });
}

/** fetchThemeQuestions reads one theme's questions, from the cache when they are there. */
export function fetchThemeQuestions(themeId: string): Promise<Question[]> {
  return queryClient.ensureQueryData<Question[]>({ queryKey: [themeQuestionsPath(themeId)] });
}

/** useQuestion reads one question (a link to one not on screen); off while id is empty. */
export function useQuestion(id: string) {
  return useQuery<Question>({ queryKey: [`/api/questions/${encodeURIComponent(id)}`], enabled: id !== '' });
}

/**
 * useQuestionSearch asks the server for the first limit questions whose
 * text or description holds q (within themeId when given), with how many
 * match in all; off while q is blank.
 */
export function useQuestionSearch(q: string, themeId: string, limit: number) {
  const path = questionSearchPath(q, themeId, limit);
  return useQuery<Page<Question>>({
    queryKey: [path],
    queryFn: () => apiPage<Question>(path),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
export const useCreateQuestion = questions.useCreate;
export const useUpdateQuestion = questions.useUpdate;
export const useDeleteQuestion = questions.useDelete;

/** useReorderQuestions sends a theme's new order; the lists holding it (the whole list, the theme's) move at once and roll back on failure. */
export function useReorderQuestions() {
  return useMutation<unknown, Error, ReorderInput, { previous: [readonly unknown[], Question[] | undefined][] }>({
    mutationFn: (body) => apiRequest('PUT', '/api/questions/reorder', body),
    onMutate: async (body) => {
      const keys = [key, [themeQuestionsPath(body.themeId)]];
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey, exact: true })));
      const previous = keys.map((k) => [k, queryClient.getQueryData<Question[]>(k)] as [readonly unknown[], Question[] | undefined]);
      for (const [k, list] of previous) if (list) queryClient.setQueryData<Question[]>(k, applyOrders(list, body.questionOrders));
      return { previous };
    },
    onError: (_err, _body, ctx) => {
      for (const [k, list] of ctx?.previous ?? []) if (list) queryClient.setQueryData(k, list);
      toastError('Failed to reorder questions');
    },
    onSuccess: () => {
      toast({ title: 'Questions reordered successfully' });
    },
    onSettled: () => invalidateAfter('questions'),
  });
}
