import { createContext, useContext } from 'react';

/** CreateKind names a create dialog of the Create New menu. */
export type CreateKind = 'theme' | 'question' | 'content' | 'audience' | 'communication';

/** CreateInit prefills a create dialog: date (YYYY-MM-DD) schedules a new communication on that day. */
export interface CreateInit {
  date?: string;
}

/** OpenCreate opens one of the create dialogs. */
export type OpenCreate = (kind: CreateKind, init?: CreateInit) => void;

/**
 * CreateDialogsContext carries the opener of the create dialogs. The app
 * shell provides it (app/CreateDialogs.tsx); any screen may open a dialog.
 */
export const CreateDialogsContext = createContext<OpenCreate>(() => {});

/** useOpenCreateDialog returns the function that opens a create dialog. */
export function useOpenCreateDialog(): OpenCreate {
  return useContext(CreateDialogsContext);
}
