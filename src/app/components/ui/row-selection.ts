import { useMemo, useRef, useState } from 'react';

/** What the data table needs to show and change a selection (see `useRowSelection`). */
export interface RowSelection<T> {
  /** Ids selected, among the rows shown. */
  readonly ids: ReadonlySet<string>;
  /** The selected rows, in screen order. */
  readonly rows: readonly T[];
  /** How many rows the table shows: "Select all N matching". */
  readonly total: number;
  /** Why "select all" waits (the list is still arriving: docs/choices.md); null when it can be used. */
  readonly allWaits: string | null;
  isSelected: (row: T) => boolean;
  /** One row's checkbox; with Shift, every row from the last one clicked takes the clicked row's new state. */
  toggle: (index: number, shift: boolean) => void;
  /** Every row shown (the current search's matches), or none when all of them already are. */
  toggleAll: () => void;
  /** Exactly these ids stay selected (e.g. the refused ones after a bulk action). */
  keepOnly: (ids: Iterable<string>) => void;
  clear: () => void;
  /** Accessible name of a row's checkbox. */
  label: (row: T) => string;
}

/** The row key of every record list: its id. */
export const recordId = (row: { _id: string }) => row._id;

interface State {
  scope: string;
  ids: ReadonlySet<string>;
}

/**
 * A selection over the rows a table shows, held as a Set of ids (10,000 selected rows cost one Set, and
 * only the rows on screen re-render). `scope` is what the rows match (the search text): a new scope starts
 * with nothing selected, so an action never reaches rows the admin no longer sees. Rows that leave the
 * list (deleted, here or by another admin) leave the selection too.
 */
export function useRowSelection<T>(
  rows: readonly T[],
  rowKey: (row: T) => string,
  label: (row: T) => string,
  scope = '',
  allWaits: string | null = null,
): RowSelection<T> {
  const [state, setState] = useState<State>({ scope, ids: new Set() });
  const stored = state.scope === scope ? state.ids : EMPTY;
  // The last checkbox clicked without Shift: the other end of a Shift-click range.
  const anchor = useRef<{ rows: readonly T[]; index: number } | null>(null);

  const selected = useMemo(() => {
    if (stored.size === 0) return { rows: [] as T[], ids: EMPTY };
    const shown = rows.filter((r) => stored.has(rowKey(r)));
    return { rows: shown, ids: shown.length === stored.size ? stored : new Set(shown.map(rowKey)) };
  }, [rows, stored, rowKey]);

  // One object per change of rows or selection, so a memoised table skips renders that change neither.
  return useMemo(() => {
    const set = (ids: ReadonlySet<string>) => setState({ scope, ids });
    return {
      ids: selected.ids,
      rows: selected.rows,
      total: rows.length,
      allWaits,
      isSelected: (row: T) => selected.ids.has(rowKey(row)),
      label,
      toggle(index: number, shift: boolean) {
        const row = rows[index];
        if (row === undefined) return;
        const on = !selected.ids.has(rowKey(row));
        const next = new Set(selected.ids);
        const from = shift && anchor.current?.rows === rows ? anchor.current.index : index;
        const [lo, hi] = from < index ? [from, index] : [index, from];
        for (let i = lo; i <= hi; i++) {
          const id = rowKey(rows[i]!);
          if (on) next.add(id);
          else next.delete(id);
        }
        anchor.current = { rows, index };
        set(next);
      },
      toggleAll() {
        if (allWaits) return;
        anchor.current = null;
        set(selected.ids.size === rows.length ? EMPTY : new Set(rows.map(rowKey)));
      },
      keepOnly(ids: Iterable<string>) {
        anchor.current = null;
        set(new Set(ids));
      },
      clear() {
        anchor.current = null;
        set(EMPTY);
      },
    };
  }, [rows, selected, rowKey, label, scope, allWaits]);
}

const EMPTY: ReadonlySet<string> = new Set();
