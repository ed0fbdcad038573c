import { describe, expect, it } from 'vitest';
import { activityAge, activityText, activityWhen } from './activity';
import { formatShortDate } from './dates';

describe('activity', () => {
  it.each([
    [{ action: 'created', entityType: 'theme', label: 'Go-Live' }, 'Theme created: Go-Live'],
    [{ action: 'updated', entityType: 'content', label: 'FAQ' }, 'Content updated: FAQ'],
    [{ action: 'deleted', entityType: 'checklist_template', label: '' }, 'Checklist template deleted'],
    [{ action: 'review_changes_requested', entityType: 'communication', label: 'Go-live' }, 'Communication changes requested: Go-live'],
    [{ action: 'review_reset', entityType: 'campaign', label: 'Wave' }, 'Campaign approval reset by an edit: Wave'],
  ])('%j', (a, want) => {
    expect(activityText(a)).toBe(want);
  });

  it('says how long ago', () => {
    const now = new Date('2025-03-12T10:00:00Z');
    expect(activityAge('2025-03-12T09:59:30Z', now)).toBe('just now');
    expect(activityAge('2025-03-12T07:00:00Z', now)).toBe('3 hours ago');
    expect(activityAge('bad', now)).toBe('');
    expect(activityWhen({ at: '2025-03-12T07:00:00Z', actorName: 'Dana Reyes' }, now)).toBe('3 hours ago by Dana Reyes');
    expect(activityWhen({ at: '2025-03-12T07:00:00Z', actorName: '' }, now)).toBe('3 hours ago');
  });
});

describe('formatShortDate', () => {
  it.each([
    ['2025-03-04', 'Mar 4, 2025'],
    ['', ''],
    ['garbage', ''],
  ])('%j', (v, want) => {
    expect(formatShortDate(v)).toBe(want);
  });
});
