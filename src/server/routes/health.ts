import { sql } from 'drizzle-orm';
import type { Db, DbKind } from '@/server/db/client';
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
 * the other instances. No token needed.
 */
export function healthRoutes(app: FastifyInstance, db: Db, kind: DbKind) {
  app.get('/api/health', async (_request, reply) => {
    if (await databaseAnswers(db)) return { status: 'ok', db: kind };
    return reply.code(503).send({ status: 'unavailable', db: kind });
  });
}
