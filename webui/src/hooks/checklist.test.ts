import { describe, expect, it } from 'vitest';
import { conflictText } from './checklist';

describe('conflictText', () => {
  it("says who saved first and when, in the browser's time", () => {
    const at = '2026-11-25T14:02:00Z';
    const local = new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(conflictText({ changedBy: 'Dana Reyes', changedAt: at })).toBe(`Changed by Dana Reyes at ${local}`);
  });
  it('says nothing when the server could not tell', () => {
    expect(conflictText(null)).toBeNull();
    expect(conflictText({ changedBy: 'Dana Reyes' })).toBeNull();
  });
});
