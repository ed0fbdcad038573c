import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useAddInsider, useInsiders, useRemoveInsider, type InsiderKind } from '@/hooks/insiders';
import { ApiError } from '@/lib/api';

/** WHO_SEES is the dialog's description for each kind of record. */
const WHO_SEES: Record<InsiderKind, string> = {
  campaign: 'Only these people, and admins, see this campaign and the communications imported from it.',
  communication: 'Only these people, and admins, see this communication.',
};

/**
 * InsidersDialog lists the insiders of a confidential campaign or
 * communication, the people who may see it, and lets an insider (or an
 * admin) add one by name and remove one. The server decides who may
 * (docs/security.md, "Need to know"); its refusals are shown as they come.
 * description replaces the default line (a communication that follows its
 * campaign's insiders says so).
 */
export default function InsidersDialog({
  kind,
  record,
  description,
  onOpenChange,
}: {
  kind: InsiderKind;
  record: { id: string; title: string };
  description?: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { data, isLoading } = useInsiders(kind, record.id);
  const add = useAddInsider(kind, record.id);
  const remove = useRemoveInsider(kind, record.id);
  const [name, setName] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      await add.mutateAsync(name.trim());
      setName('');
    } catch (err) {
      setError(err instanceof ApiError ? (err.body?.fields?.name ?? err.body?.fields?.personId ?? err.body?.error ?? err.message) : String(err));
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Insiders: {record.title}</DialogTitle>
          <DialogDescription>{description ?? WHO_SEES[kind]}</DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <p role="status">Loading insiders…</p>
        ) : (
          <ul className="grid gap-2" aria-label="Insiders">
            {(data ?? []).map((p) => (
              <li key={p.personId} className="flex items-center justify-between gap-2" data-testid="insider">
                <span>{p.name}</span>
                <Button size="sm" variant="outline" onClick={() => remove.mutate(p.personId)} aria-label={`Remove ${p.name}`}>
                  Remove
                </Button>
              </li>
            ))}
            {(data ?? []).length === 0 && <li className="text-sm text-slate-600">No insiders: only admins see it.</li>}
          </ul>
        )}
        <form className="flex items-end gap-2" onSubmit={submit}>
          <label className="grid flex-1 gap-1 text-sm font-medium text-slate-800">
            Person's name
            <Input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <Button type="submit" disabled={name.trim() === '' || add.isPending}>
            Add insider
          </Button>
        </form>
        {error && (
          <p className="text-sm text-red-700" role="alert">
            {error}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
