import { Checkbox, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRouter, type NavigateOptions } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { MESSAGES } from '@/shared/messages';
import classes from './data-table.module.css';
import { recordId, type RowSelection } from './row-selection';
import { SortHeader, SortSelect } from './sort-controls';
import { useFitHeight } from './use-fit-height';
import { useRowSize } from './use-row-size';
import type { SortValue } from './sort-order';
import type { TableSort } from './table-sort';

export interface Column<T> {
  key: string;
  header: string;
  width?: number | string;
  render: (row: T, index: number) => ReactNode;
  /** Makes the column sortable by this value (with the table's `sort` and `onSort`). */
  sortValue?: (row: T) => SortValue;
}

/** The numbering column: each row's place among the rows shown, from 1. */
export const rowNumberColumn = <T,>(header: string): Column<T> => ({
  key: 'no',
  header,
  width: 64,
  render: (_row, i) => (
    <Text c="dimmed" size="sm">
      {i + 1}
    </Text>
  ),
});

/** How a list shows, apart from its rows: a module constant (or a memo), so a write renders its row only. */
export type TableView<T> = {
  columns: Column<T>[];
  /** Accessible name of a row, read before its cells (e.g. "Open user Ann Lee"). */
  rowLabel?: (row: T) => string;
  /**
   * What a click or Enter on a row opens (null: nothing for this row); with Ctrl or ⌘, or a middle click, in a
   * new tab, as a link would. Without it, rows open nothing.
   */
  rowLink?: (row: T) => NavigateOptions | null;
  emptyText: string;
  /**
   * The table scrolls inside the window's height below it (one scroll, `useFitHeight`), at most this; only the
   * visible rows are in the DOM.
   */
  maxHeight?: number;
  /** Used for the first render before rows are measured. */
  rowHeight?: number;
  caption?: string;
} & (T extends { _id: string }
  ? { /** Default: the record's id. */ rowKey?: (row: T) => string }
  : { rowKey: (row: T) => string });

interface DataTableProps<T> {
  view: TableView<T>;
  rows: readonly T[];
  /** Row selection for bulk actions (`useRowSelection`): a checkbox per row and one for all rows shown. */
  selection?: RowSelection<T>;
  /** The rows' order (the caller sorts them, `useSortedRows`, so the selection sees the same order). */
  sort?: TableSort;
  /** Makes the headers of the columns with a `sortValue` buttons that change the order. */
  onSort?: (sort: TableSort) => void;
}

/**
 * Rows a table's first render draws, and adds per task (a timer: the lists' updates, a page or a partial list,
 * would restart a deferred render until they stop) until every visible row is drawn: short tasks.
 */
const ROWS_PER_TASK = 4;

/** Below this width each row becomes a card of label/value lines: no sideways scrolling on phones. */
const PHONE_QUERY = '(max-width: 48em)';

/**
 * The one table of the app: sticky header, virtualised rows (50,000 rows stay smooth), and a row click or Enter
 * that opens the detail (not a click on a button in it). On phones the same rows render as cards.
 */
export function DataTable<T>({ view, rows, selection, sort = null, onSort }: DataTableProps<T>) {
  const { columns, rowLabel, rowLink, emptyText, maxHeight, rowHeight = 52, caption } = view;
  const rowKey = view.rowKey ?? (recordId as (row: T) => string);
  const router = useRouter();
  const onRowClick = rowLink
    ? (row: T, newTab: boolean) => {
        const link = rowLink(row);
        if (!link) return;
        if (newTab) window.open(router.buildLocation(link).href, '_blank', 'noopener');
        else void router.navigate(link);
      }
    : undefined;
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = useFitHeight(scrollRef, maxHeight);
  const phone = useMediaQuery(PHONE_QUERY, false);
  const rowSize = useRowSize(phone, phone ? (columns.length + (selection ? 1 : 0)) * 34 + 28 : rowHeight);
  // TanStack Virtual returns functions the React Compiler cannot memoise; this component is not compiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    ...rowSize,
    overscan: 5,
    // Until the box is measured, its fitted height: the first render draws rows (not a frame later, after a layout).
    initialRect: { width: 0, height },
  });
  const [drawn, setDrawn] = useState(ROWS_PER_TASK);
  const visible = virtualizer.getVirtualItems();
  const items = visible.slice(0, drawn);
  useEffect(() => {
    if (drawn === Infinity || visible.length === 0) return;
    const next = setTimeout(() => setDrawn(drawn + ROWS_PER_TASK < visible.length ? drawn + ROWS_PER_TASK : Infinity));
    return () => clearTimeout(next);
  }, [drawn, visible.length]);
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  // What a row reads at render or on an event besides its own props: refreshed on every render, one object
  // for the table's life, so a row that did not change skips its render (the memo below).
  const latest = useRef<RowHandlers<T>>(null!);
  latest.current ??= { rowLabel, onRowClick, selection };
  Object.assign(latest.current, { rowLabel, onRowClick, selection });
  const rowView = (row: T, index: number) => ({
    row,
    index,
    selected: selection?.isSelected(row) ?? false,
    columns,
    handlers: latest.current,
    measure: virtualizer.measureElement,
    clickable: Boolean(onRowClick),
    selectable: Boolean(selection),
  });

  // Rows that open nothing are not focusable: then the scroll box is, so a keyboard can scroll it.
  const scrollFocus = onRowClick ? -1 : 0;
  /** The scrolling box, the phone's cards or the table: the virtualizer's element, as tall as the window allows. */
  const scrollBox = { ref: scrollRef, style: { maxHeight: height }, tabIndex: scrollFocus };
  const sortable = onSort ? columns.filter((c) => c.sortValue) : [];

  if (phone) {
    return (
      <>
        {sortable.length ? <SortSelect columns={sortable} sort={sort} onSort={onSort!} /> : null}
        <div {...scrollBox} className={classes.cards} role="list" aria-label={caption}>
          {rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {emptyText}
            </Text>
          ) : null}
          {selection && rows.length > 0 ? (
            <div role="listitem" className={classes.selectAll}>
              <SelectAllBox selection={selection} withLabel />
            </div>
          ) : null}
          {padTop > 0 ? <div aria-hidden style={{ height: padTop }} /> : null}
          {items.map((item) => {
            const row = rows[item.index]!;
            return <CardRow key={rowKey(row)} {...rowView(row, item.index)} />;
          })}
          {padBottom > 0 ? <div aria-hidden style={{ height: padBottom }} /> : null}
        </div>
      </>
    );
  }

  return (
    <div
      {...scrollBox}
      className={classes.scroll}
      {...(scrollFocus === 0 ? { role: 'region', 'aria-label': caption } : {})}
    >
      <Table
        stickyHeader
        highlightOnHover={Boolean(onRowClick)}
        verticalSpacing="sm"
        className={classes.table}
        aria-rowcount={rows.length + 1}
      >
        {caption ? <caption className={classes.caption}>{caption}</caption> : null}
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th className={classes.checkCell}>
                <SelectAllBox selection={selection} />
              </Table.Th>
            ) : null}
            {columns.map((c) =>
              onSort && c.sortValue ? (
                <SortHeader key={c.key} column={c} sort={sort} onSort={onSort} />
              ) : (
                <Table.Th key={c.key} style={{ width: c.width }}>
                  {c.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>
                <Text c="dimmed" ta="center" py="xl">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            <>
              {padTop > 0 ? <tr aria-hidden style={{ height: padTop }} /> : null}
              {items.map((item) => {
                const row = rows[item.index]!;
                return <TableRow key={rowKey(row)} {...rowView(row, item.index)} />;
              })}
              {padBottom > 0 ? <tr aria-hidden style={{ height: padBottom }} /> : null}
            </>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}

interface RowHandlers<T> {
  rowLabel?: (row: T) => string;
  onRowClick?: (row: T, newTab: boolean) => void;
  selection?: RowSelection<T>;
}

/** One row's props: each the same while the row is unchanged, so a write that changes one row renders it only. */
interface RowView<T> {
  row: T;
  index: number;
  selected: boolean;
  columns: Column<T>[];
  handlers: RowHandlers<T>;
  measure: (node: Element | null) => void;
  clickable: boolean;
  selectable: boolean;
}

/** A row's attributes: measured by the virtualizer; a click or Enter opens its record (Ctrl, ⌘ or middle: a new tab). */
function rowAttributes<T>({ row, index, selected, handlers, measure, clickable }: RowView<T>) {
  const open = (event: MouseEvent | KeyboardEvent) => {
    if ((event.target as HTMLElement).closest('button, a, input, label, [role="button"]')) return;
    if ('key' in event && event.key !== 'Enter') return;
    const button = 'button' in event ? event.button : 0;
    if (button > 1) return; // the right button's auxclick
    handlers.onRowClick?.(row, event.ctrlKey || event.metaKey || button === 1);
  };
  return {
    'data-index': index,
    'data-selected': selected || undefined,
    ref: measure,
    'aria-label': handlers.rowLabel?.(row),
    tabIndex: clickable ? 0 : undefined,
    onClick: clickable ? open : undefined,
    onKeyDown: clickable ? open : undefined,
    onAuxClick: clickable ? open : undefined,
  };
}

const TableRow = memo(function TableRow<T>(view: RowView<T>) {
  const { row, index, selected, columns, handlers, clickable, selectable } = view;
  return (
    <Table.Tr aria-rowindex={index + 2} className={clickable ? classes.clickable : undefined} {...rowAttributes(view)}>
      {selectable ? (
        <Table.Td className={classes.checkCell}>
          {/* The whole cell toggles: a checkbox alone is a small target. */}
          <label className={classes.checkLabel}>
            <RowBox handlers={handlers} row={row} index={index} selected={selected} />
          </label>
        </Table.Td>
      ) : null}
      {columns.map((c) => (
        <Table.Td key={c.key}>{c.render(row, index)}</Table.Td>
      ))}
    </Table.Tr>
  );
}) as <T>(view: RowView<T>) => ReactNode;

// The gap below a card lives inside the measured slot, so the virtual sizes stay exact.
const CardRow = memo(function CardRow<T>(view: RowView<T>) {
  const { row, index, selected, columns, handlers, clickable, selectable } = view;
  return (
    <div
      role="listitem"
      className={`${classes.cardSlot} ${clickable ? classes.clickable : ''}`}
      {...rowAttributes(view)}
    >
      <div className={classes.card}>
        {selectable ? (
          <label className={classes.cardCheck}>
            <RowBox handlers={handlers} row={row} index={index} selected={selected} />
          </label>
        ) : null}
        {columns.map((c) => (
          <div key={c.key} className={classes.cardLine}>
            <span className={classes.cardLabel}>{c.header}</span>
            <div className={classes.cardValue}>{c.render(row, index)}</div>
          </div>
        ))}
      </div>
    </div>
  );
}) as <T>(view: RowView<T>) => ReactNode;

/** A row's checkbox; Shift with a click (or Space) selects the range from the last row clicked. */
function RowBox<T>({
  handlers,
  row,
  index,
  selected,
}: {
  handlers: RowHandlers<T>;
  row: T;
  index: number;
  selected: boolean;
}) {
  return (
    <Checkbox
      aria-label={handlers.selection?.label(row)}
      checked={selected}
      onChange={(event) =>
        handlers.selection?.toggle(index, (event.nativeEvent as { shiftKey?: boolean }).shiftKey === true)
      }
    />
  );
}

/** "Select all N matching": every row shown (the current search's matches), not just the visible ones. */
function SelectAllBox<T>({ selection, withLabel }: { selection: RowSelection<T>; withLabel?: boolean }) {
  const count = selection.ids.size;
  const text = MESSAGES.bulk.selectAll(selection.total);
  // While the list is still arriving, "all" would be only what has come: it waits (docs/choices.md).
  const waits = selection.allWaits;
  return (
    <Checkbox
      aria-label={withLabel ? undefined : text}
      label={withLabel ? text : undefined}
      checked={count > 0 && count === selection.total}
      indeterminate={count > 0 && count < selection.total}
      onChange={selection.toggleAll}
      disabled={waits !== null}
      title={waits ?? undefined}
      description={withLabel && waits ? waits : undefined}
    />
  );
}
