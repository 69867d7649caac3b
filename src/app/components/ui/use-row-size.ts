import { measureElement, type Virtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

/**
 * How tall the data table's virtualizer takes its rows: a row not measured yet is as tall as the last row measured in
 * the same layout (`phone`: cards, else table rows), `estimate` until one is. Not a fixed guess: the scroll box is as
 * tall as the list from the first rows (rows are 53 to 68 px where 52 was assumed), and a row measured at its estimate
 * does not make the virtualizer place every row after it again (a pass over all 200,000 rows of a list at scale).
 *
 * Rows are measured from the virtualizer's ResizeObserver only. Its other call, from a row's ref, would read the
 * row's height inside React's commit and lay the page out there, once per task of rows drawn (70 to 190 ms each
 * at scale on a slow machine); the observer reports the same size after the frame's own layout.
 */
export function useRowSize(phone: boolean, estimate: number) {
  const measured = useRef<{ phone: boolean; size: number } | null>(null);
  const estimateSize = () => (measured.current?.phone === phone ? measured.current.size : estimate);
  return {
    estimateSize,
    measureElement: (
      element: Element,
      entry: ResizeObserverEntry | undefined,
      instance: Virtualizer<HTMLDivElement, Element>,
    ) => {
      if (!entry) {
        const key = instance.options.getItemKey(instance.indexFromElement(element));
        return instance.itemSizeCache.get(key) ?? estimateSize();
      }
      const size = measureElement(element, entry, instance);
      if (size > 0) measured.current = { phone, size };
      return size;
    },
  };
}
