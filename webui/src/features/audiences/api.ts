import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '@/lib/mutation';
import type { Audience, JobTitle, Reference } from '@/lib/types';

/** AudienceInput is the create and update payload of an audience. */
export type AudienceInput = Omit<Audience, 'id' | 'createdAt'>;

/** useAudiences lists the stored audiences. */
export function useAudiences() {
  return useQuery<Audience[]>({ queryKey: ['/api/audiences'] });
}

/** useReference loads the organisation reference data (totals, divisions, locations). */
export function useReference() {
  return useQuery<Reference>({ queryKey: ['/api/reference'] });
}

/** useJobTitles loads the Roles Database. */
export function useJobTitles() {
  return useQuery<JobTitle[]>({ queryKey: ['/api/job-titles'] });
}

/** useCreateAudience creates an audience. */
export function useCreateAudience() {
  return useApiMutation<Audience, AudienceInput>({
    request: (body) => ({ method: 'POST', url: '/api/audiences', body }),
    entity: 'audiences',
    success: 'Audience created successfully!',
    failure: 'Failed to create audience',
  });
}

/** useUpdateAudience updates an audience. */
export function useUpdateAudience() {
  return useApiMutation<Audience, { id: string; data: Partial<AudienceInput> }>({
    request: ({ id, data }) => ({ method: 'PUT', url: `/api/audiences/${id}`, body: data }),
    entity: 'audiences',
    success: 'Audience updated successfully!',
    failure: 'Failed to update audience',
  });
}

/** useDeleteAudience deletes an audience; communications that targeted it keep going without one. */
export function useDeleteAudience() {
  return useApiMutation<void, string>({
    request: (id) => ({ method: 'DELETE', url: `/api/audiences/${id}` }),
    entity: 'audiences',
    success: 'Audience deleted successfully',
    failure: 'Failed to delete audience',
  });
}
