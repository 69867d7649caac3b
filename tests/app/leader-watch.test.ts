import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LeaderWatch, START_MS } from '@/app/lib/sync/leader-watch';
import type { SyncSession } from '@/app/lib/sync/sync-session';

/**
 * A follower's watch on the leader (docs/sync.md, "A leader that falls silent without letting go"), on a fake clock:
 * when it takes the lock from a silent leader, and when it does not.
 */

let watch: LeaderWatch | null = null;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
});
afterEach(() => {
  watch?.stop();
  watch = null;
  vi.useRealTimers();
});

/** A follower `age` ms into its page's life, watching a leader that answers each ping after `answerMs` (or never). */
async function follower(age: number, answerMs: number | null) {
  await vi.advanceTimersByTimeAsync(age);
  let stolenAt: number | null = null;
  const s = {
    isLeader: false,
    alive: true,
    whole: { done: true },
    stealLead: async (silent: () => Promise<boolean>) => {
      if (await silent()) stolenAt = performance.now();
    },
  };
  const ping = () => {
    if (answerMs !== null) setTimeout(() => watch?.heardFrom({ t: 'pong' }), answerMs);
  };
  const started = performance.now();
  watch = new LeaderWatch(s as unknown as SyncSession, ping);
  return { stolenAfter: () => (stolenAt === null ? null : stolenAt - started) };
}

describe('a follower watching its leader', () => {
  it('past its start-up, takes the lock from a leader that answers nothing, within 1.3 s', async () => {
    const f = await follower(START_MS + 5_000, null);
    await vi.advanceTimersByTimeAsync(1_300);
    expect(f.stolenAfter()).not.toBeNull();
    expect(f.stolenAfter()!).toBeLessThanOrEqual(1_300);
  });

  it('does not take it from a leader that answers each ping, if slowly', async () => {
    const f = await follower(START_MS + 5_000, 700);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(f.stolenAfter()).toBeNull();
  });

  it('in its start-up, gives a silent leader 2 s (the leader may be starting up too)', async () => {
    const f = await follower(500, null);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(f.stolenAfter()).toBeNull();
    await vi.advanceTimersByTimeAsync(600);
    expect(f.stolenAfter()).not.toBeNull();
  });
});
