import { describe, expect, it } from 'vitest';
import { Interner } from '@/app/lib/sync/interning';
import { LIST_CODECS, type ListCodec } from '@/app/lib/sync/list-codecs';
import { CHUNK_ROWS, SyncedList } from '@/app/lib/sync/synced-list';
import { activity, enrollments, guestService, services, users } from '../mocks/fixtures';

const held = <T extends { _id: string }>(list: SyncedList<T & { createdAt: string }>, id: string) =>
  list.list().find((r) => r._id === id);

const row = (n: number, createdAt = `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`) => ({
  _id: `id-${String(n).padStart(6, '0')}`,
  createdAt,
});

describe('a synced list in memory', () => {
  it('keeps screen order through inserts, replacements and deletes, newest first', () => {
    const list = new SyncedList<{ _id: string; createdAt: string; v?: number }>('newestFirst');
    list.apply([row(1), row(3), row(2)], []);
    expect(list.list().map((r) => r._id)).toEqual(['id-000003', 'id-000002', 'id-000001']);
    const before = list.list();
    list.apply([{ ...row(2), v: 2 }, row(4)], ['id-000003']);
    expect(list.list().map((r) => [r._id, r.v])).toEqual([
      ['id-000004', undefined],
      ['id-000002', 2],
      ['id-000001', undefined],
    ]);
    expect(before).toHaveLength(3); // a new array: the old one is never changed under a screen
    expect(list.apply([], [])).toEqual(new Set());
    expect(list.list()).toBe(list.list());
  });

  it('takes a row that comes again unchanged as no change: no chunk to store, the same array for the screens', () => {
    type R = { _id: string; createdAt: string; v?: { n: number; tags: string[] } };
    const list = new SyncedList<R>('newestFirst');
    list.apply([{ ...row(1), v: { n: 1, tags: ['a'] } }, row(2)], []);
    const shown = list.list();
    // Equal as JSON, though new objects with their keys in another order (a pull after a write's reply).
    expect(
      list.apply([{ v: { tags: ['a'], n: 1 }, createdAt: row(1).createdAt, _id: row(1)._id }, row(2)], []),
    ).toEqual(new Set());
    expect(list.list()).toBe(shown);
    expect(list.apply([{ ...row(1), v: { n: 1, tags: ['b'] } }], []).size).toBe(1);
    expect(list.list()).not.toBe(shown);
    expect(held(list, row(1)._id)!.v!.tags).toEqual(['b']);
  });

  it("places a full sync's new rows without looking for older copies, as apply would lay them out", () => {
    const pages = [
      Array.from({ length: 1500 }, (_, i) => row(i)),
      Array.from({ length: 700 }, (_, i) => row(i + 1500)),
    ];
    const applied = new SyncedList<{ _id: string; createdAt: string }>('newestFirst');
    const inserted = new SyncedList<{ _id: string; createdAt: string }>('newestFirst');
    for (const page of pages) expect(inserted.insertNew(page)).toEqual(applied.apply(page, []));
    expect(inserted.list()).toEqual(applied.list());
    expect(inserted.chunkKeys().map((k) => inserted.chunkRows(k).length)).toEqual(
      applied.chunkKeys().map((k) => applied.chunkRows(k).length),
    );

    // A row from elsewhere (a write reply) and the list looks for older copies again: the page's row replaces it.
    inserted.apply([{ ...row(2300) }], []);
    inserted.insertNew([row(2300), row(2301)]);
    expect(inserted.list().filter((r) => r._id === row(2300)._id)).toHaveLength(1);
    expect(inserted.size).toBe(2202);
  });

  it('orders equal times by id, oldest first when asked, and the same after a large page', () => {
    const list = new SyncedList<{ _id: string; createdAt: string }>('oldestFirst');
    const same = '2026-01-01T00:00:00.000Z';
    const many = Array.from({ length: 5000 }, (_, i) => row(5000 - i, same));
    list.apply(many, []);
    const ids = list.list().map((r) => r._id);
    expect(ids).toEqual([...ids].sort());
  });

  it('fills chunks of CHUNK_ROWS from a list sent in screen order, and says which chunks a change touched', () => {
    const list = new SyncedList<{ _id: string; createdAt: string; v?: number }>('newestFirst');
    const same = '2026-01-01T00:00:00.000Z';
    const dirty = list.apply(
      Array.from({ length: CHUNK_ROWS + 10 }, (_, i) => row(CHUNK_ROWS + 10 - i, same)),
      [],
    );
    expect(dirty).toEqual(new Set([0, 1]));
    expect(list.chunkRows(0)).toHaveLength(CHUNK_ROWS);
    expect(list.chunkRows(1)).toHaveLength(10);
    expect(list.apply([{ ...row(500, same), v: 1 }], [])).toEqual(new Set([0])); // a change rewrites its own chunk
    expect(list.apply([], ['id-000005'])).toEqual(new Set([1]));
    expect(list.chunkRows(1)).toHaveLength(9);
  });

  it('reads back stored chunks in any key order, and keeps filling the one with room', () => {
    const list = new SyncedList<{ _id: string; createdAt: string }>('newestFirst');
    expect(
      list.load([
        { key: 7, rows: [row(2), row(1)] },
        { key: 4, rows: [row(9), row(8)] },
      ]),
    ).toEqual(new Set()); // stored in order: nothing to store again
    expect(list.list().map((r) => r._id)).toEqual(['id-000009', 'id-000008', 'id-000002', 'id-000001']);
    expect(list.apply([row(5)], [])).toEqual(new Set([4])); // between the chunks: the one before it has room
    expect(list.list().map((r) => r._id)).toEqual(['id-000009', 'id-000008', 'id-000005', 'id-000002', 'id-000001']);
    expect(held(list, 'id-000002')).toEqual(row(2));
  });

  it('changes, adds and deletes rows of a copy read back at start-up', () => {
    type R = { _id: string; createdAt: string; v?: number };
    const list = new SyncedList<R>('newestFirst');
    list.load([
      { key: 1, rows: [row(4), row(3)] },
      { key: 2, rows: [row(2), row(1)] },
    ]);
    expect(list.apply([{ ...row(2), v: 1 }], [])).toEqual(new Set([2])); // in its place: its chunk only
    expect(list.list().map((r) => [r._id, r.v])).toEqual([
      ['id-000004', undefined],
      ['id-000003', undefined],
      ['id-000002', 1],
      ['id-000001', undefined],
    ]);
    // Chunk 1 left with one row joins chunk 2, and the new row goes first in it.
    expect(list.apply([row(5)], ['id-000003'])).toEqual(new Set([1, 2]));
    expect(held(list, 'id-000002')).toEqual({ ...row(2), v: 1 });
    expect(list.list().map((r) => r._id)).toEqual(['id-000005', 'id-000004', 'id-000002', 'id-000001']);
    expect(list.apply([], ['id-000404'])).toEqual(new Set()); // a delete of a row not held changes nothing
  });

  it('moves a row whose time changed, and applies a change as if its upserts and deletes came one by one', () => {
    type R = { _id: string; createdAt: string; v?: number };
    const list = new SyncedList<R>('newestFirst');
    list.apply([row(1), row(2), row(3)], []);
    const moved = { ...row(2), createdAt: '2027-01-01T00:00:00.000Z' };
    list.apply([moved], []);
    expect(list.list().map((r) => r._id)).toEqual(['id-000002', 'id-000003', 'id-000001']);
    expect(list.size).toBe(3); // moved, not copied
    // The same id twice: the last one wins; an upsert and a delete of one id: the delete wins.
    list.apply([row(7), { ...row(1), v: 1 }, { ...row(1), v: 2 }, row(9)], ['id-000009']);
    expect(list.list().map((r) => [r._id, r.v])).toEqual([
      ['id-000002', undefined],
      ['id-000007', undefined],
      ['id-000003', undefined],
      ['id-000001', 2],
    ]);
  });

  it('drops a chunk deletes empty and joins a nearly emptied one to the next, whatever order the deletes come in', () => {
    const list = new SyncedList<{ _id: string; createdAt: string }>('oldestFirst');
    const same = '2026-01-01T00:00:00.000Z';
    list.apply(
      Array.from({ length: 2 * CHUNK_ROWS + 200 }, (_, i) => row(i + 1, same)),
      [],
    );
    const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => row(from + i, same)._id);
    // In one change: the first chunk emptied, the second nearly (it then joins the third), the third less one row.
    const last = 2 * CHUNK_ROWS + 200;
    const dirty = list.apply(
      [],
      [...ids(last, last), ...ids(CHUNK_ROWS + 11, 2 * CHUNK_ROWS), ...ids(1, CHUNK_ROWS).reverse()],
    );
    expect(dirty).toEqual(new Set([0, 1, 2]));
    expect(list.chunkRows(0)).toHaveLength(0);
    expect(list.chunkRows(1)).toHaveLength(10 + 199);
    expect(list.chunkRows(2)).toHaveLength(0); // joined chunk 1: its stored copy is to be deleted
    expect(list.list().map((r) => r._id)).toEqual([
      ...ids(CHUNK_ROWS + 1, CHUNK_ROWS + 10),
      ...ids(2 * CHUNK_ROWS + 1, last - 1),
    ]);
    expect(list.chunkKeys()).toEqual([1]);
  });

  it('lays out anew a stored copy whose chunks overlap, and says to store all of it again', () => {
    const list = new SyncedList<{ _id: string; createdAt: string }>('newestFirst');
    const dirty = list.load([
      { key: 0, rows: [row(9), row(2)] },
      { key: 1, rows: [row(5), row(1)] },
    ]);
    expect(list.list().map((r) => r._id)).toEqual(['id-000009', 'id-000005', 'id-000002', 'id-000001']);
    expect([...dirty]).toEqual(expect.arrayContaining([0, 1]));
    expect(dirty.size).toBe(3); // the two old chunks (deleted) and the new one
    expect(list.chunkRows(0)).toEqual([]);
  });

  it('stores each chunk as a run of the screen order, whatever order rows arrive in', () => {
    const list = new SyncedList<{ _id: string; createdAt: string }>('newestFirst');
    // A deterministic shuffle of 5,000 rows, applied in pages; then deletes of every third row.
    const ids = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5000);
    for (let i = 0; i < ids.length; i += 700)
      list.apply(
        ids
          .slice(i, i + 700)
          .map((n) => row(n, `2026-01-01T00:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:00.000Z`)),
        [],
      );
    list.apply(
      [],
      ids.filter((n) => n % 3 === 0).map((n) => `id-${String(n).padStart(6, '0')}`),
    );
    const laidOut = list.chunkKeys().flatMap((k) => list.chunkRows(k));
    expect(laidOut).toEqual(list.list());
    expect(list.chunkKeys().every((k) => list.chunkRows(k).length <= CHUNK_ROWS)).toBe(true);
    const sorted = [...list.list()].sort((a, b) =>
      a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
    );
    expect(list.list()).toEqual(sorted);
    expect(list.size).toBe(5000 - Math.ceil(5000 / 3));
  });

  it('starts a new chunk for rows newer than a full first chunk, and splits a full chunk in the middle', () => {
    const list = new SyncedList<{ _id: string; createdAt: string }>('oldestFirst');
    const at = (n: number) => row(n, '2026-01-01T00:00:00.000Z');
    list.apply(
      Array.from({ length: CHUNK_ROWS }, (_, i) => at(2 * i + 10)),
      [],
    );
    expect(list.chunkKeys()).toEqual([0]);
    expect(list.apply([at(0)], [])).toEqual(new Set([1])); // before the first row: a chunk of its own
    expect(list.chunkKeys()).toEqual([1, 0]);
    expect(list.apply([at(11)], [])).toEqual(new Set([0, 2])); // inside the full chunk: split in two halves
    expect(list.chunkKeys().map((k) => list.chunkRows(k).length)).toEqual([1, CHUNK_ROWS / 2 + 1, CHUNK_ROWS / 2]);
    expect(
      list
        .list()
        .map((r) => r._id)
        .slice(0, 4),
    ).toEqual(['id-000000', 'id-000010', 'id-000011', 'id-000012']);
  });

  it('joins a chunk that deletes have nearly emptied to the next one', () => {
    const list = new SyncedList<{ _id: string; createdAt: string }>('oldestFirst');
    const at = (n: number) => row(n, '2026-01-01T00:00:00.000Z');
    list.apply(
      Array.from({ length: CHUNK_ROWS + 10 }, (_, i) => at(i)),
      [],
    );
    const gone = Array.from({ length: CHUNK_ROWS - 5 }, (_, i) => `id-${String(i).padStart(6, '0')}`);
    const dirty = list.apply([], gone);
    expect(list.chunkKeys()).toHaveLength(1);
    expect(dirty).toEqual(new Set([0, 1]));
    expect(list.chunkRows(1)).toEqual([]); // deleted from the device
    expect(list.list()).toHaveLength(15);
  });
});

describe("the screens' array after a change", () => {
  it('is the chunks end to end after any mix of replacements in place, inserts, moves and deletes; the old one unchanged', () => {
    const list = new SyncedList<{ _id: string; createdAt: string; v?: number }>('newestFirst');
    list.apply(
      Array.from({ length: 3 * CHUNK_ROWS + 10 }, (_, i) => row(i)),
      [],
    );
    let seed = 5;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let step = 0; step < 60; step++) {
      const shown = list.list();
      const before = [...shown];
      const held = shown[random(shown.length)]!;
      // Mostly an Approve (a row replaced in its place), now and then a new row, a moved one or a delete.
      const kind = random(6);
      if (kind < 3) list.apply([{ ...held, v: step }], []);
      else if (kind === 3) list.apply([row(10_000 + step)], []);
      else if (kind === 4) list.apply([{ ...held, createdAt: '2027-01-01T00:00:00.000Z' }], []);
      else list.apply([], [held._id]);
      const fromChunks = list.chunkKeys().flatMap((k) => list.chunkRows(k));
      expect(list.list()).toEqual(fromChunks);
      expect(shown).toEqual(before); // the array a screen holds never changes under it
      if (kind < 3) expect(list.list().find((r) => r._id === held._id)?.v).toBe(step);
    }
  });
});

describe('the stored form of a chunk', () => {
  it('gives back every row exactly as the server sent it, and no rows as none', () => {
    const interner = new Interner();
    users.forEach((u) => interner.setUser(u));
    for (const [list, rows] of [
      ['users', users],
      ['services', [...services, guestService]],
      ['enrollments', enrollments],
      ['activity', activity],
    ] as const) {
      const codec = LIST_CODECS[list] as unknown as ListCodec<{ _id: string }>;
      const text = codec.encode(rows as never[], interner);
      expect(JSON.parse(JSON.stringify(codec.decode(text, new InternerWith(users))))).toEqual(
        JSON.parse(JSON.stringify(rows)),
      );
      expect(codec.decode(codec.encode([], interner), interner)).toEqual([]);
    }
  });

  it('shares repeated nested values between rows, and is smaller than the wire form', () => {
    const interner = new Interner();
    users.forEach((u) => interner.setUser(u));
    // As memory holds them: rows from the network, interned (equal nested values are one object).
    const twice = [...enrollments, ...enrollments.map((e) => structuredClone({ ...e, _id: `${e._id}-2` }))].map((e) =>
      LIST_CODECS.enrollments.intern(e, interner),
    );
    const text = LIST_CODECS.enrollments.encode(twice, interner);
    expect(text.length).toBeLessThan(JSON.stringify(twice).length * 0.6);
    const back = LIST_CODECS.enrollments.decode(text, interner);
    const withUser = back.filter((e) => e.userId);
    const first = withUser[0]!;
    const again = withUser.find((e) => e._id === `${first._id}-2`)!;
    expect(again.userId).toBe(first.userId);
    expect(again.courseDetails).toBe(first.courseDetails);
    expect(again.userDetails).toBe(first.userDetails);
  });
});

/** A fresh interner that knows the users list, as a restart has it once the users chunks are read. */
class InternerWith extends Interner {
  constructor(list: typeof users) {
    super();
    list.forEach((u) => this.setUser(u));
  }
}
