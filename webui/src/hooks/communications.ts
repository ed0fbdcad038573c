import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateAfter, queryClient } from '@/lib/queryClient';
import { crudMessages, resource } from '@/lib/resource';
import { toast, toastError } from '@/lib/toast';
import type { Communication, CommunicationInput, CommunicationStatus } from '@/lib/types';

const path = '/api/communications';
const key = [path];
const messages = crudMessages('Communication', 'communication');

/** communications: the list embeds each one's theme, audience and vehicle. */
const communications = resource<Communication, CommunicationInput>({ path, entity: 'communications', messages });

export const useCommunications = communications.useList;
export const useCreateCommunication = communications.useCreate;
export const useUpdateCommunication = communications.useUpdate;
export const useDeleteCommunication = communications.useDelete;

/** RescheduleInput moves one communication: its new status and scheduledDate. */
export interface RescheduleInput {
  id: string;
  status: CommunicationStatus;
  scheduledDate: string;
}

/**
 * useReschedule moves a communication to another day: the list changes at
 * once, rolls back with the update failure toast if the save fails, and is
 * refetched either way.
 */
export function useReschedule() {
  return useMutation<Communication, Error, RescheduleInput, { previous?: Communication[] }>({
    mutationFn: ({ id, status, scheduledDate }) => apiRequest('PUT', `${path}/${id}`, { status, scheduledDate }),
    onMutate: async ({ id, status, scheduledDate }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Communication[]>(key);
      if (previous) queryClient.setQueryData<Communication[]>(key, previous.map((c) => (c.id === id ? { ...c, status, scheduledDate } : c)));
      return { previous };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx?.previous) queryClient.setQueryData(key, ctx.previous);
      toastError(messages.updateFailed);
    },
    onSuccess: () => {
      toast({ title: messages.updated });
    },
    onSettled: () => invalidateAfter('communications'),
  });
}
