import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import type { FastifyInstance } from 'fastify';

/** How long a clean close may take before the process gives up on it. */
const CLOSE_TIMEOUT_MS = 10_000;

const report = (err: unknown) => console.error(err instanceof Error ? err.message : err);
const fail = (err: unknown): never => {
  report(err);
  process.exit(1);
};

/**
 * Listens with the environment's config. SIGINT/SIGTERM close the database cleanly at any point,
 * start-up included (a PGlite folder left open can be damaged); a second signal, or a close that
 * hangs, ends the process anyway.
 */
export async function main() {
  let database: Database | null = null;
  let app: FastifyInstance | null = null;
  let closing = false;
  const shutdown = async (signal: string, code = 0) => {
    if (closing) process.exit(1);
    closing = true;
    console.log(`${signal}: closing`);
    setTimeout(() => fail(`Closing took over ${CLOSE_TIMEOUT_MS / 1000} s; exiting anyway.`), CLOSE_TIMEOUT_MS).unref();
    try {
      if (app)
        await app.close(); // closes the database too
      else await database?.close();
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const config = (() => {
    try {
      return loadConfig();
    } catch (err) {
      return fail(err);
    }
  })();
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeouts: config.dbTimeouts,
    });
    if (closing) return await database.close(); // a signal came while it opened
    app = (await buildApp(config, database)).app;
    // The address actually bound: with PORT=0 the system picks the port.
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info(`Coursedesk on ${address} (database: ${database.kind})`);
  } catch (err) {
    report(err);
    if (!closing) await shutdown('Start-up failed', 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
