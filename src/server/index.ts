import { buildApp } from './app';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
  let closeTimeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS;
  /** Requests not yet answered, with when they began: what a slow close is waiting for. */
  const inFlight = new Map<FastifyRequest, number>();
  const stillOpen = () => {
    const now = Date.now();
    const requests = [...inFlight].map(([r, at]) => `${r.method} ${r.url} (${((now - at) / 1000).toFixed(1)} s)`);
    const busy = database?.busyWith();
    return [
      requests.length ? `${requests.length} requests unanswered: ${requests.join(', ')}` : 'no request unanswered',
      busy ? `the database: ${busy}` : 'the database idle',
    ].join('; ');
  };
  // The PGlite folder lock is released on every exit, this one included (db/lock.ts).
  const slowClose = () => fail(`Closing took over ${closeTimeoutMs / 1000} s (${stillOpen()}); exiting anyway.`);
  const shutdown = async (signal: string, code = 0) => {
    if (closing) process.exit(1);
    closing = true;
    console.log(`${signal}: closing`);
    setTimeout(slowClose, closeTimeoutMs).unref();
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
  closeTimeoutMs = config.shutdownTimeoutMs;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeouts: config.dbTimeouts,
    });
    if (closing) return await database.close(); // a signal came while it opened
    app = (await buildApp(config, database)).app;
    app.addHook('onRequest', async (request, reply) => {
      inFlight.set(request, Date.now());
      reply.raw.once('close', () => inFlight.delete(request));
    });
    // The address actually bound: with PORT=0 the system picks the port.
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info(`Coursedesk on ${address} (database: ${database.kind})`);
  } catch (err) {
    report(err);
    if (!closing) await shutdown('Start-up failed', 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
