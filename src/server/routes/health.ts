import { sql } from 'drizzle-orm';
import type { Database, Db } from '@/server/db/client';
import { route } from '@/server/http/route';
import { API } from '@/shared/api-contract';
import type { FastifyInstance } from 'fastify';

/** Longer than a healthy database ever takes, shorter than a load balancer's check timeout. */
const DB_CHECK_MS = 2000;

/** Resolves true when the database answers a trivial query in time. */
async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DB_CHECK_MS);
  });
  const check = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For the load balancer: 200 only when this instance can reach its database, else 503 so traffic goes to
 * the other instances. No token needed. It asks through the priority connections, so writers never make it
 * wait. PGlite's one connection busy with a turn younger than the statement timeout is the database at
 * work, not gone: 200 without waiting for it (docs/operations.md); a turn older than that is a 503.
 */
export function healthRoutes(app: FastifyInstance, database: Database, statementMs: number) {
  const { kind } = database;
  route(app, API.health, async (_input, _request, reply) => {
    const turnMs = database.turnMs();
    const ok = turnMs === null ? await databaseAnswers(database.priorityDb) : turnMs < (statementMs || Infinity);
    if (ok) return { status: 'ok', db: kind };
    return reply.code(503).send({ status: 'unavailable', db: kind });
  });
}
