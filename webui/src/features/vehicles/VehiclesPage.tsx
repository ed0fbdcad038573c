import { History, Plus, Settings2, Truck, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { CardGridSkeleton } from '@/components/CardGrid';
import { ListCardGrid } from '@/components/VirtualCardGrid';
import { CanEdit } from '@/components/CanEdit';
import { EmptyState } from '@/components/EmptyState';
import { RecordActionsMenu } from '@/components/RecordActionsMenu';
import { SectionHeading } from '@/components/SectionHeading';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatPct, generationalShares } from '@/lib/generations';
import type { Reference, Vehicle } from '@/lib/types';
import { generationNames, settingsSummary, strategyLabel, typeLabel, usedByText, vehicleDeleteConfirm } from '@/lib/vehicles';
import { useReference } from '@/hooks/reference';
import { useDeleteVehicle, useVehicles } from '@/hooks/vehicles';

// The form and the History panel load when first opened, not with the screen.
const VehicleDialog = lazy(() => import('./VehicleDialog'));
const HistoryDialog = lazy(() => import('@/components/HistoryDialog').then((m) => ({ default: m.HistoryDialog })));

/** VEHICLE_ROW is the estimated height of a row of vehicle cards, until the row is measured. */
const VEHICLE_ROW = 260;

/** GenerationalBanner shows the workforce's generational split, computed from the reference data. */
function GenerationalBanner({ reference, loading }: { reference?: Reference; loading: boolean }) {
  const s = generationalShares(reference);
  const figures = s
    ? [
        { id: 'traditional', value: formatCount(s.traditional), label: `Traditional (${formatPct(s.traditionalPct)})`, note: 'Silent Generation, Baby Boomers, Generation X' },
        { id: 'digital', value: formatCount(s.digitalNative), label: `Digital Native (${formatPct(s.digitalNativePct)})`, note: 'Millennials, Generation Z' },
        { id: 'total', value: formatCount(s.total), label: 'Total Employees', note: 'Across every division' },
      ]
    : [];
  return (
    <section aria-labelledby="generational-analysis" className="rounded-lg border border-blue-200 bg-blue-50 p-5">
      <div className="mb-3 flex items-center gap-2">
        <Users className="h-5 w-5 text-blue-800" aria-hidden="true" />
        <h2 id="generational-analysis" className="text-lg font-semibold text-slate-900">
          Generational Analysis
        </h2>
      </div>
      <p className="mb-4 text-sm text-slate-700">Match each vehicle to the generations it reaches best. Shares are of the employees whose generation is known.</p>
      {loading ? (
        <div className="grid gap-4 sm:grid-cols-3" role="status" aria-label="Loading the generational split">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3">
          {figures.map((f) => (
            <div key={f.id} className="rounded-md bg-white p-4 shadow-sm" data-testid={`generation-${f.id}`}>
              <dt className="text-sm font-medium text-slate-700">{f.label}</dt>
              <dd className="text-2xl font-bold text-slate-900" data-testid="figure">
                {f.value}
              </dd>
              <dd className="text-xs text-slate-600">{f.note}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** VehiclesPage is Delivery Vehicles (spec 02 §2.6): the generational banner and the vehicle cards. */
export default function VehiclesPage() {
  const { data: vehicles, isLoading } = useVehicles();
  const { data: reference, isLoading: referenceLoading } = useReference();
  const remove = useDeleteVehicle();
  const [dialog, setDialog] = useState<{ open: boolean; vehicle?: Vehicle }>({ open: false });
  const [history, setHistory] = useState<Vehicle | null>(null);
  const types = reference?.vehicleTypes;
  const generations = reference?.generations;

  const openCreate = () => setDialog({ open: true });
  const openEdit = (vehicle: Vehicle) => setDialog({ open: true, vehicle });
  function confirmDelete(v: Vehicle) {
    if (window.confirm(vehicleDeleteConfirm(v.communicationCount))) remove.mutate(v.id);
  }

  return (
    <div className="grid gap-6">
      <GenerationalBanner reference={reference} loading={referenceLoading} />

      <SectionHeading
        title="Your Delivery Vehicles"
        action={
          <CanEdit>
<Button onClick={openCreate}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Vehicle
          </Button>
</CanEdit>
        }
      >
        {vehicles && vehicles.length > 0 && (
          <p className="text-sm text-slate-600" data-testid="vehicle-summary">
            {vehicles.length === 1 ? '1 vehicle' : `${vehicles.length} vehicles`}
          </p>
        )}
      </SectionHeading>

      {isLoading ? (
        <CardGridSkeleton label="Loading delivery vehicles" />
      ) : !vehicles || vehicles.length === 0 ? (
        <EmptyState
          icon={<Truck className="h-10 w-10 text-slate-500" aria-hidden="true" />}
          title="No delivery vehicles yet"
          text="Add the channels your communications go out through, such as email, town halls or Teams posts."
          action={
            <CanEdit>
              <Button onClick={openCreate}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Create First Vehicle
              </Button>
            </CanEdit>
          }
        />
      ) : (
        <ListCardGrid label="Delivery vehicles" items={vehicles} itemKey={(v) => v.id} rowHeight={VEHICLE_ROW}>
          {(v) => (
            <Card className="flex h-full flex-col p-5" data-testid="vehicle-card">
              <div className="mb-2 flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold text-slate-900">{v.name}</h3>
                  <div className="mt-1 flex flex-wrap gap-1.5">
                    <Badge>{typeLabel(types, v.type)}</Badge>
                    <Badge variant="outline">{strategyLabel(v.communicationStrategy)}</Badge>
                  </div>
                </div>
                <RecordActionsMenu
                  name={v.name}
                  onEdit={() => openEdit(v)}
                  onDelete={() => confirmDelete(v)}
                  trailing={
                    <DropdownMenuItem onSelect={() => setHistory(v)}>
                      <History className="h-4 w-4" aria-hidden="true" />
                      History
                    </DropdownMenuItem>
                  }
                />
              </div>
              {v.description && <p className="mb-3 text-sm text-slate-600">{v.description}</p>}
              <dl className="mb-4 grid gap-1 text-xs text-slate-700">
                <div className="flex gap-1">
                  <dt className="font-medium">Preferred:</dt>
                  <dd data-testid="vehicle-preferred">{generationNames(v.preferredGenerations, generations) || 'None'}</dd>
                </div>
                <div className="flex gap-1">
                  <dt className="font-medium">Settings:</dt>
                  <dd data-testid="vehicle-settings">{settingsSummary(v.settings)}</dd>
                </div>
              </dl>
              <div className="mt-auto flex items-center justify-between gap-2">
                {/* communicationCount comes from the server; older servers leave it out. */}
                <span className="text-xs text-slate-600" data-testid="vehicle-usage">
                  {typeof v.communicationCount === 'number' ? usedByText(v.communicationCount) : ''}
                </span>
                <Button variant="outline" size="sm" onClick={() => openEdit(v)} aria-label={`Configure ${v.name}`}>
                  <Settings2 className="h-4 w-4" aria-hidden="true" />
                  Configure
                </Button>
              </div>
            </Card>
          )}
        </ListCardGrid>
      )}

      <Suspense fallback={null}>
        {dialog.open && <VehicleDialog open vehicle={dialog.vehicle} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />}
        {history && <HistoryDialog entity="vehicle" id={history.id} name={history.name} open onOpenChange={(o) => !o && setHistory(null)} />}
      </Suspense>
    </div>
  );
}
