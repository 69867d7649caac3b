import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { inTransaction } from '@/server/db/transaction';

export type ListName = 'users' | 'courses' | 'enrollments' | 'batches' | 'services';

/** Rows fetched per round trip from the cursor: bounded memory in the database (PGlite runs in WASM). */
const FETCH_ROWS = 5000;

/** One version of a list's whole reply body; the same object for every reader of that version. */
export interface ListEntry {
  version: number;
  body: Promise<Buffer>;
}

/**
 * Whole list replies, built once per list version. The version comes from the list_versions table,
 * which triggers bump in the writing transaction, so every instance behind a load balancer sees a change
 * at once. Concurrent readers of a version share one build.
 */
export class ListCache {
  private entries = new Map<ListName, ListEntry>();

  constructor(private db: Db) {}

  /** The list's current version: `{"success":true,<envelopeKey>:[...rows]}` as JSON text. */
  async current(name: ListName, envelopeKey: string, rowsQuery: SQL): Promise<ListEntry> {
    const version = await currentVersion(this.db, name);
    let entry = this.entries.get(name);
    // A reader that saw an older version than the cached one gets the newer list: never step back.
    if (!entry || entry.version < version) {
      const built: ListEntry = { version, body: this.build(name, envelopeKey, rowsQuery) };
      this.entries.set(name, built);
      // A failed build is not cached.
      built.body.catch(() => this.entries.get(name) === built && this.entries.delete(name));
      entry = built;
    }
    return entry;
  }

  /**
   * Streams the rows through a cursor in one read-only snapshot and joins their JSON text; the array is
   * never built as one value in the database (PGlite's memory is limited, PostgreSQL caps a value at 1 GB).
   */
  private build(name: ListName, envelopeKey: string, rowsQuery: SQL): Promise<Buffer> {
    const cursor = sql.raw(`list_${name}`);
    return inTransaction(
      this.db,
      async (tx) => {
        await tx.execute(sql`declare ${cursor} no scroll cursor for ${rowsQuery}`);
        const parts: Buffer[] = [Buffer.from(`{"success":true,${JSON.stringify(envelopeKey)}:[`)];
        for (let first = true; ; first = false) {
          const batch = await rows<{ json: string }>(tx, sql`fetch ${sql.raw(String(FETCH_ROWS))} from ${cursor}`);
          if (batch.length) parts.push(Buffer.from((first ? '' : ',') + batch.map((r) => r.json).join(',')));
          if (batch.length < FETCH_ROWS) break;
        }
        parts.push(Buffer.from(']}'));
        return Buffer.concat(parts);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}

async function currentVersion(db: Db, name: ListName): Promise<number> {
  const [row] = await rows<{ version: string | number }>(
    db,
    sql`select version from list_versions where name = ${name}`,
  );
  return Number(row?.version ?? 0);
}
