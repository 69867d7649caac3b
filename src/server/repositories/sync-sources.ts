import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { SYNC_LISTS, type SyncCursor, type SyncList, type SyncProgress, type SyncSummary } from '@/shared/schemas';
import { activityJsonSql } from './activity-repo';
import { inWindow, type WindowStart } from './activity-window-repo';
import { batchJsonSql } from './batches-repo';
import { courseJsonSql } from './courses-repo';
import { enrollmentJsonSql } from './enrollments-repo';
import { serviceJsonSql } from './services-repo';
import { userJsonSql } from './users-repo';

/**
 * Each list's rows in the wire shape of its GET list route (the same JSON builders), by id, and its table's
 * created_at (the screens' order, SYNC_ORDER, is created_at then id).
 * A batch counts its own enrollments through the batch index, rather than grouping the whole table.
 */
export const SOURCES: Record<SyncList, { json: SQL; from: SQL; id: SQL; createdAt: SQL }> = {
  users: { json: userJsonSql('u'), from: sql`users u`, id: sql`u.id`, createdAt: sql`u.created_at` },
  courses: { json: courseJsonSql, from: sql`courses c`, id: sql`c.id`, createdAt: sql`c.created_at` },
  batches: {
    json: batchJsonSql,
    from: sql`batches b left join lateral (
      select count(*)::int as n from enrollments x where x.batch_id = b.id
    ) c on true`,
    id: sql`b.id`,
    createdAt: sql`b.created_at`,
  },
  services: {
    json: serviceJsonSql,
    from: sql`service_purchases p left join users u on u.id = p.user_id`,
    id: sql`p.id`,
    createdAt: sql`p.created_at`,
  },
  enrollments: {
    json: enrollmentJsonSql,
    from: sql`enrollments e left join users u on u.id = e.user_id`,
    id: sql`e.id`,
    createdAt: sql`e.created_at`,
  },
  activity: { json: activityJsonSql, from: sql`activity a`, id: sql`a.id`, createdAt: sql`a.created_at` },
};

/** The table whose rows each list carries. */
export const TABLES: Record<SyncList, string> = {
  users: 'users',
  courses: 'courses',
  batches: 'batches',
  services: 'service_purchases',
  enrollments: 'enrollments',
  activity: 'activity',
};

export interface SyncState {
  version: number;
  prunedBelow: number;
  epoch: string;
  /** The activity window's start (src/server/sync/activity-window.ts): older entries are not synced. */
  activityFrom: WindowStart;
}

/** Rows of `list` the sync carries: all but activity entries outside the window. */
export const synced = (list: SyncList, state: SyncState) =>
  list === 'activity' ? inWindow(state.activityFrom) : sql`true`;

export interface ListPart {
  /** JSON texts of rows, passed through unparsed. */
  upserts: string[];
  deletes: string[];
}

export interface SyncPage {
  reset: boolean;
  changes: Record<SyncList, ListPart>;
  cursor: SyncCursor;
  hasMore: boolean;
  /** On the pages of a full sync. */
  progress?: SyncProgress;
  /** On the first page of a full sync. */
  summary?: SyncSummary;
}

export const emptyChanges = (): Record<SyncList, ListPart> =>
  Object.fromEntries(SYNC_LISTS.map((l) => [l, { upserts: [], deletes: [] }])) as unknown as Record<SyncList, ListPart>;

export async function readState(db: Db): Promise<SyncState> {
  const [row] = await rows<{
    version: string | number;
    pruned_below: string | number;
    epoch: string;
    from_micros: string | null;
    from_id: string | null;
  }>(
    db,
    sql`select version, pruned_below, epoch::text as epoch, activity_from_id::text as from_id,
          (extract(epoch from activity_from) * 1000000)::bigint::text as from_micros
        from sync_state where id = 1`,
  );
  if (!row) throw new Error('sync_state has no row: migration 0003 did not run.');
  return {
    version: Number(row.version),
    prunedBelow: Number(row.pruned_below),
    epoch: row.epoch,
    activityFrom: row.from_micros && row.from_id ? { micros: row.from_micros, id: row.from_id } : null,
  };
}
