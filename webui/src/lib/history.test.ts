import { describe, expect, it } from 'vitest';
import { EMPTY, fallbackLabel, fieldSpec, valueText } from './history';

describe('fieldSpec', () => {
  it('labels a field as its form does, and an unknown one in words', () => {
    expect(fieldSpec('communication', 'scheduledDate')).toEqual({ label: 'Scheduled date', kind: 'date' });
    expect(fieldSpec('checklist_item', 'actualScore').label).toBe('Score');
    expect(fieldSpec('vehicle', 'reviewState').label).toBe('Review');
    expect(fieldSpec('communication', 'sourceActivityId').kind).toBe('hidden');
    expect(fieldSpec('campaign', 'schedule').kind).toBe('summary');
    expect(fallbackLabel('someNewField')).toBe('Some new field');
    expect(fallbackLabel('heat_map')).toBe('Heat map');
  });
});

describe('valueText', () => {
  it('words values as the screens show them', () => {
    expect(valueText('bool', false)).toBe('No');
    expect(valueText('bool', true)).toBe('Yes');
    expect(valueText('status', 'sent')).toBe('Sent');
    expect(valueText('date', '2027-03-04')).toBe('Mar 4, 2027');
    expect(valueText('text', ['north', 'south'])).toBe('north, south');
    expect(valueText('text', '')).toBe(EMPTY);
    expect(valueText('text', 'x'.repeat(100))).toBe(`${'x'.repeat(79)}…`);
    expect(valueText('number', 5000)).toBe('5,000');
  });
});
