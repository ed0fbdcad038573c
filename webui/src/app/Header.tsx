import { Archive, CalendarPlus, FileText, HelpCircle, Palette, Plus, Users } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { headerFor } from '@/lib/routes';
import { useOpenCreateDialog } from '@/lib/createDialogs';
import { BackupsDialog } from '@/features/backups/BackupsDialog';
import { useCan } from '@/hooks/session';
import { AccountMenu } from './AccountMenu';
import { SearchBox } from './SearchBox';

/** Header shows the route's title and subtitle, search, the account menu, Backups and Create New, on one row; menu is the drawer's button (below 768 px). */
export function Header({ menu }: { menu?: ReactNode }) {
  const { pathname } = useLocation();
  const { title, subtitle } = headerFor(pathname);
  const openCreate = useOpenCreateDialog();
  const [backupsOpen, setBackupsOpen] = useState(false);
  // A role without plan.edit (a viewer) sees no controls that change the plan.
  const canEdit = useCan('plan.edit');
  // A backup holds the whole audit trail: admins alone see the panel.
  const canBackUp = useCan('backups.manage');
  useEffect(() => {
    document.title = `${title} | CommsPlan`;
  }, [title]);
  return (
    // One row at every width. From 768 px: the title block shrinks (its subtitle
    // keeps to one line, the full text in its tooltip) and the controls keep their size.
    // Below 768 px: the menu button, the title (cut, with its tooltip) and the
    // controls as icons; the subtitle is left out and Backups moves into the
    // account menu. The programme badge sits under the sidebar's brand.
    <header className="relative flex flex-nowrap items-center justify-between gap-x-3 border-b border-slate-200 bg-white px-4 py-2 sm:px-6 md:gap-x-4 md:py-4">
      <div className="flex min-w-0 flex-1 items-center gap-2">
        {menu}
        <div className="min-w-0">
          <h1 className="truncate text-lg font-semibold text-slate-900 md:whitespace-normal md:break-words md:text-xl" title={title} data-testid="page-title">
            {title}
          </h1>
          <p className="hidden truncate text-sm text-slate-600 md:block" title={subtitle} data-testid="page-subtitle">
            {subtitle}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1 sm:gap-2 xl:gap-3">
        <SearchBox />
        <AccountMenu onBackups={canBackUp ? () => setBackupsOpen(true) : undefined} />
        {canBackUp && (
          <>
            <Button variant="outline" className="hidden md:inline-flex" onClick={() => setBackupsOpen(true)}>
              <Archive className="h-4 w-4" aria-hidden="true" />
              Backups
            </Button>
            <BackupsDialog open={backupsOpen} onOpenChange={setBackupsOpen} />
          </>
        )}
        {canEdit && <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button className="px-2.5 sm:px-4">
              <Plus className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Create New</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Create New</DropdownMenuLabel>
            <DropdownMenuItem onSelect={() => openCreate('theme')}>
              <Palette className="h-4 w-4" aria-hidden="true" />
              Theme
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => openCreate('question')}>
              <HelpCircle className="h-4 w-4" aria-hidden="true" />
              Question
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => openCreate('content')}>
              <FileText className="h-4 w-4" aria-hidden="true" />
              Content
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => openCreate('audience')}>
              <Users className="h-4 w-4" aria-hidden="true" />
              Audience
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => openCreate('communication')}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" />
              Communication
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>}
      </div>
    </header>
  );
}
