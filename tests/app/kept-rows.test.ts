import { describe, expect, it, vi } from 'vitest';
import { keptRows } from '@/app/lib/kept-rows';

/**
 * A batch's rows out of every enrollment (issue 20): kept in step with a list that changes a row at a time, the
 * same rows as a filter, reading only the rows that changed, and the same array when none of its rows changed.
 */
interface Row {
  _id: string;
  batchId: string;
  v: number;
}
const all: Row[] = Array.from({ length: 1000 }, (_, i) => ({ _id: String(i), batchId: `b${i % 4}`, v: 0 }));
const replace = (list: Row[], i: number, change: Partial<Row>) =>
  list.map((r, j) => (j === i ? { ...r, ...change } : r));

describe('the rows kept of a list', () => {
  it('after a row is replaced, reads that row only, and keeps its array when the change is elsewhere', () => {
    const keep = vi.fn((r: Row) => r.batchId === 'b1');
    const first = keptRows(all, keep);
    expect(first).toEqual(all.filter((r) => r.batchId === 'b1'));
    expect(keptRows(all, keep)).toBe(first);

    keep.mockClear();
    const approved = replace(all, 5, { v: 1 }); // in the batch
    const second = keptRows(approved, keep);
    expect(keep.mock.calls.map(([r]) => r._id)).toEqual(['5', '5']); // as it was, as it is
    expect(second).toEqual(approved.filter((r) => r.batchId === 'b1'));
    expect(second.find((r) => r._id === '5')?.v).toBe(1);

    const elsewhere = replace(approved, 6, { v: 1 }); // another batch: nothing to show again
    expect(keptRows(elsewhere, keep)).toBe(second);

    const moved = replace(elsewhere, 9, { batchId: 'b2' }); // leaves the batch
    expect(keptRows(moved, keep)).toEqual(moved.filter((r) => r.batchId === 'b1'));
    const joined = replace(moved, 10, { batchId: 'b1' }); // joins it
    expect(keptRows(joined, keep)).toEqual(joined.filter((r) => r.batchId === 'b1'));
  });

  it('filters again when rows came or went', () => {
    const keep = vi.fn((r: Row) => r.batchId === 'b3');
    keptRows(all, keep);
    const fewer = all.slice(1);
    keep.mockClear();
    expect(keptRows(fewer, keep)).toEqual(fewer.filter((r) => r.batchId === 'b3'));
    expect(keep).toHaveBeenCalledTimes(fewer.length);
  });
});
