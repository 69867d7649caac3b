import type { SyncList } from '@/shared/sync-lists';
import { LIST_CODECS, type SyncRows } from './list-codecs';
import { nextTask } from './tasks';
import type { SyncSession } from './sync-session';
import type { SyncedList } from './synced-list';
import type { Mark } from './write-marks';

/** Rows of a bulk write patched, found and replaced per task: a short task each (docs/benchmarks.md). */
export const PATCH_ROWS_PER_TASK = 500;

/**
 * Write replies into the copy (docs/sync.md, "Writes"): memory, device, screens and other tabs at once, the
 * cursor held back to where the copy stood when the write was sent (write-marks.ts), then a pull for what the
 * write changed too. A follower shows the reply and hands it to the leader, which puts it in (tab-relay.ts).
 */
export class LocalWrites {
  constructor(private readonly s: SyncSession) {}

  /** A write's reply: into the copy at once (memory, device, screens, other tabs), then a pull for what it changed too. */
  applyLocal<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[]) {
    const { s } = this;
    if (!s.isDecoded(list)) {
      this.early(list, upserts, deletes, () => this.applyLocal(list, upserts, deletes));
      return;
    }
    if (s.isLeader) this.putReply(list, upserts, deletes);
    else {
      s.putIn(list, upserts, deletes);
      s.relay.sendLocal(list, upserts, deletes, s.marks.oldest());
    }
    s.background();
  }

  /**
   * The leader puts a write's reply in (its own, or a follower's: `others` its mark, `echo` its message): the
   * cursor is held back to where the copy stood when the write was sent (write-marks.ts).
   */
  putReply<L extends SyncList>(
    list: L,
    upserts: readonly SyncRows[L][],
    deletes: readonly string[],
    others: readonly Mark[] = [],
    echo: string | null = null,
  ) {
    const tick = this.holdFor([...upserts.map((r) => r._id), ...deletes], others);
    this.s.staging?.noteWritten(list, upserts, deletes, tick);
    this.s.putIn(list, upserts, deletes);
    this.tellApplied(list, upserts, deletes, echo);
  }

  /**
   * A bulk write whose reply names the rows done (not their server copy): `held` are the rows as the screen
   * held them, and `patch` changes one as the server did. Patched, checked and applied a slice per task (10,000
   * rows at once were one long task: finding each in 200,000 and replacing it), then shown, stored and
   * told as one change. A row that changed or went meanwhile (a pull brought the server's copy) is left as it is.
   */
  async patchLocal<L extends SyncList>(
    list: L,
    held: readonly SyncRows[L][],
    patch: (row: SyncRows[L]) => SyncRows[L],
  ) {
    const { s } = this;
    if (!s.isDecoded(list)) {
      this.early(list, held.map(patch), [], () => this.patchLocal(list, held, patch));
      return;
    }
    const leading = s.isLeader;
    const mark = s.marks.oldest();
    const ids = held.map((r) => r._id);
    const tick = leading ? this.holdFor(ids, []) : 0;
    const codec = LIST_CODECS[list];
    const current = s.live[list] as SyncedList<SyncRows[L]>;
    const stamp = (r: unknown) => (r as { updatedAt?: string }).updatedAt ?? '';
    const changed = new Set<number>();
    const all: SyncRows[L][] = [];
    for (let at = 0; at < held.length; at += PATCH_ROWS_PER_TASK) {
      if (at > 0) await nextTask();
      if (!s.alive) return;
      const kept: SyncRows[L][] = [];
      for (const row of held.slice(at, at + PATCH_ROWS_PER_TASK)) {
        const next = codec.intern(patch(row), s.interner);
        const now = current.find(next);
        if (now !== undefined && stamp(now) <= stamp(next)) kept.push(next);
      }
      if (list === 'users') for (const u of kept as SyncRows['users'][]) s.interner.setUser(u);
      for (const chunk of current.apply(kept, [])) changed.add(chunk);
      all.push(...kept);
    }
    s.copy.storeLocal(list, changed);
    if (leading) s.staging?.noteWritten(list, all, [], tick);
    // The screens render in a task of their own.
    await nextTask();
    if (!s.alive) return;
    s.publish([list]);
    if (leading) this.tellApplied(list, all, [], null);
    else s.relay.sendLocal(list, all, [], mark);
    s.background();
  }

  /**
   * A write's reply to a list a start-up still decodes. A screen showing its top gets the reply at once, and `redo`
   * puts it into the copy once the list is in memory. A list on no screen yet: the pull brings the change.
   */
  private early<L extends SyncList>(
    list: L,
    upserts: readonly SyncRows[L][],
    deletes: readonly string[],
    redo: () => unknown,
  ) {
    const { s } = this;
    if (s.showEarly(list, upserts, deletes)) void s.decodedList(list).then(() => s.alive && redo());
    s.background();
  }

  /** A reply's rows go in now: pages asked for before must not put them back, and the cursor is held. */
  private holdFor(ids: readonly string[], others: readonly Mark[]) {
    const { s } = this;
    const tick = s.pulls.hold(ids);
    const cursor = s.marks.holdAt(s.marks.oldest(others), tick);
    s.meta = { ...s.meta, cursor };
    void s.copy.persist({ put: [], delete: [], meta: s.storedMeta() });
    return tick;
  }

  private tellApplied(list: SyncList, upserts: readonly unknown[], deletes: readonly string[], echo: string | null) {
    const { cursor } = this.s.meta;
    this.s.relay.post({
      t: 'applied',
      list,
      upserts: [...upserts],
      deletes: [...deletes],
      cursor,
      pos: this.s.marks.pos,
      echo,
    });
  }
}
