import { NativeSelect, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { MESSAGES } from '@/shared/messages';
import classes from './data-table.module.css';
import { nextSort, sortParam, parseSort, type TableSort } from './table-sort';

interface SortColumn {
  key: string;
  header: string;
  width?: number | string;
}

/**
 * A sortable column's header: a button (Enter or Space, like a click) that sorts ascending, then descending, then
 * back to the list's order; `aria-sort` tells screen readers the current order.
 */
export function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: SortColumn;
  sort: TableSort;
  onSort: (sort: TableSort) => void;
}) {
  const current = sort?.key === column.key ? sort : null;
  const Icon = !current ? IconArrowsSort : current.desc ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th
      style={{ width: column.width }}
      aria-sort={current ? (current.desc ? 'descending' : 'ascending') : undefined}
    >
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(nextSort(sort, column.key))}>
        {column.header}
        <Icon size={14} stroke={1.8} aria-hidden style={{ opacity: current ? 1 : 0.45 }} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** On phones the rows are cards without headers: the order is one choice of a list. */
export function SortSelect({
  columns,
  sort,
  onSort,
}: {
  columns: SortColumn[];
  sort: TableSort;
  onSort: (sort: TableSort) => void;
}) {
  const M = MESSAGES.lists;
  const data = [
    { value: '', label: M.listOrder },
    ...columns.flatMap((c) => [
      { value: c.key, label: M.ascending(c.header) },
      { value: `-${c.key}`, label: M.descending(c.header) },
    ]),
  ];
  return (
    <NativeSelect
      label={M.sortBy}
      data={data}
      value={sortParam(sort) ?? ''}
      onChange={(e) =>
        onSort(
          parseSort(
            e.currentTarget.value,
            columns.map((c) => c.key),
          ),
        )
      }
      mb="sm"
      maw={320}
    />
  );
}
