import { Archive, ChevronDown, MonitorSmartphone, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { YourSessionsDialog } from '@/features/account/YourSessionsDialog';
import { useSession } from '@/hooks/session';

/** SHARED_ID is the id of the shared identity (pkg/actor), which has no personal sessions. */
const SHARED_ID = 'shared';

/**
 * AccountMenu is the header's account menu: who is signed in, with their
 * role, and their sessions. Below 768 px its button is an icon (the name
 * is its accessible name) and, given onBackups, it holds Backups, which the
 * header shows as a button from 768 px.
 */
export function AccountMenu({ onBackups }: { onBackups?: () => void }) {
  const { data: session } = useSession();
  const [sessionsOpen, setSessionsOpen] = useState(false);
  if (!session?.name) return null;
  const personal = session.id !== SHARED_ID;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="gap-1 whitespace-nowrap px-2 text-sm font-normal text-slate-700" title="Signed in as">
            <UserRound className="h-5 w-5 md:hidden" aria-hidden="true" />
            <span data-testid="signed-in-as" className="sr-only md:not-sr-only">
              <span className="font-medium text-slate-900">{session.name}</span> · {session.role}
            </span>
            <ChevronDown className="hidden h-4 w-4 md:block" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Signed in as {session.name}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {personal ? (
            <DropdownMenuItem onSelect={() => setSessionsOpen(true)}>
              <MonitorSmartphone className="h-4 w-4" aria-hidden="true" />
              Your sessions
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem disabled>A shared access code has no personal sessions</DropdownMenuItem>
          )}
          {onBackups && (
            <DropdownMenuItem className="md:hidden" onSelect={onBackups}>
              <Archive className="h-4 w-4" aria-hidden="true" />
              Backups
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {personal && <YourSessionsDialog open={sessionsOpen} onOpenChange={setSessionsOpen} />}
    </>
  );
}
