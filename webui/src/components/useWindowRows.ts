import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { withRow } from '@/lib/cardRows';

/**
 * useWindowRows draws a list's rows in and near the view over the window's
 * scroll (@tanstack/react-virtual), the one way the Questions and Themes
 * screens draw a long list. list goes on the element holding the
 * rows; a row is placed at translateY(start - margin), since the virtualiser
 * counts from the top of the page. keep is a row drawn even out of view (the
 * one holding focus).
 */
export function useWindowRows({
  count,
  estimateSize,
  getItemKey,
  overscan = 2,
  gap,
  keep = null,
}: {
  count: number;
  estimateSize: (index: number) => number;
  getItemKey?: (index: number) => string | number;
  overscan?: number;
  gap: number;
  keep?: number | null;
}) {
  const list = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    if (list.current) setMargin(list.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtual = useWindowVirtualizer({
    count,
    estimateSize,
    getItemKey,
    overscan,
    gap,
    scrollMargin: margin,
    rangeExtractor: (range) => withRow(defaultRangeExtractor(range), keep, count),
  });
  return { list, virtual, margin };
}
