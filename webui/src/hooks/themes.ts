import { crudMessages, resource } from '@/lib/resource';
import type { Theme } from '@/lib/types';

/** ThemeInput is the create and update payload of a theme. */
export interface ThemeInput {
  name: string;
  description: string;
  icon: string;
  color: string;
}

/** themes: the list with counts; deleting a theme also deletes its questions and their links. */
const themes = resource<Theme, ThemeInput>({ path: '/api/themes', entity: 'themes', messages: crudMessages('Theme', 'theme') });

export const useThemes = themes.useList;
export const useCreateTheme = themes.useCreate;
export const useUpdateTheme = themes.useUpdate;
export const useDeleteTheme = themes.useDelete;
