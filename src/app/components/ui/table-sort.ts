import { useEffect, useMemo, useState } from 'react';
import { sortOrder, sortOrderInSlices, type SortValue } from './sort-order';

/** A table's order: a column key, ascending or descending; null keeps the list's own order. */
export type TableSort = { key: string; desc: boolean } | null;

/** The sort as the URL holds it: `name` ascending, `-name` descending. */
export const sortParam = (sort: TableSort): string | undefined =>
  sort ? `${sort.desc ? '-' : ''}${sort.key}` : undefined;

/** The URL's sort, if it names one of `keys`: a hand-edited or old link falls back to the list's order. */
export function parseSort(value: unknown, keys: readonly string[]): TableSort {
  if (typeof value !== 'string') return null;
  const desc = value.startsWith('-');
  const key = desc ? value.slice(1) : value;
  return keys.includes(key) ? { key, desc } : null;
}

/** A header click: ascending first, then descending, then the list's own order again. */
export const nextSort = (sort: TableSort, key: string): TableSort =>
  sort?.key !== key ? { key, desc: false } : sort.desc ? null : { key, desc: true };

/** The rows and their order by the screen's sort (their places; null: the list's own order). */
export interface SortedRows<T> {
  rows: readonly T[];
  order: Uint32Array | null;
}

interface Sorted<T> extends SortedRows<T> {
  sortValue: ((row: T) => SortValue) | undefined;
  desc: boolean;
}

/** Lists shorter than this are sorted in the render that needs it; longer ones in slices (`sortOrderInSlices`). */
export const SLICED_SORT_ROWS = 20_000;

/**
 * The rows of the list sorted by `sort` over the table's `columns`: computed when the list or the sort changes
 * (not on a keystroke). A long list is sorted in slices, the browser free between them, while the screen keeps
 * the rows it showed; a change that leaves every value of the column as it was (an Approve in a list sorted by
 * name) keeps the order it had, with the new rows.
 */
export function useSortOrder<T>(
  rows: readonly T[],
  columns: readonly { key: string; sortValue?: (row: T) => SortValue }[],
  sort: TableSort,
  slicedFrom = SLICED_SORT_ROWS,
): SortedRows<T> {
  const sortValue = sort ? columns.find((c) => c.key === sort.key)?.sortValue : undefined;
  const desc = sort?.desc ?? false;
  const [shown, setShown] = useState<Sorted<T> | null>(null);
  const [sliced, setSliced] = useState<Sorted<T> | null>(null);
  const ready = useMemo((): Sorted<T> | null => {
    if (!sortValue) return { rows, order: null, sortValue, desc };
    const last = sliced?.sortValue === sortValue && sliced.desc === desc ? sliced : null;
    if (last && (last.rows === rows || sameValues(last.rows, rows, sortValue))) return { ...last, rows };
    if (rows.length < slicedFrom) return { rows, order: sortOrder(rows, sortValue, desc), sortValue, desc };
    return null;
  }, [rows, sortValue, desc, sliced, slicedFrom]);
  // What the screen shows until a sort in slices is done: the rows as they were shown (a long list's only).
  if (ready && ready !== shown && rows.length >= slicedFrom) setShown(ready);
  useEffect(() => {
    if (ready || !sortValue) return;
    let alive = true;
    void sortOrderInSlices(rows, sortValue, desc, () => alive).then(
      (order) => order && alive && setSliced({ rows, order, sortValue, desc }),
    );
    return () => void (alive = false);
  }, [ready, rows, sortValue, desc]);
  return ready ?? shown ?? { rows, order: null };
}

/** The same rows in the same places, or rows whose values of the column are unchanged: the order still holds. */
function sameValues<T>(before: readonly T[], after: readonly T[], sortValue: (row: T) => SortValue) {
  if (before.length !== after.length) return false;
  for (let i = 0; i < after.length; i++)
    if (before[i] !== after[i] && sortValue(before[i]!) !== sortValue(after[i]!)) return false;
  return true;
}
