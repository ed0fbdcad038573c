import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { CreateDialogsContext, type CreateInit, type CreateKind, type OpenCreate } from '@/lib/createDialogs';

// The create dialogs load on first use, keeping forms and validation out of the first load.
const ThemeDialog = lazy(() => import('@/features/themes/ThemeDialog'));
const QuestionDialog = lazy(() => import('@/features/questions/QuestionDialog'));
const ContentDialog = lazy(() => import('@/features/content/ContentDialog'));
const AudienceDialog = lazy(() => import('@/features/audiences/AudienceDialog'));
const CommunicationDialog = lazy(() => import('@/components/communications/CommunicationDialog'));

/** CreateDialogsProvider hosts the create dialogs that the header's Create New menu opens. */
export function CreateDialogsProvider({ children }: { children: ReactNode }) {
  const [{ kind, init }, setState] = useState<{ kind: CreateKind | null; init?: CreateInit }>({ kind: null });
  const open = useCallback<OpenCreate>((k, i) => setState({ kind: k, init: i }), []);
  const onOpenChange = useCallback((o: boolean) => {
    if (!o) setState({ kind: null });
  }, []);
  return (
    <CreateDialogsContext.Provider value={open}>
      {children}
      <Suspense fallback={null}>
        {kind === 'theme' && <ThemeDialog open onOpenChange={onOpenChange} />}
        {kind === 'question' && <QuestionDialog open onOpenChange={onOpenChange} />}
        {kind === 'content' && <ContentDialog open onOpenChange={onOpenChange} />}
        {kind === 'audience' && <AudienceDialog open onOpenChange={onOpenChange} />}
        {kind === 'communication' && <CommunicationDialog open onOpenChange={onOpenChange} initialDate={init?.date} />}
      </Suspense>
    </CreateDialogsContext.Provider>
  );
}
