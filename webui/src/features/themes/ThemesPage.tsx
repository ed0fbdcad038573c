import { FileText, HelpCircle, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { CardGridSkeleton } from '@/components/CardGrid';
import { ListCardGrid } from '@/components/VirtualCardGrid';
import { CanEdit } from '@/components/CanEdit';
import { EmptyState } from '@/components/EmptyState';
import { RecordActionsMenu } from '@/components/RecordActionsMenu';
import { SectionHeading } from '@/components/SectionHeading';
import { ThemeIcon } from '@/components/ThemeIcon';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { colorClasses, plural } from '@/lib/themeOptions';
import type { Theme } from '@/lib/types';
import { useFocusParam } from '@/lib/useFocusParam';
import { useDeleteTheme, useThemes } from '@/hooks/themes';

// The form (react-hook-form, zod and the form fields, about 50 KB compressed)
// loads when the dialog is first opened, not before the cards.
const ThemeDialog = lazy(() => import('./ThemeDialog'));

/** THEME_DELETE_CONFIRM is the spec's confirm prompt for deleting a theme. */
export const THEME_DELETE_CONFIRM = 'Are you sure you want to delete this theme? This will also delete all associated questions.';

/** THEME_ROW is the estimated height of a row of theme cards (a one-line description), until the row is measured. */
const THEME_ROW = 182;

/** ThemeCard is one theme's card: icon, actions, name, description and counts. */
function ThemeCard({ theme, focused, onEdit, onDelete }: { theme: Theme; focused: boolean; onEdit: () => void; onDelete: () => void }) {
  const c = colorClasses(theme.color);
  return (
    <Card data-focus-id={theme.id} className={cn('h-full p-5', focused && 'ring-2 ring-blue-600')}>
      <div className="mb-3 flex items-start justify-between gap-2">
        <div className={cn('flex h-10 w-10 items-center justify-center rounded-full', c.bg, c.text)}>
          <ThemeIcon icon={theme.icon} className="h-5 w-5" />
        </div>
        <RecordActionsMenu name={theme.name} onEdit={onEdit} onDelete={onDelete} />
      </div>
      <h3 className="mb-1 font-semibold text-slate-900">{theme.name}</h3>
      <p className="mb-4 text-sm text-slate-600">{theme.description}</p>
      <div className="flex flex-wrap gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1">
          <HelpCircle className="h-3.5 w-3.5" aria-hidden="true" />
          {plural(theme.questionCount ?? 0, 'question')}
        </span>
        <span className="flex items-center gap-1">
          <FileText className="h-3.5 w-3.5" aria-hidden="true" />
          {plural(theme.contentCount ?? 0, 'content piece')}
        </span>
      </div>
    </Card>
  );
}

/**
 * ThemesPage lists the themes as cards with create, edit and delete. Past
 * VIRTUAL_CARDS_ABOVE themes it draws only the rows of cards in
 * view; the demo data draws every card, as before.
 */
export default function ThemesPage() {
  const { data: themes, isLoading } = useThemes();
  const remove = useDeleteTheme();
  // used: the dialog has been opened once; it stays mounted after, as before.
  const [dialog, setDialog] = useState<{ open: boolean; used: boolean; theme?: Theme }>({ open: false, used: false });
  const openDialog = (theme?: Theme) => setDialog({ open: true, used: true, theme });
  const focusId = useFocusParam(!!themes);

  function confirmDelete(theme: Theme) {
    if (window.confirm(THEME_DELETE_CONFIRM)) remove.mutate(theme.id);
  }

  return (
    <div className="grid gap-6">
      <SectionHeading
        title="Communication Themes"
        action={
          <CanEdit>
            <Button onClick={() => openDialog()}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Theme
            </Button>
          </CanEdit>
        }
      >
        <p className="text-sm text-slate-600">Organize your communications around key topics and themes</p>
      </SectionHeading>

      {isLoading ? (
        <CardGridSkeleton label="Loading themes" count={6} />
      ) : !themes || themes.length === 0 ? (
        <EmptyState
          icon={
            <div className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100">
              <ThemeIcon icon="fa-tag" className="h-6 w-6 text-slate-600" />
            </div>
          }
          title="No themes yet"
          text="Themes organize your communications around key topics."
          action={
            <CanEdit>
              <Button onClick={() => openDialog()}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Create Your First Theme
              </Button>
            </CanEdit>
          }
        />
      ) : (
        <ListCardGrid label="Themes" items={themes} itemKey={(t) => t.id} rowHeight={THEME_ROW} focusIndex={themes.findIndex((t) => t.id === focusId)}>
          {(theme) => (
            <ThemeCard theme={theme} focused={focusId === theme.id} onEdit={() => openDialog(theme)} onDelete={() => confirmDelete(theme)} />
          )}
        </ListCardGrid>
      )}

      {dialog.used && (
        <Suspense fallback={null}>
          <ThemeDialog open={dialog.open} theme={dialog.theme} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
        </Suspense>
      )}
    </div>
  );
}
