import { describe, expect, it } from 'vitest';
import { actionPhrase, EMPTY, fallbackLabel, fieldSpec, namesList, valueText } from './history';

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

describe('actionPhrase', () => {
  it('words each action as a sentence, never an id', () => {
    expect(actionPhrase('commented', { text: { after: 'Looks good' }, commentId: { after: '0b6f…' } })).toBe('commented on this');
    expect(fieldSpec('communication', 'commentId').kind).toBe('hidden');
    expect(actionPhrase('updated')).toBe('updated this');
    expect(actionPhrase('review_approved')).toBe('approved this');
  });

  it('names whom a review request asked, and by when', () => {
    expect(actionPhrase('review_requested', { approvers: { after: ['Arjun Rao'] }, dueDate: { after: '2026-12-02' } })).toBe('asked Arjun Rao to review this, due Dec 2, 2026');
    expect(actionPhrase('review_requested', { approvers: { after: ['Arjun Rao', 'Bea Li', 'Cy Ng'] } })).toBe('asked Arjun Rao, Bea Li and Cy Ng to review this');
    expect(actionPhrase('review_requested', { approvers: { after: [] } })).toBe('asked any approver to review this');
    // An entry recorded before requests named their approvers.
    expect(actionPhrase('review_requested', { reviewState: { before: 'none', after: 'requested' } })).toBe('asked for a review of this');
    expect(fieldSpec('communication', 'approvers').kind).toBe('hidden');
    expect(namesList(['A', 'B'])).toBe('A and B');
  });
});
