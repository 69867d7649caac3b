/**
 * `npm run bench:import`: server time of the CSV import of enrollments into a batch, on PGlite and PostgreSQL,
 * measured through `inject` (no network), over the demo data: a check (dry run), the import, and the same file
 * again (every row already recorded), for a demo-size file and for the largest allowed (50,000 rows).
 * Numbers are printed, never asserted. Knobs (env): BENCH_IMPORT_ROWS (comma-separated file sizes, default
 * "300,50000"), BENCH_DATABASE_URL, BENCH_ONLY=pglite|postgres.
 */
import { sql } from 'drizzle-orm';
import { toCsv } from '@/app/lib/csv';
import { buildApp } from '@/server/app';
import { rows } from '@/server/db/client';
import { seedDemoData } from '@/server/demo-seed';
import { ENROLLMENT_CSV_COLUMNS, type ImportReply } from '@/shared/schemas';
import { BENCH_ADMIN, benchConfig, onEachDatabase, type OpenedTarget } from './bench-targets';

const SIZES = (process.env.BENCH_IMPORT_ROWS ?? '300,50000').split(',').map(Number);

/** A file as the download writes it (every column, a BOM, CRLF), `n` rows over the demo's users and courses. */
async function makeFile(target: OpenedTarget, n: number, tag: string) {
  const db = target.database.db;
  const users = await rows<{ name: string; email: string; contact_no: string | null }>(
    db,
    sql`select name, email, contact_no from users where role = 'user' order by email`,
  );
  const courses = await rows<{ title: string; description: string }>(db, sql`select title, description from courses`);
  const lines = Array.from({ length: n }, (_, i) => {
    const u = users[i % users.length]!;
    const c = courses[i % courses.length]!;
    return [
      u.name,
      u.email,
      u.contact_no,
      `USD ${(49 + (i % 50)).toFixed(2)}`,
      'Credit Card',
      `bench_${tag}_${i}`,
      c.title,
      c.description,
      'Pending',
      'N/A',
      '11/23/2026',
      'Imported',
    ];
  });
  return toCsv(ENROLLMENT_CSV_COLUMNS, lines);
}

async function run(target: OpenedTarget) {
  const { app } = await buildApp(benchConfig(target), target.database);
  try {
    await seedDemoData(target.database.db);
    const [{ n: enrollments } = { n: 0 }] = await rows<{ n: number }>(
      target.database.db,
      sql`select count(*)::int as n from enrollments`,
    );
    const login = await app.inject({ method: 'POST', url: '/api/users/login-admin', payload: BENCH_ADMIN });
    const token = login.json<{ data: { authToken: string } }>().data.authToken;
    const [batch] = await rows<{ id: string }>(target.database.db, sql`select id from batches limit 1`);
    for (const size of SIZES) {
      const file = await makeFile(target, size, `${target.kind}_${size}`);
      const mb = (Buffer.byteLength(file) / 1024 / 1024).toFixed(1);
      const send = async (dryRun: boolean) => {
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: `/api/batches/${batch!.id}/import${dryRun ? '?dryRun=true' : ''}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
          payload: file,
        });
        const ms = Math.round(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const { counts } = res.json<ImportReply>();
        return `${ms} ms (${counts.ready} ${dryRun ? 'ready' : 'imported'}, ${counts.skipped} skipped)`;
      };
      const check = await send(true);
      const first = await send(false);
      const again = await send(false);
      console.log(
        `${target.kind}: ${size.toLocaleString('en-US')} rows (${mb} MB) into a database of ` +
          `${enrollments.toLocaleString('en-US')} enrollments: check ${check}; import ${first}; same file again ${again}`,
      );
    }
  } finally {
    await app.close();
    await target.cleanup();
  }
}

onEachDatabase(run);
