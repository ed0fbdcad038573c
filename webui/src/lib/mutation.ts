import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api';
import { invalidateAfter, type Entity } from './queryClient';
import { toast, toastError } from './toast';

/** ApiMutationOptions describe one kind of change: the call, what it affects, and the spec's toasts. */
export interface ApiMutationOptions<V> {
  request: (vars: V) => { method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown };
  entity: Entity;
  success: string;
  failure: string;
  onSuccess?: () => void;
}

/**
 * useApiMutation runs a change, then refetches the affected lists and shows
 * the success toast, or shows the fixed failure toast (the screens never show
 * server detail, spec 01 §8).
 */
export function useApiMutation<T = unknown, V = void>(opts: ApiMutationOptions<V>) {
  return useMutation<T, Error, V>({
    mutationFn: (vars) => {
      const r = opts.request(vars);
      return apiRequest<T>(r.method, r.url, r.body);
    },
    onSuccess: async () => {
      toast({ title: opts.success });
      opts.onSuccess?.();
      await invalidateAfter(opts.entity);
    },
    onError: () => {
      toastError(opts.failure);
    },
  });
}
