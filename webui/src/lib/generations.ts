import type { Reference } from './types';

/** GenerationalShares are the figures of the Delivery Vehicles banner. */
export interface GenerationalShares {
  traditional: number;
  digitalNative: number;
  total: number;
  /** traditionalPct and digitalNativePct are percentages with one decimal. */
  traditionalPct: number;
  digitalNativePct: number;
}

/**
 * sharePct is part as a percentage of whole, cut (not rounded) to one
 * decimal, so that shares never add up to more than 100. 0 when whole is 0.
 */
export function sharePct(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  // The epsilon keeps exact tenths (e.g. 50.0) from falling to the tenth below.
  return Math.floor((part * 1000) / whole + 1e-9) / 10;
}

/**
 * generationalShares computes the banner from the reference data: the
 * traditional (Silent Generation to Generation X) and digital-native
 * (Millennials, Generation Z) head counts, the total workforce, and each
 * cohort's share of the employees whose generation is known (the dataset has
 * employees without a birth year; they count in the total only).
 * The total is the split's own: the split is the spec's synthetic
 * company's, which a loaded directory (with no birth years) does not change.
 * null when the reference data has no split.
 */
export function generationalShares(ref: Pick<Reference, 'generationalSplit' | 'totalEmployees'> | undefined): GenerationalShares | null {
  const split = ref?.generationalSplit;
  if (!split) return null;
  const known = split.traditional + split.digitalNative;
  return {
    traditional: split.traditional,
    digitalNative: split.digitalNative,
    total: split.traditional + split.digitalNative + (split.unknown ?? 0),
    traditionalPct: sharePct(split.traditional, known),
    digitalNativePct: sharePct(split.digitalNative, known),
  };
}

/** formatCount writes a whole number the en-US way, e.g. 1,933. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** formatPct writes a percentage with one decimal, e.g. 45.1%. */
export function formatPct(p: number): string {
  return `${p.toFixed(1)}%`;
}
