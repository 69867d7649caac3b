import { describe, expect, it } from 'vitest';
import { Interner } from '@/app/lib/sync/interning';
import { LIST_CODECS, type ListCodec } from '@/app/lib/sync/list-codecs';
import { CHUNK_ROWS, SyncedList } from '@/app/lib/sync/synced-list';
import { enrollments, services, users } from '../mocks/fixtures';

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

  it('orders equal times by id, oldest first when asked, and the same after a large page', () => {
    const list = new SyncedList<{ _id: string; createdAt: string }>('oldestFirst');
    const same = '2026-01-01T00:00:00.000Z';
    const many = Array.from({ length: 5000 }, (_, i) => row(5000 - i, same));
    list.apply(many, []);
    const ids = list.list().map((r) => r._id);
    expect(ids).toEqual([...ids].sort());
  });

  it('places rows in chunks of at most CHUNK_ROWS and says which chunks a change touched', () => {
    const list = new SyncedList<{ _id: string; createdAt: string }>('newestFirst');
    const dirty = list.apply(
      Array.from({ length: CHUNK_ROWS + 10 }, (_, i) => row(i)),
      [],
    );
    expect(dirty).toEqual(new Set([0, 1]));
    expect(list.chunkRows(0)).toHaveLength(CHUNK_ROWS);
    expect(list.chunkRows(1)).toHaveLength(10);
    expect(list.apply([row(5)], [])).toEqual(new Set([0])); // a change rewrites only its own chunk
    expect(list.apply([], ['id-001005'])).toEqual(new Set([1]));
    expect(list.chunkRows(1)).toHaveLength(9);
  });

  it('reads back stored chunks and keeps filling the one with room', () => {
    const list = new SyncedList<{ _id: string; createdAt: string }>('newestFirst');
    list.loadChunk(4, [row(1), row(2)]);
    expect(list.size).toBe(2);
    expect(list.apply([row(3)], [])).toEqual(new Set([4]));
    expect(list.list().map((r) => r._id)).toEqual(['id-000003', 'id-000002', 'id-000001']);
  });
});

describe('the stored form of a chunk', () => {
  it('gives back every row exactly as the server sent it', () => {
    const interner = new Interner();
    users.forEach((u) => interner.setUser(u));
    for (const [list, rows] of [
      ['users', users],
      ['services', services],
      ['enrollments', enrollments],
    ] as const) {
      const codec = LIST_CODECS[list] as unknown as ListCodec<{ _id: string }>;
      const text = codec.encode(rows as never[], interner);
      expect(JSON.parse(JSON.stringify(codec.decode(text, new InternerWith(users))))).toEqual(
        JSON.parse(JSON.stringify(rows)),
      );
    }
  });

  it('shares repeated nested values between rows, and is smaller than the wire form', () => {
    const interner = new Interner();
    users.forEach((u) => interner.setUser(u));
    const twice = [...enrollments, ...enrollments.map((e) => structuredClone({ ...e, _id: `${e._id}-2` }))];
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
