// Delivery vehicle form logic (spec 02 §2.6, §3): type defaults, the payload,
// the card texts and the delete prompt.
import type { Generation, Vehicle, VehicleInput, VehicleType } from './types';

/** VehicleFormValues are the fields of the vehicle dialog; effectiveness is in percent (0–100). */
export interface VehicleFormValues {
  name: string;
  type: string;
  description: string;
  template: string;
  maxLength: number;
  format: string;
  generationalTargeting: string[];
  communicationStrategy: string;
  preferredGenerations: string[];
  effectiveness: Record<string, number>;
}

/** DEFAULT_VEHICLE_TYPE is the type a new vehicle starts with. */
export const DEFAULT_VEHICLE_TYPE = 'email';

/** vehicleFormats are the settings formats (spec 02 §3). */
export const vehicleFormats = [
  { value: 'text', label: 'Text' },
  { value: 'html', label: 'HTML' },
  { value: 'markdown', label: 'Markdown' },
] as const;

/** communicationStrategies are a vehicle's strategies (spec 02 §3; default universal). */
export const communicationStrategies = [
  { value: 'traditional', label: 'Traditional' },
  { value: 'digital', label: 'Digital' },
  { value: 'universal', label: 'Universal' },
] as const;

/** toPercent turns a 0–1 rating into a whole percentage. */
export function toPercent(x: number | undefined): number {
  return Math.round((Number(x) || 0) * 100);
}

function percents(ratings: Record<string, number> | null | undefined, generations: Generation[]): Record<string, number> {
  return Object.fromEntries(generations.map((g) => [g.id, toPercent(ratings?.[g.id])]));
}

/** emptyVehicleValues are the fields before a type is applied. */
export function emptyVehicleValues(generations: Generation[]): VehicleFormValues {
  return {
    name: '',
    type: DEFAULT_VEHICLE_TYPE,
    description: '',
    template: '',
    maxLength: 0,
    format: 'text',
    generationalTargeting: [],
    communicationStrategy: 'universal',
    preferredGenerations: [],
    effectiveness: percents(null, generations),
  };
}

/**
 * withTypeDefaults fills values with type t's defaults: settings, strategy,
 * preferred generations (also the targeting) and effectiveness. The
 * description takes the type's text only when it is empty or still the
 * previous type's text, so nothing the planner typed is lost. The name is kept.
 */
export function withTypeDefaults(values: VehicleFormValues, t: VehicleType, generations: Generation[], previous?: VehicleType): VehicleFormValues {
  const description = values.description.trim() === '' || (previous && values.description === previous.description) ? t.description : values.description;
  return {
    ...values,
    type: t.type,
    description,
    template: t.defaultSettings.template,
    maxLength: t.defaultSettings.maxLength,
    format: t.defaultSettings.format,
    communicationStrategy: t.defaultStrategy,
    preferredGenerations: [...t.preferredGenerations],
    generationalTargeting: [...t.preferredGenerations],
    effectiveness: percents(t.defaultEffectiveness, generations),
  };
}

/** newVehicleValues are the create dialog's starting fields: the default type with its defaults. */
export function newVehicleValues(types: VehicleType[], generations: Generation[]): VehicleFormValues {
  const base = emptyVehicleValues(generations);
  const t = types.find((x) => x.type === DEFAULT_VEHICLE_TYPE) ?? types[0];
  return t ? withTypeDefaults(base, t, generations) : base;
}

/** vehicleValues are the edit dialog's fields for a stored vehicle. */
export function vehicleValues(v: Vehicle, generations: Generation[]): VehicleFormValues {
  return {
    name: v.name,
    type: v.type,
    description: v.description ?? '',
    template: v.settings?.template ?? '',
    maxLength: Number(v.settings?.maxLength) || 0,
    format: v.settings?.format || 'text',
    generationalTargeting: [...(v.generationalTargeting ?? [])],
    communicationStrategy: v.communicationStrategy || 'universal',
    preferredGenerations: [...(v.preferredGenerations ?? [])],
    effectiveness: percents(v.generationalEffectiveness, generations),
  };
}

/** inOrder keeps the generation ids that are in ids, oldest generation first. */
function inOrder(ids: string[], generations: Generation[]): string[] {
  return generations.map((g) => g.id).filter((id) => ids.includes(id));
}

/** vehicleInput is the create and update payload of the form's values (effectiveness back to 0–1). */
export function vehicleInput(v: VehicleFormValues, generations: Generation[]): VehicleInput {
  return {
    name: v.name.trim(),
    type: v.type,
    description: v.description.trim(),
    settings: { template: v.template.trim(), maxLength: v.maxLength, format: v.format },
    generationalTargeting: inOrder(v.generationalTargeting, generations),
    communicationStrategy: v.communicationStrategy,
    preferredGenerations: inOrder(v.preferredGenerations, generations),
    generationalEffectiveness: Object.fromEntries(generations.map((g) => [g.id, (v.effectiveness[g.id] ?? 0) / 100])),
  };
}

/** typeLabel names a vehicle type ("Town Hall"), or the raw type when unknown. */
export function typeLabel(types: VehicleType[] | undefined, type: string): string {
  return types?.find((t) => t.type === type)?.label ?? type;
}

/** generationNames names generation ids, oldest first ("Millennials, Generation Z"). */
export function generationNames(ids: string[] | null | undefined, generations: Generation[] | undefined): string {
  const list = ids ?? [];
  if (!generations) return list.join(', ');
  return generations
    .filter((g) => list.includes(g.id))
    .map((g) => g.label)
    .join(', ');
}

/** formatLabel names a settings format ("HTML"). */
export function formatLabel(format: string): string {
  return vehicleFormats.find((f) => f.value === format)?.label ?? format;
}

/** strategyLabel names a communication strategy ("Digital"). */
export function strategyLabel(strategy: string): string {
  return communicationStrategies.find((s) => s.value === strategy)?.label ?? strategy;
}

/** settingsSummary is a card's one-line summary of the settings, e.g. "HTML · up to 5,000 characters · standard template". */
export function settingsSummary(s: Vehicle['settings'] | null | undefined): string {
  if (!s) return '';
  const parts = [formatLabel(s.format)];
  if (Number(s.maxLength) > 0) parts.push(`up to ${Number(s.maxLength).toLocaleString('en-US')} characters`);
  if (s.template) parts.push(`${s.template} template`);
  return parts.join(' · ');
}

/** usedByText is the card's usage line: "Used by 1 communication", "Used by 3 communications". */
export function usedByText(count: number | undefined): string {
  const n = Number(count) || 0;
  return `Used by ${n.toLocaleString('en-US')} ${n === 1 ? 'communication' : 'communications'}`;
}

/** VEHICLE_DELETE_CONFIRM is the confirm prompt for a vehicle no communication uses (the spec leaves its wording open). */
export const VEHICLE_DELETE_CONFIRM = 'Are you sure you want to delete this delivery vehicle?';

/** vehicleDeleteConfirm is the delete prompt; a vehicle in use says how many communications lose it. */
export function vehicleDeleteConfirm(count: number | undefined): string {
  const n = Number(count) || 0;
  if (n <= 0) return VEHICLE_DELETE_CONFIRM;
  const who = n === 1 ? '1 communication uses it' : `${n.toLocaleString('en-US')} communications use it`;
  return `${VEHICLE_DELETE_CONFIRM} ${who} and will no longer have a delivery vehicle.`;
}
