import { describe, expect, it } from 'vitest';
import { canChange, inboxKindLabel, queueFacts, recordLink } from './inbox';

describe('inbox', () => {
  it('labels every kind', () => {
    expect(inboxKindLabel('review_requested')).toBe('asked you to review');
    expect(inboxKindLabel('changes_requested')).toBe('requested changes to');
    expect(inboxKindLabel('something_new')).toBe('something new');
  });
  it('links a record to the screen that opens it', () => {
    expect(recordLink('communication', 'a b')).toBe('/schedule?focus=a%20b');
    expect(recordLink('campaign', 'k1')).toBe('/campaign-inventory?focus=k1');
  });
  it('keeps the edit buttons for 15 minutes', () => {
    const at = '2031-03-04T09:00:00Z';
    expect(canChange(at, new Date('2031-03-04T09:14:59Z'))).toBe(true);
    expect(canChange(at, new Date('2031-03-04T09:15:00Z'))).toBe(false);
  });
  it('says who asked, by when and how long ago', () => {
    const now = new Date(2031, 2, 4, 12, 0, 0);
    const r = { state: 'requested' as const, approvers: [], decisions: [], dueDate: '2031-03-02', requestedBy: { id: 'd', name: 'Dana Reyes' }, requestedAt: new Date(2031, 2, 1, 12).toISOString() };
    expect(queueFacts(r, now)).toEqual({ askedBy: 'Asked by Dana Reyes', due: 'due Mar 2, 2031', overdue: true, age: '3 days ago' });
    expect(queueFacts({ ...r, dueDate: '2031-03-04' }, now).overdue).toBe(false);
    expect(queueFacts({ ...r, dueDate: '', requestedBy: undefined, requestedAt: undefined }, now)).toEqual({ askedBy: 'Asked', due: '', overdue: false, age: '' });
  });
});
