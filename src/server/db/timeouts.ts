/** How long the database may keep a request waiting (docs/operations.md), in milliseconds. */
export interface DbTimeouts {
  /** One SQL statement (PostgreSQL `statement_timeout`; PGlite cannot interrupt a statement). */
  statementMs: number;
  /** Waiting for a row or table lock another transaction holds (PostgreSQL `lock_timeout`). */
  lockMs: number;
  /** Waiting for a connection: the pool's on PostgreSQL, the single connection's turn on PGlite. */
  poolWaitMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { statementMs: 30_000, lockMs: 2_000, poolWaitMs: 2_000 };

/** What a 503 for a busy database tells the client to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** No connection came free in time (PGlite's queue; PostgreSQL's pool throws its own, matched below). */
export class DatabaseBusyError extends Error {
  constructor(waitedMs: number) {
    super(`No database connection came free within ${waitedMs} ms.`);
  }
}

/**
 * PostgreSQL codes of a write that gave way to others and may succeed when tried again: lock_not_available
 * (lock_timeout), query_canceled (statement_timeout), deadlock_detected, serialization_failure.
 */
const BUSY_CODES = ['55P03', '57014', '40P01', '40001'];

/** node-postgres' own texts: waiting for a pooled connection, or for a new one to connect. */
const POOL_TIMEOUTS = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated due to connection timeout$/,
];

/** True for a failure that says "the database is busy, try again", however the driver or drizzle wrapped it. */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    if (e instanceof DatabaseBusyError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && BUSY_CODES.includes(code)) return true;
    if (POOL_TIMEOUTS.some((text) => text.test(e.message))) return true;
  }
  return false;
}
