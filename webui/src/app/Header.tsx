import { Archive, CalendarPlus, FileText, HelpCircle, Palette, Plus, Users } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { headerFor } from '@/lib/routes';
import { useOpenCreateDialog } from '@/lib/createDialogs';
import { BackupsDialog } from '@/features/backups/BackupsDialog';
import { useCan } from '@/hooks/session';
import { AccountMenu } from './AccountMenu';
import { SearchBox } from './SearchBox';

/** PROGRAMME_BADGE is the programme name shown in the header. */
export const PROGRAMME_BADGE = 'ERP Implementation';

/** Header shows the route's title and subtitle, the programme badge, search and Create New; menu is the drawer's button (below 768 px). */
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
    // One row from 1280 px: the title block shrinks (its subtitle may wrap) and the controls keep their size.
    // Below 768 px the menu button leads the title, and the controls wrap under it.
    <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 border-b border-slate-200 bg-white px-4 py-4 sm:px-6 xl:flex-nowrap">
      <div className="flex min-w-0 items-start gap-2 xl:flex-1">
        {menu}
        <div className="min-w-0">
          <h1 className="break-words text-xl font-semibold text-slate-900" data-testid="page-title">
            {title}
          </h1>
          <p className="text-sm text-slate-600" data-testid="page-subtitle">
            {subtitle}
          </p>
        </div>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-3 xl:shrink-0 xl:flex-nowrap">
        <Badge variant="secondary" className="whitespace-nowrap border border-slate-300">
          {PROGRAMME_BADGE}
        </Badge>
        <SearchBox />
        <AccountMenu />
        {canBackUp && (
          <>
            <Button variant="outline" size="icon" aria-label="Backups" title="Backups" onClick={() => setBackupsOpen(true)}>
              <Archive className="h-4 w-4" aria-hidden="true" />
            </Button>
            <BackupsDialog open={backupsOpen} onOpenChange={setBackupsOpen} />
          </>
        )}
        {canEdit && <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Create New
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
