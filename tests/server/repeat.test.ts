import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatFromNow } from '@/server/repeat';

/** The server's upkeep schedule (src/server/repeat.ts): now, then every interval, until stopped. */
afterEach(() => vi.useRealTimers());

describe('repeatFromNow', () => {
  it('runs once before it returns (start-up work), then every interval, and not after the stop', async () => {
    vi.useFakeTimers();
    const runs: number[] = [];
    const stop = await repeatFromNow(1_000, async () => runs.push(Date.now()));
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(runs).toHaveLength(3);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toHaveLength(3);
  });
});
