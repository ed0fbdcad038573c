import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '@/lib/mutation';
import type { Theme } from '@/lib/types';

/** ThemeInput is the create and update payload of a theme. */
export interface ThemeInput {
  name: string;
  description: string;
  icon: string;
  color: string;
}

/** useThemes lists the themes with their counts. */
export function useThemes() {
  return useQuery<Theme[]>({ queryKey: ['/api/themes'] });
}

/** useCreateTheme creates a theme. */
export function useCreateTheme() {
  return useApiMutation<Theme, ThemeInput>({
    request: (body) => ({ method: 'POST', url: '/api/themes', body }),
    entity: 'themes',
    success: 'Theme created successfully!',
    failure: 'Failed to create theme',
  });
}

/** useUpdateTheme updates a theme. */
export function useUpdateTheme() {
  return useApiMutation<Theme, { id: string; data: ThemeInput }>({
    request: ({ id, data }) => ({ method: 'PUT', url: `/api/themes/${id}`, body: data }),
    entity: 'themes',
    success: 'Theme updated successfully!',
    failure: 'Failed to update theme',
  });
}

/** useDeleteTheme deletes a theme, its questions and their links. */
export function useDeleteTheme() {
  return useApiMutation<void, string>({
    request: (id) => ({ method: 'DELETE', url: `/api/themes/${id}` }),
    entity: 'themes',
    success: 'Theme deleted successfully',
    failure: 'Failed to delete theme',
  });
}
