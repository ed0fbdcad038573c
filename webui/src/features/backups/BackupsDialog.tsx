import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { BACKUPS, useBackups, useCreateBackup } from '@/hooks/backups';

/** formatSize shows a byte count the way a file manager does. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * BackupsDialog lists the server's backups (newest first) with their size
 * and time, takes one now, and downloads one. Any signed-in session may use
 * it until people and roles exist (docs/backup.md).
 */
export function BackupsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data: backups, isLoading, isError } = useBackups(open);
  const create = useCreateBackup();
  function backUpNow() {
    create.mutate(undefined, {
      onSuccess: (b) => toast({ title: 'Backup created', description: `${b.name} (${formatSize(b.size)})` }),
      onError: (err) => toast({ title: 'Backup failed', description: err instanceof Error ? err.message : String(err), variant: 'destructive' }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Backups</DialogTitle>
          <DialogDescription>
            Each backup is a verified archive of the whole plan that restores into SQLite or PostgreSQL with “commsplan restore”.
          </DialogDescription>
        </DialogHeader>
        <div>
          <Button onClick={backUpNow} disabled={create.isPending}>
            {create.isPending ? 'Backing up…' : 'Back up now'}
          </Button>
        </div>
        {isLoading && <p className="text-sm text-slate-600">Loading backups…</p>}
        {isError && <p className="text-sm text-red-700">Failed to load backups.</p>}
        {backups && backups.length === 0 && <p className="text-sm text-slate-600">No backups yet.</p>}
        {backups && backups.length > 0 && (
          <table className="w-full text-sm">
            <caption className="sr-only">Backups, newest first</caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="py-1 font-medium">
                  Taken
                </th>
                <th scope="col" className="py-1 font-medium">
                  Size
                </th>
                <th scope="col" className="py-1 font-medium">
                  <span className="sr-only">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {backups.map((b) => (
                <tr key={b.name} className="border-t border-slate-200">
                  <td className="py-2" title={b.name}>
                    {new Date(b.createdAt).toLocaleString()}
                  </td>
                  <td className="py-2">{formatSize(b.size)}</td>
                  <td className="py-2 text-right">
                    <a
                      href={`${BACKUPS}/${encodeURIComponent(b.name)}`}
                      download={b.name}
                      aria-label={`Download ${b.name}`}
                      className="inline-flex h-8 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
                    >
                      <Download className="h-4 w-4" aria-hidden="true" />
                      Download
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DialogContent>
    </Dialog>
  );
}
