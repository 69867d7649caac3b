import path from 'node:path';

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
  /** Trust X-Forwarded-For from a load balancer, so login throttling sees the client's address. */
  trustProxy: boolean;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}".`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    // Demo data is on for the embedded default, off for a real PostgreSQL unless asked for.
    seedDemo: flag(env.SEED_DEMO, !databaseUrl),
    adminEmail: env.ADMIN_EMAIL?.trim() || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    logger: flag(env.LOG, true),
    trustProxy: flag(env.TRUST_PROXY, false),
  };
}
