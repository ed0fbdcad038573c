import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

// The create dialogs load on first use, keeping forms and validation out of the first load.
const ThemeDialog = lazy(() => import('@/features/themes/ThemeDialog'));
const QuestionDialog = lazy(() => import('@/features/questions/QuestionDialog'));
const ContentDialog = lazy(() => import('@/features/content/ContentDialog'));
const AudienceDialog = lazy(() => import('@/features/audiences/AudienceDialog'));

/** CreateKind names a create dialog of the Create New menu. */
export type CreateKind = 'theme' | 'question' | 'content' | 'audience';

const CreateDialogsContext = createContext<(kind: CreateKind) => void>(() => {});

/** useOpenCreateDialog returns the function that opens a create dialog. */
export function useOpenCreateDialog(): (kind: CreateKind) => void {
  return useContext(CreateDialogsContext);
}

/** CreateDialogsProvider hosts the create dialogs that the header's Create New menu opens. */
export function CreateDialogsProvider({ children }: { children: ReactNode }) {
  const [kind, setKind] = useState<CreateKind | null>(null);
  const open = useCallback((k: CreateKind) => setKind(k), []);
  const onOpenChange = useCallback((o: boolean) => {
    if (!o) setKind(null);
  }, []);
  return (
    <CreateDialogsContext.Provider value={open}>
      {children}
      <Suspense fallback={null}>
        {kind === 'theme' && <ThemeDialog open onOpenChange={onOpenChange} />}
        {kind === 'question' && <QuestionDialog open onOpenChange={onOpenChange} />}
        {kind === 'content' && <ContentDialog open onOpenChange={onOpenChange} />}
        {kind === 'audience' && <AudienceDialog open onOpenChange={onOpenChange} />}
      </Suspense>
    </CreateDialogsContext.Provider>
  );
}
