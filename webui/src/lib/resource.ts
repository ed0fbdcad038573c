import { useQuery } from '@tanstack/react-query';
import { useApiMutation, type FailureText } from './mutation';
import type { Entity } from './queryClient';

/** ResourceMessages are the spec's toasts of one resource's changes. */
export interface ResourceMessages {
  created: string;
  updated: string;
  deleted: string;
  createFailed: FailureText;
  updateFailed: FailureText;
  deleteFailed: FailureText;
}

/** ResourceConfig names a REST resource: its list path, what it invalidates and its toasts. */
export interface ResourceConfig {
  /** path is the list path, e.g. '/api/themes'; records live at `${path}/{id}`. */
  path: string;
  entity: Entity;
  messages: ResourceMessages;
}

/**
 * resource declares the list query and the create, update and delete
 * mutations of one REST resource, so every feature's api.ts is a
 * declaration, not a copy. T is the record, I the create/update payload.
 */
export function resource<T, I>(cfg: ResourceConfig) {
  const { path, entity, messages: m } = cfg;
  return {
    /** useList lists the records (query key: the list path). */
    useList: () => useQuery<T[]>({ queryKey: [path] }),
    /** useCreate creates a record. */
    useCreate: () =>
      useApiMutation<T, I>({
        request: (body) => ({ method: 'POST', url: path, body }),
        entity,
        success: m.created,
        failure: m.createFailed,
      }),
    /** useUpdate updates a record; absent fields keep their stored value. */
    useUpdate: () =>
      useApiMutation<T, { id: string; data: Partial<I> }>({
        request: ({ id, data }) => ({ method: 'PUT', url: `${path}/${id}`, body: data }),
        entity,
        success: m.updated,
        failure: m.updateFailed,
      }),
    /** useDelete deletes a record by id. */
    useDelete: () =>
      useApiMutation<void, string>({
        request: (id) => ({ method: 'DELETE', url: `${path}/${id}` }),
        entity,
        success: m.deleted,
        failure: m.deleteFailed,
      }),
  };
}

/** crudMessages builds the spec's usual toasts for a noun ("Theme", "theme"). */
export function crudMessages(title: string, lower: string): Record<keyof ResourceMessages, string> {
  return {
    created: `${title} created successfully!`,
    updated: `${title} updated successfully!`,
    deleted: `${title} deleted successfully`,
    createFailed: `Failed to create ${lower}`,
    updateFailed: `Failed to update ${lower}`,
    deleteFailed: `Failed to delete ${lower}`,
  };
}
