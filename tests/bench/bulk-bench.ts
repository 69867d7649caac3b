/**
 * `npm run bench:bulk`: server time of one bulk request over many enrollments (approve, disapprove, delete),
 * on PGlite and PostgreSQL, measured through `inject` (no network). Numbers are printed, never asserted.
 * Knobs (env): BENCH_BULK (records per request, default 10000), BENCH_ENROLLMENTS (rows in the table,
 * default 20000), BENCH_DATABASE_URL, BENCH_ONLY=pglite|postgres.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '@/server/app';
import { rows } from '@/server/db/client';
import { seedBulk } from '@/server/db/seed/bulk';
import { BENCH_ADMIN, benchConfig, onEachDatabase, type OpenedTarget } from './bench-targets';

const BULK = Number(process.env.BENCH_BULK ?? 10_000);
const TABLE = Number(process.env.BENCH_ENROLLMENTS ?? 20_000);

async function run(target: OpenedTarget) {
  const { app } = await buildApp(benchConfig(target), target.database);
  try {
    await seedBulk(target.database.db, { users: 2000, enrollments: TABLE, services: 0 });
    const login = await app.inject({ method: 'POST', url: '/api/users/login-admin', payload: BENCH_ADMIN });
    const token = login.json<{ data: { authToken: string } }>().data.authToken;
    const picked = await rows<{ id: string; updated_at: string }>(
      target.database.db,
      sql`select id::text as id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
          from enrollments order by id limit ${BULK}`,
    );
    for (const action of ['approve', 'disapprove', 'delete'] as const) {
      // Approve checks what the admin saw (updatedAt); the later actions act on whatever is there now.
      const items = picked.map((r) => (action === 'approve' ? { id: r.id, updatedAt: r.updated_at } : { id: r.id }));
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/enrollments/bulk',
        headers: { authorization: `Bearer ${token}` },
        payload: { action, items },
      });
      const elapsed = performance.now() - started;
      const body = res.json<{ done: string[]; refused: unknown[] }>();
      console.log(
        `${target.kind}: ${action} ${items.length.toLocaleString('en-US')} of ${TABLE.toLocaleString('en-US')} ` +
          `enrollments: ${Math.round(elapsed)} ms (status ${res.statusCode}, done ${body.done.length}, refused ${body.refused.length})`,
      );
    }
  } finally {
    await app.close();
    await target.cleanup();
  }
}

onEachDatabase(run);
