import { describe, expect, it } from 'vitest';
import type { Generation, Vehicle, VehicleType } from './types';
import {
  emptyVehicleValues,
  generationNames,
  newVehicleValues,
  settingsSummary,
  typeLabel,
  usedByText,
  vehicleDeleteConfirm,
  vehicleInput,
  vehicleValues,
  withTypeDefaults,
} from './vehicles';

const gens: Generation[] = [
  { id: 'silent_gen', label: 'Silent Generation', bornFrom: 1928, bornTo: 1945, cohort: 'traditional' },
  { id: 'baby_boomers', label: 'Baby Boomers', bornFrom: 1946, bornTo: 1964, cohort: 'traditional' },
  { id: 'gen_x', label: 'Generation X', bornFrom: 1965, bornTo: 1980, cohort: 'traditional' },
  { id: 'millennials', label: 'Millennials', bornFrom: 1981, bornTo: 1996, cohort: 'digital-native' },
  { id: 'gen_z', label: 'Generation Z', bornFrom: 1997, bornTo: 2012, cohort: 'digital-native' },
];

function vt(type: string, label: string, strategy: string, preferred: string[], template: string, maxLength: number, format: string): VehicleType {
  const eff = Object.fromEntries(gens.map((g) => [g.id, preferred.includes(g.id) ? 0.85 : 0.45]));
  return { type, label, description: `${label} description`, defaultStrategy: strategy, preferredGenerations: preferred, defaultSettings: { template, maxLength, format }, defaultEffectiveness: eff };
}

const email = vt('email', 'Email', 'universal', ['baby_boomers', 'gen_x', 'millennials'], 'standard', 5000, 'html');
const social = vt('social', 'Social Media', 'digital', ['millennials', 'gen_z'], 'post', 280, 'text');
const types = [email, social];

describe('type defaults', () => {
  it('a new vehicle starts as an email with its defaults', () => {
    const v = newVehicleValues(types, gens);
    expect(v).toMatchObject({ type: 'email', template: 'standard', maxLength: 5000, format: 'html', communicationStrategy: 'universal', description: 'Email description' });
    expect(v.preferredGenerations).toEqual(['baby_boomers', 'gen_x', 'millennials']);
    expect(v.generationalTargeting).toEqual(['baby_boomers', 'gen_x', 'millennials']);
    expect(v.effectiveness).toEqual({ silent_gen: 45, baby_boomers: 85, gen_x: 85, millennials: 85, gen_z: 45 });
  });

  it('choosing a type replaces the settings, strategy, generations and effectiveness but keeps the name', () => {
    const start = { ...newVehicleValues(types, gens), name: 'All-staff email' };
    const v = withTypeDefaults(start, social, gens, email);
    expect(v).toMatchObject({ name: 'All-staff email', type: 'social', template: 'post', maxLength: 280, format: 'text', communicationStrategy: 'digital' });
    expect(v.preferredGenerations).toEqual(['millennials', 'gen_z']);
    expect(v.effectiveness.gen_z).toBe(85);
    // The previous type's description was not edited, so it follows the type.
    expect(v.description).toBe('Social Media description');
  });

  it('a typed description is kept', () => {
    const start = { ...newVehicleValues(types, gens), description: 'Our own words' };
    expect(withTypeDefaults(start, social, gens, email).description).toBe('Our own words');
  });

  it('the defaults are copies, not the reference lists', () => {
    const v = withTypeDefaults(emptyVehicleValues(gens), social, gens);
    v.preferredGenerations.push('silent_gen');
    expect(social.preferredGenerations).toEqual(['millennials', 'gen_z']);
  });
});

describe('payload', () => {
  it('sends settings as an object, generations oldest first and effectiveness from 0 to 1', () => {
    const v = { ...newVehicleValues(types, gens), name: ' Weekly email ', generationalTargeting: ['millennials', 'silent_gen'], effectiveness: { silent_gen: 10, baby_boomers: 100, gen_x: 0, millennials: 55, gen_z: 85 } };
    expect(vehicleInput(v, gens)).toEqual({
      name: 'Weekly email',
      type: 'email',
      description: 'Email description',
      settings: { template: 'standard', maxLength: 5000, format: 'html' },
      generationalTargeting: ['silent_gen', 'millennials'],
      communicationStrategy: 'universal',
      preferredGenerations: ['baby_boomers', 'gen_x', 'millennials'],
      generationalEffectiveness: { silent_gen: 0.1, baby_boomers: 1, gen_x: 0, millennials: 0.55, gen_z: 0.85 },
    });
  });

  it('a stored vehicle round-trips through the form', () => {
    const stored: Vehicle = {
      id: 'v1',
      name: 'Field SMS',
      type: 'social',
      description: 'Texts',
      settings: { template: 'sms', maxLength: 160, format: 'text' },
      generationalTargeting: ['gen_z'],
      communicationStrategy: 'digital',
      preferredGenerations: null,
      generationalEffectiveness: { gen_z: 0.9 },
      communicationCount: 2,
      createdAt: '2031-01-01T00:00:00Z',
    };
    const values = vehicleValues(stored, gens);
    expect(values.effectiveness).toEqual({ silent_gen: 0, baby_boomers: 0, gen_x: 0, millennials: 0, gen_z: 90 });
    expect(vehicleInput(values, gens)).toMatchObject({ name: 'Field SMS', settings: stored.settings, generationalTargeting: ['gen_z'], preferredGenerations: [] });
  });
});

describe('texts', () => {
  it('names types and generations', () => {
    expect(typeLabel(types, 'social')).toBe('Social Media');
    expect(typeLabel(types, 'podcast')).toBe('podcast');
    expect(generationNames(['gen_z', 'millennials'], gens)).toBe('Millennials, Generation Z');
  });

  it('summarises settings', () => {
    expect(settingsSummary({ template: 'standard', maxLength: 5000, format: 'html' })).toBe('HTML · up to 5,000 characters · standard template');
    expect(settingsSummary({ template: '', maxLength: 0, format: 'markdown' })).toBe('Markdown');
  });

  it('counts the communications that use a vehicle', () => {
    expect(usedByText(0)).toBe('Used by 0 communications');
    expect(usedByText(1)).toBe('Used by 1 communication');
    expect(usedByText(1200)).toBe('Used by 1,200 communications');
  });

  it('the delete prompt says when the vehicle is in use', () => {
    expect(vehicleDeleteConfirm(0)).toBe('Are you sure you want to delete this delivery vehicle?');
    expect(vehicleDeleteConfirm(undefined)).toBe('Are you sure you want to delete this delivery vehicle?');
    expect(vehicleDeleteConfirm(1)).toBe('Are you sure you want to delete this delivery vehicle? 1 communication uses it and will no longer have a delivery vehicle.');
    expect(vehicleDeleteConfirm(3)).toBe('Are you sure you want to delete this delivery vehicle? 3 communications use it and will no longer have a delivery vehicle.');
  });
});
