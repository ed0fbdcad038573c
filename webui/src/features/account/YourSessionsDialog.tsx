import { LogOut } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadingRows } from '@/components/ui/skeleton';
import { useEndOwnSession, useOwnSessions, type OwnSession } from '@/hooks/session';
import { describeDevice } from '@/lib/sessions';

/** when shows an instant in the reader's locale. */
const when = (at: string) => new Date(at).toLocaleString();

function Row({ s, end, busy }: { s: OwnSession; end: (s: OwnSession) => void; busy: boolean }) {
  const device = describeDevice(s.userAgent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-2 last:border-0" data-testid="own-session">
      <div className="grid gap-0.5 text-sm">
        <p className="font-medium text-slate-900" title={s.userAgent || undefined}>
          {device}
          {s.current && (
            <Badge variant="secondary" className="ml-2 border border-slate-300">
              This browser
            </Badge>
          )}
        </p>
        <p className="text-xs text-slate-600">
          Started {when(s.createdAt)} · last seen {when(s.lastSeenAt)}
        </p>
      </div>
      {!s.current && (
        <Button variant="outline" size="sm" aria-label={`Sign out ${device}, started ${when(s.createdAt)}`} disabled={busy} onClick={() => end(s)}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Sign out
        </Button>
      )}
    </li>
  );
}

/** YourSessionsDialog lists the signed-in person's open sessions, this browser's marked, each other one with Sign out. */
export function YourSessionsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { data, isLoading, isError } = useOwnSessions(open);
  const end = useEndOwnSession();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Your sessions</DialogTitle>
          <DialogDescription>Where you are signed in. Signing out a session ends it at its next request.</DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <LoadingRows label="Loading sessions" />
        ) : isError ? (
          <p className="text-sm text-red-700">Your sessions could not be loaded.</p>
        ) : (
          <ul className="grid max-h-96 gap-2 overflow-y-auto" aria-label="Your sessions">
            {(data ?? []).map((s) => (
              <Row key={s.id} s={s} end={(x) => end.mutate(x)} busy={end.isPending} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
