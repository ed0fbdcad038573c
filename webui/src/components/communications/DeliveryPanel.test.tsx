import { describe, expect, it } from 'vitest';
import { deliveredText, progress, SENDING_TYPES } from './DeliveryPanel';

const counts = { queued: 2, sending: 1, sent: 412, failed: 3, skipped: 0, total: 418 };

describe('DeliveryPanel figures', () => {
  it('says how many were delivered, as the Schedule does', () => {
    expect(deliveredText({ ...counts, queued: 0, sending: 0, total: 415 })).toBe('412 of 415 delivered');
  });
  it('counts progress as the recipients no longer waiting', () => {
    expect(progress(counts)).toBe(Math.round((415 / 418) * 100));
    expect(progress({ ...counts, queued: 0, sending: 0 })).toBe(100);
    expect(progress({ queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0, total: 0 })).toBe(0);
  });
  it('sends the vehicle types the server sends, and no other', () => {
    expect(SENDING_TYPES).toEqual(['email', 'newsletter', 'yammer_teams', 'slack']);
  });
});
