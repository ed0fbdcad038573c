import { Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api';
import { useAddPerson } from '@/hooks/people';
import type { Role } from '@/hooks/session';
import { ROLE_OPTIONS } from './roles';

/** AddPersonDialog adds a person, then shows their code once, with Copy. */
export function AddPersonDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const add = useAddPerson();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function close(o: boolean) {
    if (!o) {
      setName('');
      setEmail('');
      setRole('viewer');
      setErrors({});
    }
    onOpenChange(o);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (name.trim() === '') {
      setErrors({ name: 'Name is required' });
      return;
    }
    add.mutate(
      { name, email, role },
      {
        onSuccess: (p) => {
          close(false);
          setCreated({ name: p.name, code: p.code });
        },
        onError: (err) => setErrors(err instanceof ApiError && err.body?.fields ? err.body.fields : { name: err.message }),
      },
    );
  }

  const [created, setCreated] = useState<{ name: string; code: string } | null>(null);
  return (
    <>
      <FormDialog open={open} onOpenChange={close} title="Add Person" description="They sign in at the gate with the personal code shown next." onSubmit={submit} pending={add.isPending} submitLabel="Add Person" permission="people.manage">
        <Field id="person-name" label="Name" error={errors.name}>
          <Input id="person-name" value={name} onChange={(e) => setName(e.target.value)} {...fieldAria('person-name', errors.name)} />
        </Field>
        <Field id="person-email" label="Email (optional)" error={errors.email}>
          <Input id="person-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} {...fieldAria('person-email', errors.email)} />
        </Field>
        <Field id="person-role" label="Role" error={errors.role}>
          <Select id="person-role" value={role} onValueChange={(v) => setRole(v as Role)} options={ROLE_OPTIONS} />
        </Field>
      </FormDialog>
      {created && <CodeDialog title={`Code for ${created.name}`} code={created.code} onClose={() => setCreated(null)} />}
    </>
  );
}

/** CodeDialog shows a personal code once, with Copy. */
export function CodeDialog({ title, code, onClose }: { title: string; code: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>This code is shown only now. Give it to the person; it signs them in at the gate.</DialogDescription>
        </DialogHeader>
        <p className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base text-slate-900" data-testid="personal-code">
          {code}
        </p>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              void navigator.clipboard?.writeText(code).then(() => setCopied(true));
            }}
          >
            <Copy className="h-4 w-4" aria-hidden="true" />
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
