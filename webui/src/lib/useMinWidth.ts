import { useSyncExternalStore } from 'react';

/** NARROW_BELOW is the width (px) under which wide tables and grids give way to lists and cards (Tailwind's md). */
export const NARROW_BELOW = 768;

/**
 * useMinWidth says whether the viewport is at least px wide, and follows
 * it as it changes. A screen that draws one layout or the other (a table
 * or cards) draws only one, so each control is in the page once.
 */
export function useMinWidth(px: number = NARROW_BELOW): boolean {
  const query = `(min-width: ${px}px)`;
  return useSyncExternalStore(
    (onChange) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', onChange);
      return () => m.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}
