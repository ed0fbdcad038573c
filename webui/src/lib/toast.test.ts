import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastReducer, type ToastItem } from './toast';

const t = (id: string): ToastItem => ({ id, title: id, variant: 'default', open: true });

describe('toastReducer', () => {
  it('keeps one toast at a time, the newest', () => {
    const s = toastReducer(toastReducer([], { type: 'add', toast: t('a') }), { type: 'add', toast: t('b') });
    expect(TOAST_LIMIT).toBe(1);
    expect(s.map((x) => x.id)).toEqual(['b']);
  });

  it('dismiss closes without removing; remove drops it', () => {
    const open = [t('a')];
    const closed = toastReducer(open, { type: 'dismiss', id: 'a' });
    expect(closed).toEqual([{ ...t('a'), open: false }]);
    expect(toastReducer(closed, { type: 'remove', id: 'a' })).toEqual([]);
    expect(toastReducer(open, { type: 'remove' })).toEqual([]);
  });
});
