import { sql } from 'drizzle-orm';
import { rows, type Database, type Db } from '@/server/db/client';

/** The channel the sync log's triggers NOTIFY on (migration 0003), with the new version as payload. */
export const SYNC_CHANNEL = 'coursedesk_sync';

export async function currentSyncVersion(db: Db): Promise<number> {
  const [row] = await rows<{ version: string | number }>(db, sql`select version from sync_state where id = 1`);
  return Number(row?.version ?? 0);
}

type Subscriber = (version: number) => void;

/**
 * Fans this instance's one LISTEN out to its open sync streams. A burst of commits in one tick is announced
 * once, with the newest version (a client pulls everything up to now anyway).
 */
export class SyncAnnouncer {
  private subscribers = new Set<Subscriber>();
  private listening: Promise<() => Promise<void>> | null = null;
  private pending: number | null = null;
  private closed = false;

  constructor(private database: Database) {}

  /** Resolves once listening, to the function that unsubscribes. */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    if (this.closed) throw new Error('The server is closing.');
    this.subscribers.add(subscriber);
    this.listening ??= this.database.listen(SYNC_CHANNEL, (payload) => void this.heard(payload));
    try {
      await this.listening;
    } catch (err) {
      this.subscribers.delete(subscriber);
      this.listening = null;
      throw err;
    }
    return () => this.subscribers.delete(subscriber);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    const stop = await this.listening?.catch(() => null);
    await stop?.().catch(() => undefined);
  }

  private async heard(payload: string) {
    // An empty payload (the listener reconnected): the version is read instead.
    let version = /^\d+$/.test(payload) ? Number(payload) : NaN;
    if (!Number.isSafeInteger(version)) {
      version = await currentSyncVersion(this.database.priorityDb).catch(() => NaN);
      if (Number.isNaN(version)) return;
    }
    const first = this.pending === null;
    this.pending = Math.max(this.pending ?? 0, version);
    if (!first) return;
    setImmediate(() => {
      const newest = this.pending!;
      this.pending = null;
      for (const subscriber of this.subscribers) subscriber(newest);
    });
  }
}
