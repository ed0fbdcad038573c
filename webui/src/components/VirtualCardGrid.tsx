import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type ReactNode } from 'react';
import { CARD_GAP, GRID_BREAKPOINTS, gridColumns, rowCount, rowItems, rowOf, virtualises } from '@/lib/cardRows';
import { CardGrid } from './CardGrid';
import { useWindowRows } from './useWindowRows';

/** subscribeWidth calls back when the viewport crosses one of CardGrid's breakpoints. */
function subscribeWidth(onChange: () => void): () => void {
  const queries = GRID_BREAKPOINTS.map((b) => window.matchMedia(`(min-width: ${b}px)`));
  queries.forEach((q) => q.addEventListener('change', onChange));
  return () => queries.forEach((q) => q.removeEventListener('change', onChange));
}

/** useGridColumns is CardGrid's column count now, following the viewport, at most max. */
function useGridColumns(max: number): number {
  return useSyncExternalStore(subscribeWidth, () => Math.min(gridColumns(window.innerWidth), max));
}

/** VirtualCardGridProps are a card grid's: its label, items, each item's key and card, a row's estimated height. */
type VirtualCardGridProps<T> = {
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  rowHeight: number;
  focusIndex?: number;
  maxColumns?: number;
  children: (item: T) => ReactNode;
};

/**
 * VirtualCardGrid is CardGrid for a long list: the same columns, drawn a row
 * at a time, only the rows in and near the view. The rows not
 * drawn hold their height (estimated, then measured), so nothing shifts; each
 * card says its position and the list's size (aria-posinset, aria-setsize),
 * so a screen reader announces the whole count; Tab reaches the cards as the
 * rows come in, and the row holding focus stays drawn. focusIndex, when set,
 * scrolls its card's row into view once. maxColumns caps the columns (a
 * grid of two columns at most, as the Assembly's theme step).
 */
export function VirtualCardGrid<T>({
  label,
  items,
  itemKey,
  rowHeight,
  focusIndex = -1,
  maxColumns = 3,
  children,
}: VirtualCardGridProps<T>) {
  const columns = useGridColumns(maxColumns);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const { list, virtual, margin } = useWindowRows({
    count: rowCount(items.length, columns),
    estimateSize: () => rowHeight,
    getItemKey: (row) => `${columns}:${row}`,
    gap: CARD_GAP,
    keep: focusRow,
  });
  const shown = useRef(-1);
  useEffect(() => {
    if (focusIndex < 0 || shown.current === focusIndex) return;
    shown.current = focusIndex;
    virtual.scrollToIndex(rowOf(focusIndex, columns), { align: 'center' });
  }, [focusIndex, columns, virtual]);

  function onFocus(e: FocusEvent<HTMLDivElement>) {
    const row = (e.target as HTMLElement).closest('[data-row]')?.getAttribute('data-row');
    setFocusRow(row == null ? null : Number(row));
  }

  return (
    <div
      ref={list}
      role="list"
      aria-label={label}
      className="relative w-full"
      style={{ height: virtual.getTotalSize() }}
      data-testid="virtual-card-grid"
      onFocus={onFocus}
    >
      {virtual.getVirtualItems().map((v) => (
        <div
          key={v.key}
          data-index={v.index}
          data-row={v.index}
          ref={virtual.measureElement}
          role="none"
          className="absolute left-0 top-0 grid w-full"
          style={{ transform: `translateY(${v.start - margin}px)`, gap: CARD_GAP, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {rowItems(items, v.index, columns).map((item, i) => (
            <div key={itemKey(item)} role="listitem" aria-posinset={v.index * columns + i + 1} aria-setsize={items.length}>
              {children(item)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * ListCardGrid is a screen's cards, however many: up to VIRTUAL_CARDS_ABOVE
 * a CardGrid draws every card (the demo data), past it a VirtualCardGrid
 * draws the rows in view. rowHeight is a row's estimated height.
 */
export function ListCardGrid<T>(props: Omit<VirtualCardGridProps<T>, 'maxColumns'>) {
  const { label, items, itemKey, children } = props;
  if (virtualises(items.length)) {
    return <VirtualCardGrid {...props} />;
  }
  return (
    <CardGrid label={label}>
      {items.map((item) => (
        <li key={itemKey(item)}>{children(item)}</li>
      ))}
    </CardGrid>
  );
}
