import type { Db } from './client';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';

/**
 * Runs `work` in one transaction. Drizzle types a transaction apart from its database, though every query of
 * ours runs the same on both: the cast lives here once, so repositories take a `Db` either way.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db), config);
}
