import { useQuery } from '@tanstack/react-query';
import { crudMessages, resource } from '@/lib/resource';
import type { Audience, JobTitle } from '@/lib/types';

/** AudienceInput is the create and update payload of an audience. */
export type AudienceInput = Omit<Audience, 'id' | 'createdAt'>;

/** useJobTitles loads the Roles Database. */
export function useJobTitles() {
  return useQuery<JobTitle[]>({ queryKey: ['/api/job-titles'] });
}

/** audiences: deleting one leaves its communications without an audience. */
const audiences = resource<Audience, AudienceInput>({
  path: '/api/audiences',
  entity: 'audiences',
  messages: crudMessages('Audience', 'audience'),
});

export const useAudiences = audiences.useList;
export const useCreateAudience = audiences.useCreate;
export const useUpdateAudience = audiences.useUpdate;
export const useDeleteAudience = audiences.useDelete;
