import { SYNC_LISTS } from '@/shared/sync-lists';
import { packCopy } from './page-packing';
import type { CopySession } from './copy-session';
import type { TabMessage } from './tab-channel';

/** Texts of a whole copy per tab message: a few MB to clone and post, a short task. */
const COPY_TEXTS_PER_MESSAGE = 8;

/**
 * The whole copy, for the other tabs (after a resync) or for one that joined (`to`): as it stands now, packed into
 * texts a slice per task (packCopy), then told in parts of a few texts (each a short task to clone and post).
 */
export async function packedCopy(s: CopySession, to: string | null): Promise<TabMessage[]> {
  const lists = Object.fromEntries(SYNC_LISTS.map((l) => [l, s.live[l].list()])) as never;
  const { meta } = s;
  const pos = s.marks.pos;
  const texts = await packCopy(lists, s.interner, () => s.alive);
  if (!texts) return [];
  const copy = crypto.randomUUID();
  const parts: TabMessage[] = [];
  for (const list of SYNC_LISTS)
    for (let at = 0; at < texts[list].length; at += COPY_TEXTS_PER_MESSAGE)
      parts.push({ t: 'copy', copy, list, texts: texts[list].slice(at, at + COPY_TEXTS_PER_MESSAGE), to });
  parts.push({ t: 'swap', copy, meta, pos, to });
  return parts;
}
