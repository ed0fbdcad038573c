import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import type { Resolver } from 'react-hook-form';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { InputField, NumberField, SelectField, TextareaField } from '@/components/FormFields';
import { fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { recordDialog } from '@/lib/recordDialog';
import type { Limits, Vehicle } from '@/lib/types';
import { communicationStrategies, newVehicleValues, vehicleFormats, vehicleInput, vehicleValues, withTypeDefaults, type VehicleFormValues } from '@/lib/vehicles';
import { useReference } from '@/hooks/reference';
import { useCreateVehicle, useUpdateVehicle } from '@/hooks/vehicles';

const percent = z
  .number({ message: 'Effectiveness must be a number' })
  .int('Effectiveness must be a whole percentage')
  .min(0, 'Effectiveness must be from 0 to 100')
  .max(100, 'Effectiveness must be from 0 to 100');

/** vehicleSchema checks the form; name and description lengths are the server's (GET /api/reference limits). */
function vehicleSchema(limits: Limits | undefined) {
  const name = z.string().trim().min(1, 'Vehicle name is required');
  return z.object({
    name: limits ? name.max(limits.name, 'Vehicle name is too long') : name,
    type: z.string().min(1, 'Type is required'),
    description: limits ? z.string().max(limits.description, 'Description is too long') : z.string(),
    template: z.string(),
    // The server keeps integers to 32 bits (docs/decisions.md, "Bad input").
    maxLength: z
      .number({ message: 'Max length must be a number' })
      .int('Max length must be a whole number')
      .min(1, 'Max length must be at least 1')
      .max(2147483647, 'Max length must be at most 2147483647'),
    format: z.string().min(1),
    generationalTargeting: z.array(z.string()),
    communicationStrategy: z.string().min(1),
    preferredGenerations: z.array(z.string()),
    effectiveness: z.record(z.string(), percent),
  }) satisfies z.ZodType<VehicleFormValues>;
}

/**
 * VehicleDialog creates a delivery vehicle, or edits vehicle when given.
 * Choosing a type fills in that type's defaults from GET /api/reference;
 * when editing, only a change of type does.
 */
export default function VehicleDialog({ open, onOpenChange, vehicle }: { open: boolean; onOpenChange: (open: boolean) => void; vehicle?: Vehicle }) {
  const { dialog, save } = recordDialog({
    open,
    onOpenChange,
    noun: 'Delivery Vehicle',
    submitNoun: 'Vehicle',
    id: vehicle?.id,
    create: useCreateVehicle(),
    update: useUpdateVehicle(),
  });
  const { data: reference } = useReference();
  const types = reference?.vehicleTypes ?? [];
  const generations = reference?.generations ?? [];
  const generationOptions = generations.map((g) => ({ value: g.id, label: g.label }));
  const typeOptions = types.map((t) => ({ value: t.type, label: t.label }));
  // The schema follows the limits, which arrive with the reference data.
  const limits = useRef<Limits | undefined>(undefined);
  limits.current = reference?.limits;
  const resolver: Resolver<VehicleFormValues> = (values, context, options) => zodResolver(vehicleSchema(limits.current))(values, context, options);
  const form = useForm<VehicleFormValues>({ resolver, defaultValues: newVehicleValues([], []) });
  const errors = form.formState.errors;

  // Fill the form once per opening, as soon as the reference data is there.
  const filled = useRef(false);
  useEffect(() => {
    if (!open) {
      filled.current = false;
      return;
    }
    if (filled.current || !reference) return;
    filled.current = true;
    const gens = reference.generations ?? [];
    form.reset(vehicle ? vehicleValues(vehicle, gens) : newVehicleValues(reference.vehicleTypes ?? [], gens));
  }, [open, vehicle, reference, form]);

  function changeType(type: string) {
    const next = types.find((t) => t.type === type);
    const previous = types.find((t) => t.type === form.getValues('type'));
    if (next) form.reset(withTypeDefaults(form.getValues(), next, generations, previous), { keepDefaultValues: true, keepErrors: false });
    else form.setValue('type', type);
  }

  function onSubmit(values: VehicleFormValues) {
    save(vehicleInput(values, generations));
  }

  return (
    <FormDialog
      {...dialog}
      description="A delivery vehicle is a channel your communications go out through, with its settings and the generations it reaches."
      className="max-w-2xl"
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField form={form} name="name" id="vehicle-name" label="Vehicle Name" placeholder="e.g., Weekly Programme Email" autoComplete="off" />
        <SelectField form={form} name="type" id="vehicle-type" label="Type" options={typeOptions} placeholder="Select a type" onValueChange={changeType} />
      </div>
      <TextareaField form={form} name="description" id="vehicle-description" label="Description" rows={2} />

      <fieldset className="grid gap-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Settings</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField form={form} name="template" id="vehicle-template" label="Template" autoComplete="off" />
          <NumberField form={form} name="maxLength" id="vehicle-max-length" label="Max Length" min={1} />
          <SelectField form={form} name="format" id="vehicle-format" label="Format" options={vehicleFormats} />
        </div>
      </fieldset>

      <SelectField form={form} name="communicationStrategy" id="vehicle-strategy" label="Communication Strategy" options={communicationStrategies} />
      <Controller
        control={form.control}
        name="generationalTargeting"
        render={({ field }) => <CheckboxGroup legend="Generational Targeting" options={generationOptions} value={field.value} onChange={field.onChange} />}
      />
      <Controller
        control={form.control}
        name="preferredGenerations"
        render={({ field }) => <CheckboxGroup legend="Preferred Generations" options={generationOptions} value={field.value} onChange={field.onChange} />}
      />

      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Generational Effectiveness (%)</legend>
        <div className="grid gap-3 sm:grid-cols-5">
          {generations.map((g) => {
            const id = `vehicle-effectiveness-${g.id}`;
            const error = errors.effectiveness?.[g.id]?.message;
            return (
              <div key={g.id} className="grid gap-1">
                <label htmlFor={id} className="text-xs font-medium text-slate-700">
                  {g.label}
                  <span className="sr-only"> effectiveness (%)</span>
                </label>
                <Input
                  id={id}
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  inputMode="numeric"
                  {...form.register(`effectiveness.${g.id}`, { valueAsNumber: true })}
                  {...fieldAria(id, error)}
                />
                {error && (
                  <p id={`${id}-error`} className="text-xs text-red-700">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
    </FormDialog>
  );
}
