import { crudMessages, resource } from '@/lib/resource';
import type { Content, ContentType } from '@/lib/types';

/** ContentInput is the create and update payload of a content piece. */
export interface ContentInput {
  title: string;
  type: ContentType;
  description: string;
  content: string;
  url: string;
  questionIds: string[];
}

/** content: the library; deleting a piece removes its question links. */
const content = resource<Content, ContentInput>({ path: '/api/content', entity: 'content', messages: crudMessages('Content', 'content') });

export const useContent = content.useList;
export const useCreateContent = content.useCreate;
export const useUpdateContent = content.useUpdate;
export const useDeleteContent = content.useDelete;
