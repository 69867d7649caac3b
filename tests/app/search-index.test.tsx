import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildIndex, searchIndex, useShownRows, type ListState } from '@/app/components/ui/list-filters';

/**
 * The search index of a list screen (issue 20): what a keystroke searches, lower-cased once per row. A write or
 * a pull changes a few rows of 200,000; only those are lower-cased again, and a screen that is not searching
 * shows the change without building it.
 */
interface Row {
  _id: string;
  name: string;
}
const make = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ _id: String(i), name: `Person ${i}` }));

describe('the search index', () => {
  it('after a change, only the rows that changed, came or went are read again; the texts are as built from scratch', () => {
    const text = vi.fn((r: Row) => r.name);
    const rows = make(1000);
    expect(searchIndex(rows, text)).toEqual(buildIndex(rows, (r) => r.name));
    expect(text).toHaveBeenCalledTimes(1000);
    expect(searchIndex(rows, text)).toBe(searchIndex(rows, text));
    expect(text).toHaveBeenCalledTimes(1000);

    // One row replaced (an Approve), one added at the top (newest first), one deleted.
    const changed = [{ _id: 'new', name: 'Zoë NEW' }, ...rows.slice(0, 500), { ...rows[500]!, name: 'Ann Renamed' }];
    changed.push(...rows.slice(502));
    text.mockClear();
    expect(searchIndex(changed, text)).toEqual(buildIndex(changed, (r) => r.name));
    expect(text.mock.calls.map(([r]) => r.name)).toEqual(['Zoë NEW', 'Ann Renamed']);
  });

  it('a screen that is not searching renders without it; it is built after the screen shows, ready for a keystroke', async () => {
    const text = vi.fn((r: Row) => r.name);
    const rows = make(300);
    const state = (q: string): ListState => ({ q, status: '', sort: null });
    const readInRender: number[] = [];
    const { result, rerender } = renderHook(
      (props: { q: string }) => {
        const shown = useShownRows(rows, [], text, state(props.q), null);
        readInRender.push(text.mock.calls.length);
        return shown;
      },
      { initialProps: { q: '' } },
    );
    expect(result.current).toBe(rows);
    // Built after the render (in slices), not by the render itself.
    expect(readInRender).toEqual([0]);
    await waitFor(() => expect(text).toHaveBeenCalledTimes(rows.length));
    rerender({ q: 'person 29' });
    expect(result.current.map((r) => r.name)).toEqual([
      'Person 29',
      ...Array.from({ length: 10 }, (_, i) => `Person ${290 + i}`),
    ]);
    expect(text).toHaveBeenCalledTimes(rows.length);
  });
});
