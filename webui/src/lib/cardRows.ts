/**
 * The arithmetic of a card grid drawn a row at a time: how many
 * columns the grid has at a width, which cards a row holds, and when a
 * screen switches from drawing every card to drawing the rows in view.
 */

/**
 * VIRTUAL_CARDS_ABOVE is the most cards a grid draws at once; past it only
 * the rows in view are drawn (about 21 cards at 1350 px). The demo data
 * stays under it; the five-year scale's 40 vehicles, 60 audiences and 60
 * content pieces do not.
 */
export const VIRTUAL_CARDS_ABOVE = 24;

/** CARD_GAP is the space between two cards and two rows (gap-4). */
export const CARD_GAP = 16;

/** GRID_BREAKPOINTS are the widths (Tailwind's md and lg) from which CardGrid has 2 and 3 columns. */
export const GRID_BREAKPOINTS = [768, 1024] as const;

/** virtualises tells whether a grid of count cards draws only the rows in view. */
export function virtualises(count: number, above = VIRTUAL_CARDS_ABOVE): boolean {
  return count > above;
}

/** gridColumns is CardGrid's column count at a viewport width, as its md:grid-cols-2 lg:grid-cols-3 classes lay it out. */
export function gridColumns(width: number): number {
  return 1 + GRID_BREAKPOINTS.filter((b) => width >= b).length;
}

/** rowCount is how many rows count cards fill at columns per row. */
export function rowCount(count: number, columns: number): number {
  return count <= 0 ? 0 : Math.ceil(count / Math.max(columns, 1));
}

/** rowOf is the row holding the card at index. */
export function rowOf(index: number, columns: number): number {
  return Math.floor(index / Math.max(columns, 1));
}

/** rowItems are the cards of row, the last row holding what is left. */
export function rowItems<T>(items: readonly T[], row: number, columns: number): T[] {
  const c = Math.max(columns, 1);
  return items.slice(row * c, row * c + c);
}

/** withRow is a virtualiser's range of rows plus keep (the row holding focus), so a focused card stays drawn while it scrolls away. */
export function withRow(range: number[], keep: number | null, count: number): number[] {
  if (keep === null || keep < 0 || keep >= count || range.includes(keep)) return range;
  return [...range, keep].sort((a, b) => a - b);
}
