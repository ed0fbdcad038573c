import { describe, expect, test } from 'vitest';
import { gridColumns, rowCount, rowItems, rowOf, virtualises, VIRTUAL_CARDS_ABOVE, withRow } from './cardRows';

describe('card rows', () => {
  test('only a grid above the threshold draws by rows', () => {
    expect(virtualises(0)).toBe(false);
    expect(virtualises(VIRTUAL_CARDS_ABOVE)).toBe(false);
    expect(virtualises(VIRTUAL_CARDS_ABOVE + 1)).toBe(true);
    expect(virtualises(200)).toBe(true);
    expect(virtualises(5, 4)).toBe(true);
  });

  test('columns follow the md and lg breakpoints', () => {
    expect(gridColumns(375)).toBe(1);
    expect(gridColumns(767)).toBe(1);
    expect(gridColumns(768)).toBe(2);
    expect(gridColumns(1023)).toBe(2);
    expect(gridColumns(1024)).toBe(3);
    expect(gridColumns(1440)).toBe(3);
  });

  test('rows hold columns cards, the last what is left', () => {
    const items = Array.from({ length: 200 }, (_, i) => i);
    expect(rowCount(200, 3)).toBe(67);
    expect(rowCount(201, 3)).toBe(67);
    expect(rowCount(202, 3)).toBe(68);
    expect(rowCount(0, 3)).toBe(0);
    expect(rowCount(7, 1)).toBe(7);
    expect(rowItems(items, 0, 3)).toEqual([0, 1, 2]);
    expect(rowItems(items, 66, 3)).toEqual([198, 199]);
    expect(rowItems(items, 67, 3)).toEqual([]);
    expect(rowItems(items, 99, 2)).toEqual([198, 199]);
    expect(rowOf(0, 3)).toBe(0);
    expect(rowOf(2, 3)).toBe(0);
    expect(rowOf(3, 3)).toBe(1);
    expect(rowOf(199, 3)).toBe(66);
    expect(rowOf(199, 1)).toBe(199);
    // Every card is in the row rowOf names.
    for (const cols of [1, 2, 3]) {
      for (const i of items) expect(rowItems(items, rowOf(i, cols), cols)).toContain(i);
    }
  });

  test('the focused row is kept in the drawn range', () => {
    expect(withRow([4, 5, 6], null, 67)).toEqual([4, 5, 6]);
    expect(withRow([4, 5, 6], 5, 67)).toEqual([4, 5, 6]);
    expect(withRow([4, 5, 6], 0, 67)).toEqual([0, 4, 5, 6]);
    expect(withRow([4, 5, 6], 40, 67)).toEqual([4, 5, 6, 40]);
    expect(withRow([4, 5, 6], 67, 67)).toEqual([4, 5, 6]);
  });
});
