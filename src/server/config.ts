import net from 'node:net';
import path from 'node:path';
import { DEFAULT_DB_TIMEOUTS, type DbTimeouts } from './db/timeouts';
import { ACTIVITY_WINDOW_DEFAULT, type ActivityWindow } from './sync/activity-window';
import { SYNC_CACHE_DEFAULT_MB } from './sync/page-cache';

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite folder; null keeps the embedded database in memory (tests). Ignored when databaseUrl is set. */
  dataDir: string | null;
  databaseUrl: string | null;
  seedDemo: boolean;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Folder of the built PWA; null serves the API only. */
  staticDir: string | null;
  logger: boolean;
  /**
   * The load balancers' addresses or CIDR ranges whose X-Forwarded-For is believed, so login
   * throttling sees the client's address; false believes none.
   */
  trustProxy: string | false;
  /** The public site's address (SITE_URL), for service images and "Go to Course"; null: not set. */
  siteUrl: string | null;
  /** Days the sync log keeps changes (SYNC_RETENTION_DAYS); a device away longer makes a full sync. */
  syncRetentionDays: number;
  /** Days the activity log keeps entries (ACTIVITY_RETENTION_DAYS); null: for ever (the default). */
  activityRetentionDays: number | null;
  /** The activity the sync carries to devices (ACTIVITY_WINDOW_DAYS, ACTIVITY_WINDOW_ENTRIES): docs/activity.md. */
  activityWindow: ActivityWindow;
  /**
   * SYNC_CACHE_MB: megabytes of compressed full-sync pages this instance keeps, so devices that sync in full
   * share the pages' builds (docs/operations.md); 0 turns the cache off.
   */
  syncCacheMb: number;
  /** How often an open sync stream sends a heartbeat and checks its session (not an env setting: tests shorten it). */
  syncHeartbeatMs: number;
  /** DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS, DB_POOL_WAIT_MS (docs/operations.md). */
  dbTimeouts: DbTimeouts;
  /** HTTP_REQUEST_TIMEOUT_MS, HTTP_IDLE_TIMEOUT_MS (docs/operations.md). */
  httpTimeouts: HttpTimeouts;
  /** SHUTDOWN_TIMEOUT_MS: how long a clean close may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Create the demo admin (published password) when demo data is seeded: DEMO_ADMIN, by default only on a loopback HOST. */
  demoAdmin: boolean;
  /** A session unused this many days ends (SESSION_IDLE_DAYS, 7). */
  sessionIdleDays: number;
  /** A session ends this many days after its sign-in, used or not (SESSION_MAX_DAYS, 30). */
  sessionMaxDays: number;
  /** REQUIRE_2FA=1: every admin enrols in two-factor sign-in at their next sign-in. */
  require2fa: boolean;
}

export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: number;
  /** A connection with no byte in or out for this long is closed (above the 72 s keep-alive). */
  idleMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestMs: 120_000, idleMs: 90_000 };
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

const isOff = (value: string) => ['0', 'false', 'no', 'off'].includes(value.toLowerCase());

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !isOff(value);
}

/**
 * TRUST_PROXY names the balancers (e.g. `10.0.0.0/8` or `10.1.2.3,10.1.2.4`). "Trust every hop" is
 * refused: any client could then write its own address into X-Forwarded-For and dodge the throttle.
 */
function trustedProxies(value: string | undefined): string | false {
  const v = value?.trim() ?? '';
  if (v === '' || isOff(v)) return false;
  const entries = v.split(',').map((e) => e.trim());
  const isAddress = (e: string) => {
    const [ip, bits, ...rest] = e.split('/');
    return net.isIP(ip ?? '') !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
  };
  if (!entries.every((e) => isAddress(e) || ['loopback', 'linklocal', 'uniquelocal'].includes(e))) {
    throw new Error(
      `TRUST_PROXY takes the load balancers' addresses or CIDR ranges (e.g. 10.0.0.0/8), got "${value}". ` +
        'Trusting every hop would let any client choose the address the login throttle sees.',
    );
  }
  return entries.join(',');
}

/** SITE_URL must be an http(s) address; a trailing slash is dropped so paths can be appended. */
function siteAddress(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  if (v === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(v);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol)) {
    throw new Error(`SITE_URL must be the public site's http:// or https:// address, got "${value}".`);
  }
  return v.replace(/\/+$/, '');
}

/** SYNC_RETENTION_DAYS: a positive number of days (fractions allowed), 30 when unset. */
function retentionDays(value: string | undefined): number {
  const v = value?.trim() ?? '';
  if (v === '') return 30;
  const days = Number(v);
  if (!Number.isFinite(days) || days <= 0)
    throw new Error(`SYNC_RETENTION_DAYS must be a positive number of days, got "${value}".`);
  return days;
}

/** SYNC_CACHE_MB: megabytes (fractions allowed), 0 for no cache, SYNC_CACHE_DEFAULT_MB when unset. */
function cacheMegabytes(value: string | undefined): number {
  const v = value?.trim() ?? '';
  if (v === '') return SYNC_CACHE_DEFAULT_MB;
  const mb = Number(v);
  if (!Number.isFinite(mb) || mb < 0)
    throw new Error(`SYNC_CACHE_MB must be a number of megabytes (0 turns the sync page cache off), got "${value}".`);
  return mb;
}

/** ACTIVITY_RETENTION_DAYS: unset keeps the activity log for ever; else a positive number of days. */
function activityRetention(value: string | undefined): number | null {
  const v = value?.trim() ?? '';
  if (v === '') return null;
  const days = Number(v);
  if (!Number.isFinite(days) || days <= 0)
    throw new Error(
      `ACTIVITY_RETENTION_DAYS must be a positive number of days (unset keeps the log for ever), got "${value}".`,
    );
  return days;
}

/** A positive whole number from `name`, or `fallback` when unset. */
function positiveInt(name: string, value: string | undefined, fallback: number): number {
  const v = value?.trim() ?? '';
  if (v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}".`);
  return n;
}

/** Milliseconds from `name` (a positive whole number), where 0 turns the limit off. */
const millisecondsOrOff = (name: string, value: string | undefined, fallback: number): number =>
  value?.trim() === '0' ? 0 : positiveInt(name, value, fallback);
/** A positive number of days (fractions allowed), `fallback` when unset. */
function days(name: string, value: string | undefined, fallback: number): number {
  const v = value?.trim() ?? '';
  if (v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of days, got "${value}".`);
  return n;
}

/** The idle limit and the absolute lifetime of a session; an idle limit above the lifetime would never apply. */
function sessionLifetimes(env: NodeJS.ProcessEnv) {
  const sessionIdleDays = days('SESSION_IDLE_DAYS', env.SESSION_IDLE_DAYS, 7);
  const sessionMaxDays = days('SESSION_MAX_DAYS', env.SESSION_MAX_DAYS, 30);
  if (sessionIdleDays > sessionMaxDays)
    throw new Error(
      `SESSION_IDLE_DAYS (${sessionIdleDays}) must not exceed SESSION_MAX_DAYS (${sessionMaxDays}): ` +
        'a session ends at its lifetime whatever its use.',
    );
  return { sessionIdleDays, sessionMaxDays };
}

/** Only this machine can reach a server bound to a loopback address. */
export const isLoopbackHost = (host: string) =>
  ['localhost', '::1', '[::1]'].includes(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}".`);
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    // Demo data is on for the embedded default, off for a real PostgreSQL unless asked for.
    seedDemo: flag(env.SEED_DEMO, !databaseUrl),
    adminEmail: env.ADMIN_EMAIL?.trim() || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    logger: flag(env.LOG, true),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    siteUrl: siteAddress(env.SITE_URL),
    syncRetentionDays: retentionDays(env.SYNC_RETENTION_DAYS),
    activityRetentionDays: activityRetention(env.ACTIVITY_RETENTION_DAYS),
    activityWindow: {
      days: positiveInt('ACTIVITY_WINDOW_DAYS', env.ACTIVITY_WINDOW_DAYS, ACTIVITY_WINDOW_DEFAULT.days),
      entries: positiveInt('ACTIVITY_WINDOW_ENTRIES', env.ACTIVITY_WINDOW_ENTRIES, ACTIVITY_WINDOW_DEFAULT.entries),
    },
    syncCacheMb: cacheMegabytes(env.SYNC_CACHE_MB),
    syncHeartbeatMs: 25_000,
    dbTimeouts: {
      statementMs: millisecondsOrOff(
        'DB_STATEMENT_TIMEOUT_MS',
        env.DB_STATEMENT_TIMEOUT_MS,
        DEFAULT_DB_TIMEOUTS.statementMs,
      ),
      lockMs: millisecondsOrOff('DB_LOCK_TIMEOUT_MS', env.DB_LOCK_TIMEOUT_MS, DEFAULT_DB_TIMEOUTS.lockMs),
      poolWaitMs: positiveInt('DB_POOL_WAIT_MS', env.DB_POOL_WAIT_MS, DEFAULT_DB_TIMEOUTS.poolWaitMs),
    },
    httpTimeouts: {
      requestMs: positiveInt('HTTP_REQUEST_TIMEOUT_MS', env.HTTP_REQUEST_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.requestMs),
      idleMs: positiveInt('HTTP_IDLE_TIMEOUT_MS', env.HTTP_IDLE_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.idleMs),
    },
    shutdownTimeoutMs: positiveInt('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS),
    // The README publishes the demo password: a server other machines can reach gets it only when asked.
    demoAdmin: flag(env.DEMO_ADMIN, isLoopbackHost(host)),
    ...sessionLifetimes(env),
    require2fa: flag(env.REQUIRE_2FA, false),
  };
}
