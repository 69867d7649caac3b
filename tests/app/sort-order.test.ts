import { describe, expect, it, vi } from 'vitest';
import { sortOrder, sortOrderInSlices, type SortValue } from '@/app/components/ui/sort-order';

/**
 * The order a sorted column shows (issue 23), pinned: texts without case by code unit (accents after z), numbers
 * as numbers, equal values in the list's order both ways, empty values last both ways. A sort in slices (a long
 * list's header click) gives exactly the order of a sort in one go.
 */
interface Row {
  v: SortValue;
}
const rows = (values: SortValue[]): Row[] => values.map((v) => ({ v }));
const value = (r: Row) => r.v;
// A new column function each time: a sort that reuses no ranks kept for the list (see the last test).
const order = (list: Row[], desc: boolean) => Array.from(sortOrder(list, (r: Row) => r.v, desc)!);

describe('the order of a sorted column', () => {
  const texts = rows(['bea', 'Adam', null, 'Émile', 'zoe', 'adam', 'émile', '', 'Łukasz', 'Zoe', 'ann', '10', '9']);

  it('texts: without case, by code unit (digits, then letters, then accented letters), ties in list order, empty last', () => {
    expect(order(texts, false)).toEqual([7, 11, 12, 1, 5, 10, 0, 4, 9, 3, 6, 8, 2]);
    expect(order(texts, true)).toEqual([8, 3, 6, 4, 9, 0, 10, 1, 5, 12, 11, 7, 2]);
  });

  it('numbers: as numbers, 0 and -0 equal, NaN and null last both ways', () => {
    const numbers = rows([3, -1, null, 2.5, Number.NaN, 3, 0, -0, 10]);
    expect(order(numbers, false)).toEqual([1, 6, 7, 3, 0, 5, 8, 2, 4]);
    expect(order(numbers, true)).toEqual([8, 0, 5, 3, 6, 7, 1, 2, 4]);
  });

  it('a column holding numbers and texts: the numbers first, then the texts, empty values last', () => {
    const mixed = rows(['b', 2, null, 'A', 1, 'a']);
    expect(order(mixed, false)).toEqual([4, 1, 3, 5, 0, 2]);
    expect(order(mixed, true)).toEqual([0, 3, 5, 1, 4, 2]);
  });

  it('the work per row is one read of its value: a text is lower-cased once per distinct value, not per row', () => {
    // New strings each time, as a list decoded from the device copy holds them.
    const many = rows(Array.from({ length: 3000 }, (_, i) => ['Zoe', 'ann', 'Ann'][i % 3]!.concat(' Lee')));
    const lower = vi.spyOn(String.prototype, 'toLowerCase');
    const sorted = order(many, false);
    expect(lower).toHaveBeenCalledTimes(3);
    lower.mockRestore();
    // 'ann' and 'Ann' are equal (in the list's order), then 'Zoe'.
    expect(sorted.slice(0, 4)).toEqual([1, 2, 4, 5]);
    expect(sorted.slice(1998, 2001)).toEqual([2998, 2999, 0]);
  });

  /** A stable comparison sort of the same rule: the reference the fast sorts must agree with. */
  const reference = (list: Row[], desc: boolean) => {
    const key = (r: Row) =>
      typeof r.v === 'string' ? r.v.toLowerCase() : typeof r.v === 'number' && !Number.isNaN(r.v) ? r.v : null;
    return list
      .map((_, i) => i)
      .sort((a, b) => {
        const x = key(list[a]!);
        const y = key(list[b]!);
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1);
      });
  };

  // More distinct values than one natively sorted run (8,192): runs, then merges.
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const NAMES = ['Ann', 'ann', 'José', 'Zoe', 'chloé', 'Łukasz', '李', 'Ömer', 'ben', 'Ben'];
  const long = rows(
    Array.from({ length: 30_000 }, (_, i) =>
      random() < 0.1 ? null : `${NAMES[i % NAMES.length]} ${Math.floor(random() * 12_000)}`,
    ),
  );
  const amounts = rows(
    Array.from({ length: 30_000 }, () => (random() < 0.1 ? null : Math.round(random() * 2e6) / 100 - 5000)),
  );

  it('a long list sorts as the comparison sort does, in one go and in slices', async () => {
    for (const list of [long, amounts])
      for (const desc of [false, true]) {
        const expected = reference(list, desc);
        expect(order(list, desc)).toEqual(expected);
        let checks = 0;
        const sliced = await sortOrderInSlices(
          list,
          (r) => r.v,
          desc,
          () => (checks++, true),
          0,
        );
        expect(Array.from(sliced!)).toEqual(expected);
        expect(checks).toBeGreaterThan(10); // it left the browser free many times on the way
      }
  });

  it('a sort in slices that is no longer wanted ends with nothing', async () => {
    let wanted = 3;
    expect(await sortOrderInSlices(long, value, false, () => --wanted > 0, 0)).toBeNull();
  });

  it('the same list by the same column again (the other way, or back) reads no value: its ranks were kept', async () => {
    const list = rows(['bea', null, 'Adam', 'adam', 'Cleo', 'bea']);
    const read = vi.fn((r: Row) => r.v);
    expect(Array.from(sortOrder(list, read, false)!)).toEqual([2, 3, 0, 5, 4, 1]);
    expect(read).toHaveBeenCalledTimes(list.length);
    expect(Array.from(sortOrder(list, read, true)!)).toEqual([4, 0, 5, 2, 3, 1]);
    expect(Array.from((await sortOrderInSlices(list, read, false, () => true, 0))!)).toEqual([2, 3, 0, 5, 4, 1]);
    expect(read).toHaveBeenCalledTimes(list.length);
    // Another list (a write replaces the array) is read again.
    expect(Array.from(sortOrder([...list], read, true)!)).toEqual([4, 0, 5, 2, 3, 1]);
    expect(read).toHaveBeenCalledTimes(2 * list.length);
  });
});
