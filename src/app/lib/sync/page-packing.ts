import { ApiError } from '@/app/lib/api-client';
import { MESSAGES } from '@/shared/messages';
import type { SyncReply } from '@/shared/schemas/sync';
import { SYNC_LISTS, type SyncList } from '@/shared/sync-lists';
import { Interner } from './interning';
import { LIST_CODECS, type SyncRows } from './list-codecs';
import { nextTask } from './tasks';

/**
 * A text in the chunk format as it crosses a thread or a tab: its UTF-8 bytes. A message of bytes is read at once
 * (the worker's buffers move; a tab's are copied whole), where a message of strings makes every string again in the
 * one task that reads the message: 2.5 MB of texts took 13 to 60 ms so in Chromium here, the bytes under 1 ms. Each
 * text becomes a string again in the slice that reads it (`readText`).
 */
export type PackedText = Uint8Array;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const packText = (text: string): PackedText => encoder.encode(text);
const readText = (bytes: PackedText) => decoder.decode(bytes);

/**
 * A sync page as it crosses from the page worker to the tab, and from the leading tab to the others: each list's
 * upserts as texts in the device store's chunk format (list-codecs.ts), PACK_ROWS rows each. Texts cross threads
 * and tabs as bytes, where the rows would be cloned object by object in one task; reading them back is a
 * fraction of reading the wire's JSON (its embedded users, contact and course details are written once per text),
 * and it is done a slice per task (docs/sync.md, "Off the main thread").
 */
export type PackedPage = Omit<SyncReply, 'success' | 'changes'> & {
  lists: Record<SyncList, { texts: PackedText[]; deletes: string[] }>;
  /** The `first` list the page was asked for with (a full sync's): the order its lists filled in. */
  first?: SyncList;
};

/** Rows per packed text: one text is read back in a few ms, and a slice reads several. */
const PACK_ROWS = 500;
/** Reading packed texts yields to the browser this often: well under the 50 ms of a long task. */
const UNPACK_SLICE_MS = 16;

/** The rows of the lists a reply touches, read loosely: a reply that is not the API's is refused whole. */
export function checkReply(reply: unknown): SyncReply {
  const r = reply as Partial<SyncReply> | null;
  const listsOk =
    r?.changes &&
    SYNC_LISTS.every((l) => Array.isArray(r.changes![l]?.upserts) && Array.isArray(r.changes![l].deletes));
  if (r?.success !== true || typeof r.cursor !== 'string' || typeof r.hasMore !== 'boolean' || !listsOk)
    throw new ApiError('unexpected', 200, null, MESSAGES.sync.notOurs);
  return r as SyncReply;
}

/**
 * A reply as texts. The interner here is the page's own, not the tab's (which this thread may not have): it
 * shares the page's repeated course and service details, so each is written once per text, and holds no users,
 * so embedded users and contact details are written as sent; the tab matches them to its users when it reads.
 */
export function packReply(reply: SyncReply): PackedPage {
  const interner = new Interner();
  const lists = {} as PackedPage['lists'];
  for (const list of SYNC_LISTS) {
    const codec = LIST_CODECS[list];
    const rows = (reply.changes[list].upserts as SyncRows[typeof list][]).map((r) =>
      codec.intern(r as never, interner),
    );
    const texts: PackedText[] = [];
    for (let at = 0; at < rows.length; at += PACK_ROWS)
      texts.push(packText(codec.encode(rows.slice(at, at + PACK_ROWS) as never[], interner)));
    lists[list] = { texts, deletes: reply.changes[list].deletes };
  }
  // Everything else the reply says (cursor, progress, summary …) comes as it is.
  const { success: _, changes: __, ...rest } = reply;
  return { ...rest, lists };
}

/** The buffers of a packed page's texts: a worker hands them over (transfers them) rather than copying them. */
export const pageBuffers = (page: PackedPage) =>
  SYNC_LISTS.flatMap((l) => page.lists[l].texts.map((t) => t.buffer as ArrayBuffer));

/**
 * A packed page's rows as this tab holds rows (sharing its users and repeated values, as `intern` does), read a
 * slice per task; null when the tab's session ended meanwhile.
 */
export async function unpackPage(
  page: PackedPage,
  interner: Interner,
  alive: () => boolean,
): Promise<Map<SyncList, SyncRows[SyncList][]> | null> {
  const rows = new Map<SyncList, SyncRows[SyncList][]>();
  let slice = performance.now();
  for (const list of SYNC_LISTS) {
    const out: SyncRows[SyncList][] = [];
    for (const text of page.lists[list].texts) {
      if (performance.now() - slice > UNPACK_SLICE_MS) {
        await nextTask();
        if (!alive()) return null;
        slice = performance.now();
      }
      for (const row of LIST_CODECS[list].decode(readText(text), interner)) out.push(row);
    }
    rows.set(list, out);
  }
  return rows;
}

/** Rows per text of a whole copy: a stored chunk's worth, encoded or decoded in a few ms. */
const COPY_ROWS = 1000;

/**
 * A whole copy (the leader's, for the other tabs: after Reload Data, or for a tab that joins) as texts in the chunk
 * format, COPY_ROWS rows each in screen order, encoded a slice per task from `lists` (the screens' arrays, taken in
 * one task: they are never changed in place, so what is encoded is the copy as it stood then). Written with this
 * tab's interner: an embedded user that is the users list's own is written as its id, so `unpackCopy` reads the
 * users first. Null when the tab's session ended meanwhile. Before, the rows themselves were posted, and
 * structured-cloning 270,000 of them was one task of seconds.
 */
export async function packCopy(
  lists: { [L in SyncList]: readonly SyncRows[L][] },
  interner: Interner,
  alive: () => boolean,
): Promise<Record<SyncList, PackedText[]> | null> {
  const texts = {} as Record<SyncList, PackedText[]>;
  let slice = performance.now();
  for (const list of SYNC_LISTS) {
    const rows = lists[list];
    const out: PackedText[] = (texts[list] = []);
    for (let at = 0; at < rows.length; at += COPY_ROWS) {
      if (performance.now() - slice > UNPACK_SLICE_MS) {
        await nextTask();
        if (!alive()) return null;
        slice = performance.now();
      }
      out.push(packText(LIST_CODECS[list].encode(rows.slice(at, at + COPY_ROWS) as never[], interner)));
    }
  }
  return texts;
}

/**
 * A whole copy's texts (packCopy's) read back a slice per task, users first (set in `interner`: the other lists'
 * rows embed them), each text a run of its list's screen order. Null when the tab's session ended meanwhile.
 */
export async function unpackCopy(
  texts: Record<SyncList, PackedText[]>,
  interner: Interner,
  alive: () => boolean,
): Promise<Map<SyncList, SyncRows[SyncList][][]> | null> {
  const runs = new Map<SyncList, SyncRows[SyncList][][]>();
  let slice = performance.now();
  for (const list of SYNC_LISTS) {
    const out: SyncRows[SyncList][][] = [];
    for (const text of texts[list] ?? []) {
      if (performance.now() - slice > UNPACK_SLICE_MS) {
        await nextTask();
        if (!alive()) return null;
        slice = performance.now();
      }
      const rows = LIST_CODECS[list].decode(readText(text), interner);
      if (list === 'users') for (const u of rows as SyncRows['users'][]) interner.setUser(u);
      out.push(rows);
    }
    runs.set(list, out);
  }
  return runs;
}
