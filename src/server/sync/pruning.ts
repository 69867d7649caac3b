import { sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { inTransaction } from '@/server/db/transaction';
import { repeatFromNow } from '@/server/repeat';
import { pruneActivity } from '@/server/repositories/activity-repo';
import type { FastifyInstance } from 'fastify';

const HOUR_MS = 3_600_000;

/**
 * Deletes the sync log's entries older than `retentionDays`, whole versions at a time, and raises
 * `pruned_below` to the last version deleted in the same transaction: a cursor below it answers with a
 * full sync, one at or above it finds every change it needs. Returns the mark and how many entries went.
 */
export async function pruneSyncLog(db: Db, retentionDays: number): Promise<{ prunedBelow: number; deleted: number }> {
  return inTransaction(db, async (t) => {
    // changed_at is the writing transaction's start, not its commit: the mark is the newest old version,
    // and everything up to it goes, so no version above the mark is ever missing.
    const [mark] = await rows<{ v: string | number | null }>(
      t,
      sql`select max(version) as v from sync_changes
          where changed_at < now() - make_interval(secs => ${retentionDays * 86_400})`,
    );
    if (mark?.v === null || mark?.v === undefined) {
      const [state] = await rows<{ v: string | number }>(t, sql`select pruned_below as v from sync_state where id = 1`);
      return { prunedBelow: Number(state?.v ?? 0), deleted: 0 };
    }
    const v = Number(mark.v);
    const [gone] = await rows<{ n: number }>(
      t,
      sql`with d as (delete from sync_changes where version <= ${v} returning 1) select count(*)::int as n from d`,
    );
    const [state] = await rows<{ v: string | number }>(
      t,
      sql`update sync_state set pruned_below = greatest(pruned_below, ${v}) where id = 1 returning pruned_below as v`,
    );
    return { prunedBelow: Number(state!.v), deleted: gone?.n ?? 0 };
  });
}

/**
 * Prunes the sync log and the activity log (`activityDays` null: kept for ever) now (start-up waits for it)
 * and then every hour, until the app closes. Activity first: its deletes are sync changes of their own.
 */
export async function schedulePruning(
  app: FastifyInstance,
  db: Db,
  retentionDays: number,
  activityDays: number | null,
): Promise<void> {
  const run = async () => {
    await pruneActivity(db, activityDays).catch((err: unknown) =>
      app.log.warn({ err }, 'Pruning the activity log failed; it is tried again in an hour.'),
    );
    await pruneSyncLog(db, retentionDays).catch((err: unknown) =>
      app.log.warn({ err }, 'Pruning the sync log failed; it is tried again in an hour.'),
    );
  };
  const stop = await repeatFromNow(HOUR_MS, run);
  app.addHook('preClose', async () => stop());
}
