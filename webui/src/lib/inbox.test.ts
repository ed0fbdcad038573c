import { describe, expect, it } from 'vitest';
import { canChange, inboxKindLabel, recordLink } from './inbox';

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
});
