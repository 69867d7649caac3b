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
import * as schema from './schema';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
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
}

/** Opens the database, takes the folder lock for PGlite, and applies pending migrations. */
export async function openDatabase({ databaseUrl, dataDir }: OpenOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c timezone=UTC' });
    // An idle connection that PostgreSQL drops (restart, failover) is an 'error' event: without a
    // listener it would end the process. The pool replaces the connection on the next query.
    pool.on('error', (err) => console.warn('PostgreSQL dropped an idle connection:', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several instances may start at once: one migrates while the others wait on the advisory lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      client.release();
    }
    const listener = new PgListener(databaseUrl);
    return {
      db,
      kind: 'postgres',
      listen: (channel, onPayload) => listener.listen(channel, onPayload),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }

  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    const client = await PGlite.create(dataDir ?? undefined);
    await client.exec("set timezone to 'UTC'");
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      listen: async (channel, onPayload) => {
        const stop = await client.listen(channel, onPayload);
        return () => stop();
      },
      close: async () => {
        await client.close();
        unlock();
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
