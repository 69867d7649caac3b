import { afterEach, describe, expect, it, vi } from 'vitest';
import { Arrivals, decodeList } from '@/app/lib/sync/device-load';
import { Interner } from '@/app/lib/sync/interning';
import type { Batch } from '@/shared/schemas';

const batch = (i: number) => ({ _id: `b${i}`, name: `Batch ${i}` }) as unknown as Batch;

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { scheduler?: unknown }).scheduler;
});

describe('decodeList', () => {
  it("yields between slices at the browser's background priority, after the screen's render, and decodes every chunk", async () => {
    const postTask = vi.fn((callback: () => void, _options: { priority: string }) => Promise.resolve(callback()));
    (globalThis as { scheduler?: unknown }).scheduler = { postTask };
    // Each chunk takes longer than a slice: decoding yields before the next.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 20));
    const arrivals = new Arrivals();
    for (let c = 0; c < 3; c++)
      arrivals.take('batches', { key: [0, 'batches', c], text: JSON.stringify([batch(2 * c), batch(2 * c + 1)]) });
    arrivals.take('batches', null);
    const shown: number[] = [];
    const decoded = await decodeList(
      'batches',
      arrivals,
      new Interner(),
      () => true,
      (chunks) => shown.push(chunks.length),
    );
    expect(decoded?.flatMap((c) => c.rows.map((b) => b._id))).toEqual(['b0', 'b1', 'b2', 'b3', 'b4', 'b5']);
    expect(postTask).toHaveBeenCalled();
    expect(postTask.mock.calls.every(([, options]) => options.priority === 'background')).toBe(true);
    // Before each yield, the screen is given what is decoded so far.
    expect(shown).toEqual([1, 2]);
  });
});
