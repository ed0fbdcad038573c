import { describe, expect, it } from 'vitest';
import { formatCount, formatPct, generationalShares, sharePct } from './generations';

describe('generationalShares', () => {
  it('gives the dataset figures: 873 traditional (45.1%), 1,059 digital native (54.8%), 1,933 total', () => {
    const s = generationalShares({ totalEmployees: 1933, generationalSplit: { traditional: 873, digitalNative: 1059, unknown: 1 } });
    expect(s).toEqual({ traditional: 873, digitalNative: 1059, total: 1933, traditionalPct: 45.1, digitalNativePct: 54.8 });
    expect(formatCount(s!.total)).toBe('1,933');
    expect(formatPct(s!.traditionalPct)).toBe('45.1%');
    expect(formatPct(s!.digitalNativePct)).toBe('54.8%');
  });

  it('is null without a split', () => {
    expect(generationalShares(undefined)).toBeNull();
    expect(generationalShares({ totalEmployees: 10 })).toBeNull();
  });

  it('shares never add up to more than 100', () => {
    for (const [a, b] of [
      [1, 2],
      [2, 1],
      [873, 1059],
      [333, 667],
      [5, 5],
    ]) {
      const s = generationalShares({ totalEmployees: a + b, generationalSplit: { traditional: a, digitalNative: b, unknown: 0 } })!;
      expect(s.traditionalPct + s.digitalNativePct).toBeLessThanOrEqual(100);
    }
  });
});

describe('sharePct', () => {
  it('cuts to one decimal', () => {
    expect(sharePct(873, 1932)).toBe(45.1);
    expect(sharePct(1059, 1932)).toBe(54.8);
    expect(sharePct(2, 3)).toBe(66.6);
  });
  it('keeps exact tenths', () => {
    expect(sharePct(1, 2)).toBe(50);
    expect(sharePct(7, 10)).toBe(70);
    expect(sharePct(3, 1000)).toBe(0.3);
  });
  it('is 0 for an empty whole', () => {
    expect(sharePct(0, 0)).toBe(0);
  });
});

describe('formatPct', () => {
  it('always shows one decimal', () => {
    expect(formatPct(50)).toBe('50.0%');
  });
});
