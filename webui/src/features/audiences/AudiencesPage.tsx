import { Building2, Plus, Trash2, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardGridSkeleton } from '@/components/CardGrid';
import { ListCardGrid } from '@/components/VirtualCardGrid';
import { CanEdit, GuardedIconButton, OpenFormButton } from '@/components/CanEdit';
import { EmptyState } from '@/components/EmptyState';
import { SectionHeading } from '@/components/SectionHeading';
import { Card } from '@/components/ui/card';
import { ALL_EMPLOYEES_ID, audienceSummary, withAllEmployees } from '@/lib/audiences';
import { toCount, totalContacts } from '@/lib/dashboard';
import type { Audience } from '@/lib/types';
import { useAudiences, useDeleteAudience, useJobTitles } from '@/hooks/audiences';
import { useReference } from '@/hooks/reference';
import { RolesTable } from './RolesTable';

// The form (react-hook-form, zod) loads when first opened, not with the screen.
const AudienceDialog = lazy(() => import('./AudienceDialog'));

/** AUDIENCE_ROW is the estimated height of a row of audience cards, until the row is measured. */
const AUDIENCE_ROW = 156;

/** AUDIENCE_DELETE_CONFIRM is the confirm prompt for deleting an audience (the spec leaves its wording open). */
export const AUDIENCE_DELETE_CONFIRM = 'Are you sure you want to delete this audience? Communications that target it will no longer have an audience.';

/** COMPANY_FALLBACK names the organisation when the reference data carries no company name. */
export const COMPANY_FALLBACK = 'the organization';

/** AudiencesPage is Audience Management: the audiences (with All Employees) and the Roles Database. */
export default function AudiencesPage() {
  const { data: audiences, isLoading } = useAudiences();
  const { data: reference } = useReference();
  // The Roles Database is asked for with the audiences, not after them (it is drawn once they are in).
  useJobTitles();
  const remove = useDeleteAudience();
  const [dialog, setDialog] = useState<{ open: boolean; audience?: Audience }>({ open: false });

  const list = withAllEmployees(audiences ?? []);
  const totalEmployees = reference?.totalEmployees ?? totalContacts(audiences ?? []);

  return (
    <div className="grid gap-6">
      <SectionHeading
        title="Audience Management"
        action={
          <CanEdit>
<Button onClick={() => setDialog({ open: true })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Audience
          </Button>
</CanEdit>
        }
      >
        <p className="text-sm text-slate-600" data-testid="audience-summary">
          {audienceSummary(audiences?.length ?? 0, totalEmployees, reference?.companyName || COMPANY_FALLBACK)}
        </p>
      </SectionHeading>

      {isLoading ? (
        <CardGridSkeleton label="Loading audiences" />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Users className="h-10 w-10 text-slate-500" aria-hidden="true" />}
          title="No audiences yet"
          text="Add an audience for each division or group you communicate with."
          action={
            <CanEdit>
              <Button onClick={() => setDialog({ open: true })}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Create First Audience
              </Button>
            </CanEdit>
          }
        />
      ) : (
        <ListCardGrid label="Audiences" items={list} itemKey={(a) => a.id} rowHeight={AUDIENCE_ROW}>
          {(a) => {
            const synthetic = a.id === ALL_EMPLOYEES_ID;
            return (
              <Card className={synthetic ? 'h-full border-blue-300 bg-blue-50/40 p-5' : 'h-full p-5'} data-testid="audience-card">
                <div className="mb-2 flex items-start justify-between gap-2">
                  <div className="flex items-center gap-2">
                    {synthetic ? <Users className="h-5 w-5 text-blue-700" aria-hidden="true" /> : <Building2 className="h-5 w-5 text-slate-600" aria-hidden="true" />}
                    <h3 className="font-semibold text-slate-900">{a.name}</h3>
                  </div>
                  {!synthetic && (
                    <div className="flex shrink-0 gap-1">
                      {/* A viewer opens the audience read-only (View) and sees Delete disabled, with why. */}
                      <OpenFormButton name={a.name} onClick={() => setDialog({ open: true, audience: a })} />
                      <GuardedIconButton
                        label={`Delete ${a.name}`}
                        className="text-red-700 hover:text-red-800"
                        onClick={() => {
                          if (window.confirm(AUDIENCE_DELETE_CONFIRM)) remove.mutate(a.id);
                        }}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </GuardedIconButton>
                    </div>
                  )}
                </div>
                {a.description && <p className="mb-3 text-sm text-slate-600">{a.description}</p>}
                <div className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
                  <Badge variant="secondary">{toCount(a.contactCount).toLocaleString('en-US')} contacts</Badge>
                  {synthetic && <Badge>All divisions</Badge>}
                  {!synthetic && a.audienceType && <Badge variant="outline">{a.audienceType}</Badge>}
                </div>
              </Card>
            );
          }}
        </ListCardGrid>
      )}

      {/* Below the cards once they are in: drawn under the skeleton, it would move down as they arrive. */}
      {!isLoading && <RolesTable />}

      {dialog.open && (
        <Suspense fallback={null}>
          <AudienceDialog open audience={dialog.audience} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
        </Suspense>
      )}
    </div>
  );
}
