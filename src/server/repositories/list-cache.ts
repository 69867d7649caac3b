import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';

export type ListName = 'users' | 'courses' | 'enrollments' | 'batches' | 'services';
export type Encoding = 'br' | 'gzip' | 'identity';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
/** Fast settings: a list is compressed once per version, but the first reader waits for it. */
const ENCODERS: Record<Exclude<Encoding, 'identity'>, (b: Buffer) => Promise<Buffer>> = {
  gzip: (b) => gzip(b, { level: 4 }),
  br: (b) =>
    brotli(b, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length },
    }),
};
/** Rows fetched per round trip from the cursor: bounded memory in the database (PGlite runs in WASM). */
const FETCH_ROWS = 5000;

interface Entry {
  version: number;
  body: Promise<Buffer>;
  encoded: Map<Encoding, Promise<Buffer>>;
}

/**
 * Whole list replies, built once per list version and kept compressed. The version comes from the
 * list_versions table, which triggers bump in the writing transaction, so every instance behind a load
 * balancer sees a change at once. Concurrent readers of a version share one build.
 */
export class ListCache {
  private entries = new Map<ListName, Entry>();

  constructor(private db: Db) {}

  async reply(name: ListName, envelopeKey: string, rowsQuery: SQL, encoding: Encoding): Promise<Buffer> {
    const version = await currentVersion(this.db, name);
    let entry = this.entries.get(name);
    // A reader that saw an older version than the cached one gets the newer list: never step back.
    if (!entry || entry.version < version) {
      entry = { version, body: this.build(name, envelopeKey, rowsQuery), encoded: new Map() };
      this.entries.set(name, entry);
      // A failed build is not cached.
      entry.body.catch(() => this.entries.get(name) === entry && this.entries.delete(name));
    }
    if (encoding === 'identity') return entry.body;
    let encoded = entry.encoded.get(encoding);
    if (!encoded) {
      encoded = entry.body.then(ENCODERS[encoding]);
      entry.encoded.set(encoding, encoded);
    }
    return encoded;
  }

  /**
   * Streams the rows through a cursor in one read-only snapshot and joins their JSON text; the array is
   * never built as one value in the database (PGlite's memory is limited, PostgreSQL caps a value at 1 GB).
   */
  private build(name: ListName, envelopeKey: string, rowsQuery: SQL): Promise<Buffer> {
    const cursor = sql.raw(`list_${name}`);
    return this.db.transaction(
      async (tx) => {
        await tx.execute(sql`declare ${cursor} no scroll cursor for ${rowsQuery}`);
        const parts: Buffer[] = [Buffer.from(`{"success":true,${JSON.stringify(envelopeKey)}:[`)];
        for (let first = true; ; first = false) {
          const batch = await rows<{ json: string }>(
            tx as unknown as Db,
            sql`fetch ${sql.raw(String(FETCH_ROWS))} from ${cursor}`,
          );
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
