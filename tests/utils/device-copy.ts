import { waitFor } from '@testing-library/react';
import { promisifyRequest } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { auth } from '@/app/features/auth/auth-store';
import { createQueryClient } from '@/app/lib/query-client';
import { writeSession } from '@/app/lib/session-storage';
import { DeviceStore, type DeviceMeta, type StoredChunk } from '@/app/lib/sync/device-store';
import { Interner } from '@/app/lib/sync/interning';
import { LIST_CODECS } from '@/app/lib/sync/list-codecs';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import { SYNC_LISTS, type SyncList } from '@/shared/schemas/sync';
import { adminUser } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { syncReplyTo } from '../mocks/sync-api';

/** What an open device store reads back for its current generation: its sync state and every chunk. */
export async function readStored(store: DeviceStore) {
  let meta: DeviceMeta | undefined;
  const chunks: StoredChunk[] = [];
  await store.read(
    SYNC_LISTS,
    (m) => Boolean((meta = m)),
    (_list, chunk) => chunk && chunks.push(chunk),
  );
  return { meta, chunks };
}

/** An admin's device copy as IndexedDB holds it, decoded: null when there is none. */
export async function deviceCopy(adminId: string) {
  const databases = await indexedDB.databases();
  if (!databases.some((d) => d.name === `coursedesk-copy-${adminId}`)) return null;
  const store = await DeviceStore.open(adminId);
  const { meta, chunks } = await readStored(store);
  store.close();
  if (!meta) return null;
  const interner = new Interner();
  type Row = { _id: string; createdAt: string };
  const rows = {} as Record<SyncList, Row[]>;
  /** Each stored chunk's rows, as stored. */
  const chunkRows = {} as Record<SyncList, Row[][]>;
  for (const list of SYNC_LISTS) {
    const codec = LIST_CODECS[list] as unknown as (typeof LIST_CODECS)['batches'];
    chunkRows[list] = chunks.filter((c) => c.key[1] === list).map((c) => codec.decode(c.text, interner));
    rows[list] = chunkRows[list].flat();
    if (list === 'users') for (const u of rows.users as never[]) interner.setUser(u);
  }
  return { meta, rows, chunkRows, chunks: chunks.length };
}

/** A whole device copy of the mock server's lists, the engine stopped again (as after closing the app). */
export async function storedCopy() {
  writeSession('test-token', adminUser);
  auth.reload();
  await syncEngine.start(createQueryClient(), adminUser._id);
  await syncEngine.ready();
  await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
  syncEngine.stop();
}

/**
 * The next start-up's read of one stored list waits until `release()`, as if its chunks were slow to come;
 * `release.one()` lets its next chunk through.
 */
export function holdStoredList(list: SyncList) {
  const read = DeviceStore.prototype.read;
  const held: (() => void)[] = [];
  let released = false;
  vi.spyOn(DeviceStore.prototype, 'read').mockImplementation(function (this: DeviceStore, order, accept, take) {
    return read.call(this, order, accept, (l, chunk) =>
      l === list && !released ? void held.push(() => take(l, chunk)) : take(l, chunk),
    );
  });
  const release = () => {
    released = true;
    held.splice(0).forEach((give) => give());
  };
  const one = async () => {
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
    held.shift()!();
  };
  return Object.assign(release, { one });
}

/** Every pull waits until `release()`, as if the start-up's first pull were still on its way. */
export function holdPulls() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get('/api/sync', async ({ request }) => {
      await held;
      return HttpResponse.json(syncReplyTo(request));
    }),
  );
  return release;
}

/** The generations of every chunk stored for `adminId` (one while no resync is under way or left over). */
export async function storedGenerations(adminId: string): Promise<number[]> {
  // Opened by hand, to close it: an open connection would hold up the next test's deletion of the database.
  const db = await promisifyRequest(indexedDB.open(`coursedesk-copy-${adminId}`));
  const all = await promisifyRequest(db.transaction('copy').objectStore('copy').getAllKeys());
  db.close();
  const chunks = all.filter((k): k is [number] => Array.isArray(k));
  return [...new Set(chunks.map((k) => k[0]))].sort();
}
