import { KeyRound, LogOut, Plus, Trash2, UserRound } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useMinWidth } from '@/lib/useMinWidth';
import { CardGridSkeleton } from '@/components/CardGrid';
import { EmptyState } from '@/components/EmptyState';
import { SectionHeading } from '@/components/SectionHeading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { useChangeRole, useEndSession, useNewCode, usePeople, usePersonSessions, useRemovePerson, useSignOutEverywhere, type Person } from '@/hooks/people';
import { useCan, type Role } from '@/hooks/session';
import { AddPersonDialog, CodeDialog } from './AddPersonDialog';
import { ROLE_OPTIONS } from './roles';

/** removeConfirm is the prompt before removing a person. */
export const removeConfirm = (name: string) => `Remove ${name}? They are signed out at once; what they changed keeps their name.`;

function lastSeen(p: Person): string {
  return p.lastSeenAt ? new Date(p.lastSeenAt).toLocaleString() : 'Never';
}

/** Sessions lists one person's open sessions, each with Sign out. */
function Sessions({ person }: { person: Person }) {
  const { data: sessions, isLoading } = usePersonSessions(person.id);
  const end = useEndSession();
  if (isLoading) return <p className="text-sm text-slate-600">Loading sessions…</p>;
  if (!sessions || sessions.length === 0) return <p className="text-sm text-slate-600">No open sessions.</p>;
  return (
    <ul className="grid gap-2" aria-label={`Sessions of ${person.name}`}>
      {sessions.map((s) => {
        const since = new Date(s.createdAt).toLocaleString();
        return (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700" data-testid="session-row">
            <span>
              Signed in {since} · last seen {new Date(s.lastSeenAt).toLocaleString()} · ends {new Date(s.expiresAt).toLocaleString()} unless used
            </span>
            <Button variant="outline" size="sm" aria-label={`Sign out the session of ${person.name} signed in ${since}`} disabled={end.isPending} onClick={() => end.mutate(s)}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sign out
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** PersonActions are a person's New code, Sign out everywhere and Remove; labelled shows their words beside the icons (the cards). */
function PersonActions({ person: p, onCode, labelled }: { person: Person; onCode: (c: { name: string; code: string }) => void; labelled?: boolean }) {
  const newCode = useNewCode();
  const signOut = useSignOutEverywhere();
  const remove = useRemovePerson();
  const actions = [
    { label: `New code for ${p.name}`, words: 'New code', icon: KeyRound, run: () => newCode.mutate(p.id, { onSuccess: (c) => onCode({ name: p.name, code: c.code }) }) },
    { label: `Sign out ${p.name} everywhere`, words: 'Sign out everywhere', icon: LogOut, run: () => signOut.mutate(p) },
    { label: `Remove ${p.name}`, words: 'Remove', icon: Trash2, run: () => window.confirm(removeConfirm(p.name)) && remove.mutate(p) },
  ];
  return (
    <div className={labelled ? 'flex flex-wrap gap-2' : 'flex justify-end gap-1'}>
      {actions.map(({ label, words, icon: Icon, run }) =>
        labelled ? (
          <Button key={words} variant="outline" size="sm" aria-label={label} onClick={run}>
            <Icon className="h-4 w-4" aria-hidden="true" />
            {words}
          </Button>
        ) : (
          <Button key={words} variant="ghost" size="icon" aria-label={label} title={words} onClick={run}>
            <Icon className="h-4 w-4" aria-hidden="true" />
          </Button>
        ),
      )}
    </div>
  );
}

/**
 * PersonCard is one person below 768 px: the table's columns as labelled
 * lines, the role and the actions in reach, no sideways scroll.
 */
function PersonCard({ person: p, open, onToggle, onRole, onCode }: { person: Person; open: boolean; onToggle: () => void; onRole: (r: Role) => void; onCode: (c: { name: string; code: string }) => void }) {
  return (
    <li data-testid="person-card">
      <Card className="grid gap-3 p-4">
        <div className="min-w-0">
          <p className="break-words font-medium text-slate-900">{p.name}</p>
          {p.email && <p className="break-all text-sm text-slate-700">{p.email}</p>}
        </div>
        <div className="grid gap-1">
          <span className="text-xs font-medium text-slate-600" aria-hidden="true">
            Role
          </span>
          <Select aria-label={`Role of ${p.name}`} value={p.role} options={ROLE_OPTIONS} onValueChange={(v) => onRole(v as Role)} />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Last seen</dt>
          <dd className="text-slate-800">{lastSeen(p)}</dd>
          <dt className="text-slate-600">Active sessions</dt>
          <dd>
            <Button variant="ghost" size="sm" className="-ml-3 underline" aria-expanded={open} aria-label={`${p.activeSessions} active sessions of ${p.name}`} onClick={onToggle}>
              {p.activeSessions}
            </Button>
          </dd>
        </dl>
        {open && (
          <div className="rounded-md bg-slate-50 p-3">
            <Sessions person={p} />
          </div>
        )}
        <PersonActions person={p} onCode={onCode} labelled />
      </Card>
    </li>
  );
}

/** PeoplePage lists the people for admins: add, change a role, issue a new code, list and sign out sessions, remove. */
export default function PeoplePage() {
  const allowed = useCan('people.manage');
  const { data: people, isLoading } = usePeople();
  const [adding, setAdding] = useState(false);
  const [code, setCode] = useState<{ name: string; code: string } | null>(null);
  const role = useChangeRole();
  const [open, setOpen] = useState<string | null>(null);
  // Below 768 px each person is a card: the table would scroll sideways.
  const wide = useMinWidth();

  if (!allowed) {
    return <EmptyState headingLevel="h2" icon={<UserRound className="h-8 w-8 text-slate-400" aria-hidden="true" />} title="Admins only" text="Only an admin can manage people." />;
  }
  return (
    <div className="grid gap-6">
      <SectionHeading
        title="People"
        action={
          <Button onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Person
          </Button>
        }
      >
        <p className="text-sm text-slate-600">Who signs in with a personal code, and what their role lets them do</p>
      </SectionHeading>
      {isLoading ? (
        <CardGridSkeleton label="Loading people" count={3} />
      ) : !people || people.length === 0 ? (
        <EmptyState icon={<UserRound className="h-8 w-8 text-slate-400" aria-hidden="true" />} title="No people yet" text="Add a person to give them their own code and role." />
      ) : !wide ? (
        <ul className="grid gap-3" aria-label="People">
          {people.map((p) => (
            <PersonCard
              key={p.id}
              person={p}
              open={open === p.id}
              onToggle={() => setOpen(open === p.id ? null : p.id)}
              onRole={(r) => role.mutate({ id: p.id, role: r })}
              onCode={setCode}
            />
          ))}
        </ul>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th className="px-4 py-2 font-medium">Name</th>
                <th className="px-4 py-2 font-medium">Email</th>
                <th className="px-4 py-2 font-medium">Role</th>
                <th className="px-4 py-2 font-medium">Last seen</th>
                <th className="px-4 py-2 font-medium">Active sessions</th>
                <th className="px-4 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <Fragment key={p.id}>
                  <tr className="border-b border-slate-100 last:border-0" data-testid="person-row">
                    <td className="px-4 py-2 font-medium text-slate-900">{p.name}</td>
                    <td className="px-4 py-2 text-slate-700">{p.email}</td>
                    <td className="w-64 px-4 py-2">
                      <Select aria-label={`Role of ${p.name}`} value={p.role} options={ROLE_OPTIONS} onValueChange={(v) => role.mutate({ id: p.id, role: v as Role })} />
                    </td>
                    <td className="px-4 py-2 text-slate-700">{lastSeen(p)}</td>
                    <td className="px-4 py-2 text-slate-700">
                      <Button variant="ghost" size="sm" className="underline" aria-expanded={open === p.id} aria-label={`${p.activeSessions} active sessions of ${p.name}`} onClick={() => setOpen(open === p.id ? null : p.id)}>
                        {p.activeSessions}
                      </Button>
                    </td>
                    <td className="px-4 py-2">
                      <PersonActions person={p} onCode={setCode} />
                    </td>
                  </tr>
                  {open === p.id && (
                    <tr className="border-b border-slate-100 bg-slate-50">
                      <td colSpan={6} className="px-4 py-3">
                        <Sessions person={p} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <AddPersonDialog open={adding} onOpenChange={setAdding} />
      {code && <CodeDialog title={`New code for ${code.name}`} code={code.code} onClose={() => setCode(null)} />}
    </div>
  );
}
