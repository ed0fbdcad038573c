import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useAddInsider, useInsiders, useRemoveInsider } from '@/hooks/insiders';
import { ApiError } from '@/lib/api';

/**
 * InsidersDialog lists the insiders of a confidential campaign, the people
 * who may see it and what came from it, and lets an insider (or an admin)
 * add one by name and remove one. The server decides who may (docs/security.md,
 * "Need to know"); its refusals are shown as they come.
 */
export default function InsidersDialog({ campaign, onOpenChange }: { campaign: { id: string; title: string }; onOpenChange: (open: boolean) => void }) {
  const { data, isLoading } = useInsiders('campaign', campaign.id);
  const add = useAddInsider('campaign', campaign.id);
  const remove = useRemoveInsider('campaign', campaign.id);
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
          <DialogTitle>Insiders: {campaign.title}</DialogTitle>
          <DialogDescription>Only these people, and admins, see this campaign and the communications imported from it.</DialogDescription>
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
