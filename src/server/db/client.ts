import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock';
import { PgListener } from './pg-listener';
import { PgliteQueue } from './pglite-queue';
import * as schema from './schema';
import { DEFAULT_DB_TIMEOUTS, type DbTimeouts } from './timeouts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  /**
   * For the quick reads that must not queue behind writers: token checks, the sync stream, /api/health. Its own
   * small pool on PostgreSQL; the front of the queue for the one connection on PGlite. Never for writes.
   */
  priorityDb: Db;
  kind: DbKind;
  /** What holds the database now, in words, for the log of a slow close; null when nothing does. */
  busyWith(): string | null;
  /** PGlite: how long its one connection has been held by the current turn, in ms; null when free, or on PostgreSQL. */
  turnMs(): number | null;
  /**
   * Calls `onPayload` with each NOTIFY on `channel`, from any instance, after its transaction commits.
   * An empty payload means notifications may have been lost (a reconnect): look again. Resolves once
   * listening, to the function that stops.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  databaseUrl: string | null;
  /** PGlite folder; null for an in-memory database. */
  dataDir: string | null;
  /** The API's timeouts (the defaults when left out); migrations run without them. */
  timeouts?: DbTimeouts;
}

/** Connections of the priority pool: a token check or health query holds one for a millisecond or two. */
const PRIORITY_POOL_SIZE = 3;

/** Opens the database, takes the folder lock for PGlite, and applies pending migrations. */
export async function openDatabase({
  databaseUrl,
  dataDir,
  timeouts = DEFAULT_DB_TIMEOUTS,
}: OpenOptions): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl, timeouts) : openPglite(dataDir, timeouts);
}

async function openPostgres(databaseUrl: string, timeouts: DbTimeouts): Promise<Database> {
  // Several instances may start at once: one migrates while the others wait on the advisory lock, on a
  // connection of its own that none of the API's timeouts apply to.
  const migrator = new pg.Client({ connectionString: databaseUrl, options: '-c timezone=UTC' });
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder });
  } finally {
    await migrator.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await migrator.end();
  }
  const poolOf = (max: number) => {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max,
      connectionTimeoutMillis: timeouts.poolWaitMs,
      options: `-c timezone=UTC -c statement_timeout=${timeouts.statementMs} -c lock_timeout=${timeouts.lockMs}`,
    });
    // An idle connection that PostgreSQL drops (restart, failover) is an 'error' event: without a
    // listener it would end the process. The pool replaces the connection on the next query.
    pool.on('error', (err) => console.warn('PostgreSQL dropped an idle connection:', err.message));
    return pool;
  };
  const pool = poolOf(10);
  const priority = poolOf(PRIORITY_POOL_SIZE);
  const listener = new PgListener(databaseUrl);
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    priorityDb: drizzlePg(priority, { schema }) as unknown as Db,
    kind: 'postgres',
    turnMs: () => null,
    busyWith: () => {
      const inUse = pool.totalCount - pool.idleCount;
      return inUse || pool.waitingCount ? `${inUse} connections in use, ${pool.waitingCount} waiting` : null;
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    close: async () => {
      await listener.close();
      await Promise.all([pool.end(), priority.end()]);
    },
  };
}

async function openPglite(dataDir: string | null, timeouts: DbTimeouts): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    const client = await PGlite.create(dataDir ?? undefined);
    await client.exec("set timezone to 'UTC'");
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    // Drizzle reaches PGlite only through query and transaction: both take their turn in the queue.
    const queue = new PgliteQueue(timeouts.poolWaitMs);
    const through = (priority: boolean) => {
      const turns = {
        query: (...args: Parameters<PGlite['query']>) => queue.run(priority, () => client.query(...args)),
        transaction: (...args: Parameters<PGlite['transaction']>) =>
          queue.run(priority, () => client.transaction(...args)),
      };
      return drizzlePglite({ client: turns as unknown as PGlite, schema }) as unknown as Db;
    };
    return {
      db: through(false),
      priorityDb: through(true),
      kind: 'pglite',
      turnMs: () => queue.busyForMs(),
      busyWith: () => {
        const busyMs = queue.busyForMs();
        if (busyMs === null) return null;
        return `a query or transaction running for ${(busyMs / 1000).toFixed(1)} s, ${queue.waiting} waiting`;
      },
      listen: async (channel, onPayload) => {
        const stop = await client.listen(channel, onPayload);
        return () => stop();
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** Rows of a raw query, the same shape on both drivers. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
