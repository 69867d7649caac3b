import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type Column, type TableView } from '@/app/components/ui/data-table';
import { EmailText } from '@/app/components/ui/email-text';
import { useRowSelection } from '@/app/components/ui/row-selection';
import { sortOrder } from '@/app/components/ui/sort-order';
import { useSortOrder, type TableSort } from '@/app/components/ui/table-sort';
import { reportSizes } from './resize-observer';

interface Row {
  id: string;
  name: string;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', render: (r) => r.name },
  { key: 'actions', header: 'Actions', render: (r) => <button type="button">Delete {r.name}</button> },
];
const rowId = (r: Row) => r.id;
const rows: Row[] = Array.from({ length: 5000 }, (_, i) => ({ id: String(i), name: `Person ${i}` }));
const view: TableView<Row> = {
  columns,
  rowKey: rowId,
  rowLabel: (r) => `Open ${r.name}`,
  rowLink: (r) => ({ to: '/users/$id', params: { id: r.id } }),
  emptyText: 'Nothing here.',
  maxHeight: 900,
};

const setPhone = (phone: boolean) => {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...original(query),
    matches: query.includes('max-width') ? phone : !phone,
  }));
};
afterEach(() => vi.restoreAllMocks());

/** Renders `ui` as the page at "/" of a router, as the app's screens are; `show` puts another in its place. */
async function renderInRouter(ui: ReactNode) {
  let show!: (next: ReactNode) => void;
  function Page() {
    const [node, setNode] = useState(ui);
    show = setNode;
    return <MantineProvider env="test">{node}</MantineProvider>;
  }
  const router = createRouter({ routeTree: createRootRoute({ component: Page }), history: createMemoryHistory() });
  await router.load();
  render(<RouterProvider router={router} />);
  await screen.findByText('Person 0');
  await allRowsDrawn();
  return { router, show: (next: ReactNode) => act(() => show(next)) };
}

/** The table draws its visible rows a few per task after the first: wait until a task draws none. */
async function allRowsDrawn() {
  const count = () => document.querySelectorAll('[aria-rowindex], [role="listitem"]').length;
  for (let before = -1; before !== count();) {
    before = count();
    await act(() => new Promise((resolve) => setTimeout(resolve)));
  }
}

const renderTable = () => renderInRouter(<DataTable view={view} rows={rows} />);

describe('DataTable', () => {
  it('draws a few rows as it mounts and a few more per task after it, so a screen mounts in short tasks', async () => {
    setPhone(false);
    const rowsAtCommit: number[] = [];
    const count = () => rowsAtCommit.push(document.querySelectorAll('tbody tr[aria-rowindex]').length);
    await renderInRouter(
      <Profiler id="table" onRender={count}>
        <DataTable view={view} rows={rows} />
      </Profiler>,
    );
    // Rows from the first commit, before the scroll box is measured (a start-up may delay the frame that measures it).
    expect(rowsAtCommit[0]).toBe(4);
    await waitFor(() => expect(Math.max(...rowsAtCommit)).toBeGreaterThan(4));
  });

  it('sizes the rows not drawn yet as the rows measured, so the scroll box is as tall as the list from the start', async () => {
    setPhone(false);
    await renderTable();
    // Rows are 61px here, not the 52px a table assumes before it measures one (jsdom lays nothing out).
    act(() => reportSizes((target) => (target.hasAttribute('aria-rowindex') ? 61 : 0)));
    await allRowsDrawn();
    const drawn = document.querySelectorAll('tbody tr[aria-rowindex]');
    const last = Number(drawn[drawn.length - 1]!.getAttribute('data-index'));
    const spacer = document.querySelector<HTMLElement>('tbody tr[aria-hidden]:last-child')!;
    expect(spacer.style.height).toBe(`${(rows.length - 1 - last) * 61}px`);
  });

  it('measures its rows from the resize observer only: drawing them never reads a height inside the render', async () => {
    setPhone(false);
    const heights = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get');
    const rects = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    await renderTable();
    const read = (calls: unknown[]) => calls.filter((row) => (row as HTMLElement).hasAttribute('aria-rowindex'));
    expect(document.querySelectorAll('tbody tr[aria-rowindex]').length).toBeGreaterThan(4);
    expect(read(heights.mock.contexts)).toEqual([]);
    expect(read(rects.mock.contexts)).toEqual([]);
  });

  it('renders only the visible rows of a long list, and a row click or Enter opens it but a button inside does not', async () => {
    setPhone(false);
    const { router } = await renderTable();
    const shown = screen.getAllByRole('row').length;
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThan(100);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Person 0' }));
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByRole('row', { name: 'Open Person 1' }));
    expect(router.state.location.pathname).toBe('/users/1');
    screen.getByRole('row', { name: 'Open Person 2' }).focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/users/2');
  });

  it('with Ctrl or ⌘, a middle click or Ctrl+Enter, a row opens in a new tab and the page stays', async () => {
    setPhone(false);
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router } = await renderTable();
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('row', { name: 'Open Person 1' }));
    await user.keyboard('{/Control}');
    await user.keyboard('{Meta>}');
    await user.click(screen.getByRole('row', { name: 'Open Person 2' }));
    await user.keyboard('{/Meta}');
    await user.pointer({ keys: '[MouseMiddle]', target: screen.getByRole('row', { name: 'Open Person 3' }) });
    await user.pointer({ keys: '[MouseRight]', target: screen.getByRole('row', { name: 'Open Person 5' }) });
    screen.getByRole('row', { name: 'Open Person 4' }).focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(opened.mock.calls).toEqual(['1', '2', '3', '4'].map((id) => [`/users/${id}`, '_blank', 'noopener']));
    expect(router.state.location.pathname).toBe('/');
  });

  it('a changed row renders again alone: the rows that did not change keep their render (one write, one row)', async () => {
    setPhone(false);
    const rendered: string[] = [];
    const counted: TableView<Row> = {
      columns: [{ key: 'name', header: 'Name', render: (r) => (rendered.push(r.id), r.name) }],
      rowKey: rowId,
      rowLabel: (r) => `Open ${r.name}`,
      emptyText: '-',
    };
    const { show } = await renderInRouter(<DataTable view={counted} rows={rows} />);
    expect(rendered.length).toBeGreaterThan(5);
    rendered.length = 0;
    const changed = rows.map((r) => (r.id === '2' ? { ...r, name: 'Person 2 renamed' } : r));
    show(<DataTable view={counted} rows={changed} />);
    expect(rendered).toEqual(['2']);
    expect(screen.getByRole('row', { name: 'Open Person 2 renamed' })).toBeInTheDocument();
  });

  it('on phones shows each row as a card of label and value lines', async () => {
    setPhone(true);
    await renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = screen.getByRole('listitem', { name: 'Open Person 0' });
    expect(within(card).getByText('Name')).toBeInTheDocument();
    expect(within(card).getByText('Person 0')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete Person 0' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(100);
  });
});

describe('DataTable selection', () => {
  function Selectable() {
    const selection = useRowSelection(rows, rowId, (r) => `Select ${r.name}`);
    return <DataTable view={view} rows={rows} selection={selection} />;
  }
  const renderSelectable = () => renderInRouter(<Selectable />);

  it('"Select all N matching" selects every row, not only the rendered ones; Shift-click selects a range', async () => {
    setPhone(false);
    await renderSelectable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 1' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 4' }));
    await user.keyboard('{/Shift}');
    const checked = screen.getAllByRole('checkbox', { checked: true }).map((c) => c.getAttribute('aria-label'));
    expect(checked).toEqual(['Select Person 1', 'Select Person 2', 'Select Person 3', 'Select Person 4']);
    expect(screen.getByRole('row', { name: 'Open Person 2' })).toHaveAttribute('data-selected', 'true');
    const all = screen.getByRole('checkbox', { name: 'Select all 5,000 matching' });
    await user.click(all);
    expect(all).toBeChecked();
    expect(screen.queryAllByRole('checkbox', { checked: false })).toHaveLength(0);
    await user.click(all);
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('on phones each card has its checkbox and the list starts with "Select all N matching"', async () => {
    setPhone(true);
    await renderSelectable();
    const user = userEvent.setup();
    const card = screen.getByRole('listitem', { name: 'Open Person 0' });
    await user.click(within(card).getByRole('checkbox', { name: 'Select Person 0' }));
    expect(within(card).getByRole('checkbox', { name: 'Select Person 0' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all 5,000 matching' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
  });
});

/** The rows both sorting suites sort: names differing only in case, a tie and a missing age. */
interface Person {
  _id: string;
  name: string;
  age: number | null;
}
const people: Person[] = [
  { _id: 'a', name: 'bea', age: 30 },
  { _id: 'b', name: 'Adam', age: null },
  { _id: 'c', name: 'Cleo', age: 30 },
  { _id: 'd', name: 'adam', age: 20 },
];

describe('DataTable sorting (issue 23)', () => {
  const sortable: TableView<Person> = {
    columns: [
      { key: 'name', header: 'Name', render: (p) => p.name, sortValue: (p) => p.name },
      { key: 'age', header: 'Age', render: (p) => String(p.age ?? '-'), sortValue: (p) => p.age },
      { key: 'note', header: 'Note', render: () => 'n' },
    ],
    rowLabel: (p) => `Open ${p.name} ${p._id}`,
    emptyText: 'Nothing here.',
  };
  /** The table with its sort as a screen holds it, sorting the rows as the screens do. */
  function Sorted() {
    const [sort, setSort] = useState<TableSort>(null);
    const { order } = useSortOrder(people, sortable.columns, sort);
    const rows = order ? Array.from(order, (i) => people[i]!) : people;
    return <DataTable view={sortable} rows={rows} sort={sort} onSort={setSort} />;
  }
  const order = () =>
    screen.getAllByRole('row', { name: /^Open / }).map((r) => r.getAttribute('aria-label')!.slice(-1));

  it('sorts by a header button, ascending, descending, then the list order; aria-sort says which, by keyboard too', async () => {
    setPhone(false);
    const router = createRouter({
      routeTree: createRootRoute({ component: () => <MantineProvider env="test">{<Sorted />}</MantineProvider> }),
      history: createMemoryHistory(),
    });
    await router.load();
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    const name = await screen.findByRole('button', { name: 'Name' });
    const header = () => screen.getByRole('columnheader', { name: 'Name' });
    expect(screen.queryByRole('button', { name: 'Note' })).not.toBeInTheDocument();
    expect(header()).not.toHaveAttribute('aria-sort');
    expect(order()).toEqual(['a', 'b', 'c', 'd']);

    await user.click(name);
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    // Without case; equal values keep the list's order (b before d).
    expect(order()).toEqual(['b', 'd', 'a', 'c']);
    name.focus();
    await user.keyboard('{Enter}');
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    expect(order()).toEqual(['c', 'a', 'b', 'd']);
    await user.keyboard(' ');
    expect(header()).not.toHaveAttribute('aria-sort');
    expect(order()).toEqual(['a', 'b', 'c', 'd']);

    // Numbers as numbers; an empty value last, both ways.
    await user.click(screen.getByRole('button', { name: 'Age' }));
    expect(order()).toEqual(['d', 'a', 'c', 'b']);
    await user.click(screen.getByRole('button', { name: 'Age' }));
    expect(order()).toEqual(['a', 'c', 'd', 'b']);
  });

  it('on phones, where cards have no headers, the order is a "Sort by" choice', async () => {
    setPhone(true);
    const router = createRouter({
      routeTree: createRootRoute({ component: () => <MantineProvider env="test">{<Sorted />}</MantineProvider> }),
      history: createMemoryHistory(),
    });
    await router.load();
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(select, 'Name, Z to A / highest first');
    expect(
      screen.getAllByRole('listitem', { name: /^Open / }).map((r) => r.getAttribute('aria-label')!.slice(-1)),
    ).toEqual(['c', 'a', 'b', 'd']);
  });

  it('sortOrder is stable both ways, puts empty values last and reads each value once', () => {
    const read = vi.fn((p: Person) => p.age);
    expect(Array.from(sortOrder(people, read, false)!)).toEqual([3, 0, 2, 1]);
    expect(read).toHaveBeenCalledTimes(people.length);
    expect(Array.from(sortOrder(people, read, true)!)).toEqual([0, 2, 3, 1]);
    expect(sortOrder(people, undefined, false)).toBeNull();
  });
});

describe('a long list sorted in slices (issue 20)', () => {
  const columns = [
    { key: 'name', sortValue: (p: Person) => p.name },
    { key: 'age', sortValue: (p: Person) => p.age },
  ];
  const byName: TableSort = { key: 'name', desc: false };
  // From 2 rows on, as from SLICED_SORT_ROWS in the screens.
  const useSorted = (props: { rows: Person[]; sort: TableSort }) => useSortOrder(props.rows, columns, props.sort, 2);

  it('keeps the rows as shown until the order is ready; a change that keeps the column keeps the order at once', async () => {
    const { result, rerender } = renderHook(useSorted, {
      initialProps: { rows: people, sort: null as TableSort },
    });
    expect(result.current.rows).toBe(people);
    expect(result.current.order).toBeNull();

    rerender({ rows: people, sort: byName });
    expect(result.current.order).toBeNull(); // the list's order, as it was shown, until the sort is done
    await waitFor(() => expect(Array.from(result.current.order ?? [])).toEqual([1, 3, 0, 2]));
    expect(result.current.rows).toBe(people);

    // An Approve (a field the column does not show): the new rows, in the order they had, in the same render.
    const older = people.map((p) => (p._id === 'a' ? { ...p, age: 31 } : p));
    rerender({ rows: older, sort: byName });
    expect(result.current.rows).toBe(older);
    expect(Array.from(result.current.order!)).toEqual([1, 3, 0, 2]);

    // A renamed row moves: the rows as shown until they are sorted again.
    const renamed = older.map((p) => (p._id === 'b' ? { ...p, name: 'Zed' } : p));
    rerender({ rows: renamed, sort: byName });
    expect(result.current.rows).toBe(older);
    await waitFor(() => expect(result.current.rows).toBe(renamed));
    expect(Array.from(result.current.order!)).toEqual([3, 0, 2, 1]);

    // Another column: the last order shown stays until the new one is ready.
    rerender({ rows: renamed, sort: { key: 'age', desc: true } });
    expect(Array.from(result.current.order!)).toEqual([3, 0, 2, 1]);
    await waitFor(() => expect(Array.from(result.current.order!)).toEqual([0, 2, 3, 1]));
  });
});

describe('DataTable height (issue 23)', () => {
  it('ends at the bottom of the window: one scroll, no fixed box; at most its maxHeight', async () => {
    setPhone(false);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 200 } as DOMRect);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(700);
    const { show } = await renderInRouter(<DataTable view={{ ...view, maxHeight: undefined }} rows={rows} />);
    const box = () => screen.getByRole('table').parentElement!;
    // 700 - 200 - the screen's 16px bottom padding.
    expect(box().style.maxHeight).toBe('484px');
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(1400);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(box().style.maxHeight).toBe('1184px');
    show(<DataTable view={{ ...view, maxHeight: 900 }} rows={rows} />);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(box().style.maxHeight).toBe('900px');
  });
});

describe('EmailText', () => {
  it('lets an email wrap only before its @', () => {
    render(
      <MantineProvider env="test">
        <EmailText email="ann.lee@example.com" />
      </MantineProvider>,
    );
    const text = screen.getByText('ann.lee@example.com');
    expect(text.innerHTML).toBe('ann.lee<wbr>@example.com');
  });
});
