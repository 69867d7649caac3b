import type { Db } from '@/server/db/client';
import { StaleWriteError } from '@/server/errors';
import { staleBatch, staleRecord, type VersionedKind } from '@/server/repositories/versions-repo';
import type { ExpectedBatch } from '@/shared/schemas';

/** The version a write names, by kind (docs/conflicts.md): a record's `expectedUpdatedAt`, a batch's values. */
type Versions = Record<VersionedKind, string> & { batch: ExpectedBatch };
type Kind = keyof Versions;

/** Each kind's check (the repository's: the record as it is now when stale) and the word its 409 names it by. */
const CHECKS: {
  [K in Kind]: { word: string; current: (tx: Db, id: string, expected: Versions[K] | undefined) => Promise<unknown> };
} = {
  enrollment: { word: 'enrollment', current: (tx, id, expected) => staleRecord(tx, 'enrollment', id, expected) },
  service: { word: 'service purchase', current: (tx, id, expected) => staleRecord(tx, 'service', id, expected) },
  course: { word: 'course', current: (tx, id, expected) => staleRecord(tx, 'course', id, expected) },
  batch: { word: 'batch', current: staleBatch },
};

/**
 * Refuses a write made on an older version of the record (409, "… this course …", the record as it is now), in the
 * write's transaction `tx`, which then holds the record's row locked until it commits. A write that names no version
 * is never refused. The one place a route checks a version: a course item's write names its course's.
 */
export async function refuseStale<K extends Kind>(tx: Db, kind: K, id: string, expected: Versions[K] | undefined) {
  const { word, current } = CHECKS[kind];
  const now = await current(tx, id, expected);
  if (now) throw new StaleWriteError(word, now);
}
