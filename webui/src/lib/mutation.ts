import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api';
import { invalidateAfter, type Entity } from './queryClient';
import { toast } from './toast';

/** ToastText is a toast's title, or its title and description. */
export type ToastText = string | { title: string; description?: string };

/** FailureText is a failure toast, fixed or chosen by the error (spec 02 §8 tells a non-OK answer from a network error). */
export type FailureText = ToastText | ((err: Error) => ToastText);

function asToast(t: ToastText): { title: string; description?: string } {
  return typeof t === 'string' ? { title: t } : t;
}

/** ApiMutationOptions describe one kind of change: the call, what it affects, and the spec's toasts. */
export interface ApiMutationOptions<V, T = unknown> {
  request: (vars: V) => { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown };
  entity: Entity;
  /** success is the toast after the change; a function can name what changed (e.g. a count). */
  success: ToastText | ((data: T, vars: V) => ToastText);
  failure: FailureText;
  onSuccess?: () => void;
}

/**
 * useApiMutation runs a change, then refetches the affected lists and shows
 * the success toast, or shows the fixed failure toast (the screens never show
 * server detail, spec 01 §8).
 */
export function useApiMutation<T = unknown, V = void>(opts: ApiMutationOptions<V, T>) {
  return useMutation<T, Error, V>({
    mutationFn: (vars) => {
      const r = opts.request(vars);
      return apiRequest<T>(r.method, r.url, r.body);
    },
    onSuccess: async (data, vars) => {
      toast(asToast(typeof opts.success === 'function' ? opts.success(data, vars) : opts.success));
      opts.onSuccess?.();
      await invalidateAfter(opts.entity);
    },
    onError: (err) => {
      toast({ ...asToast(typeof opts.failure === 'function' ? opts.failure(err) : opts.failure), variant: 'destructive' });
    },
  });
}
