import { measureElement, type Virtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

/**
 * How tall the data table's virtualizer takes its rows: a row not measured yet is as tall as the last row measured in
 * the same layout (`phone`: cards, else table rows), `estimate` until one is. Not a fixed guess: the scroll box is as
 * tall as the list from the first rows (rows are 53 to 68 px where 52 was assumed), and a row measured at its estimate
 * does not make the virtualizer place every row after it again (a pass over all 200,000 rows of a list at scale).
 */
export function useRowSize(phone: boolean, estimate: number) {
  const measured = useRef<{ phone: boolean; size: number } | null>(null);
  return {
    estimateSize: () => (measured.current?.phone === phone ? measured.current.size : estimate),
    measureElement: (
      element: Element,
      entry: ResizeObserverEntry | undefined,
      instance: Virtualizer<HTMLDivElement, Element>,
    ) => {
      const size = measureElement(element, entry, instance);
      if (size > 0) measured.current = { phone, size };
      return size;
    },
  };
}
