import { DeviceStore } from '@/app/lib/sync/device-store';
import { Interner } from '@/app/lib/sync/interning';
import { LIST_CODECS } from '@/app/lib/sync/list-codecs';
import { SYNC_LISTS, type SyncList } from '@/shared/schemas/sync';

/** An admin's device copy as IndexedDB holds it, decoded: null when there is none. */
export async function deviceCopy(adminId: string) {
  const databases = await indexedDB.databases();
  if (!databases.some((d) => d.name === `coursedesk-device-${adminId}`)) return null;
  const store = await DeviceStore.open(adminId);
  const { meta, chunks } = await store.read();
  store.close();
  if (!meta) return null;
  const interner = new Interner();
  const rows = {} as Record<SyncList, { _id: string }[]>;
  for (const list of SYNC_LISTS) {
    const codec = LIST_CODECS[list] as (typeof LIST_CODECS)['batches'];
    rows[list] = chunks
      .filter((c) => c.key[0] === meta.gen && c.key[1] === list)
      .flatMap((c) => codec.decode(c.text, interner));
    if (list === 'users') for (const u of rows.users as never[]) interner.setUser(u);
  }
  return { meta, rows, chunks: chunks.length };
}
