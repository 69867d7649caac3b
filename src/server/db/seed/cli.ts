import { parseArgs } from 'node:util';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { seedBulk } from './bulk';

/**
 * `npm run seed -- --users N --enrollments N --services N [--seed S]`
 * Adds generated rows to the database the server uses (DATABASE_URL, or the PGlite folder DATA_DIR).
 * With PGlite the server must be stopped first: the folder takes one process at a time.
 */
const USAGE = `Usage: npm run seed -- [--users N] [--enrollments N] [--services N] [--seed S]
  Defaults: 1000 users, 4000 enrollments, 400 service purchases.
  Uses DATABASE_URL when set, otherwise the PGlite folder DATA_DIR (default ./data).`;

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${value}".`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      enrollments: { type: 'string' },
      services: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const wanted = {
    users: count(values.users, 1000, 'users'),
    enrollments: count(values.enrollments, 4000, 'enrollments'),
    services: count(values.services, 400, 'services'),
    seed: count(values.seed, Date.now() % 2 ** 31, 'seed'),
  };

  const config = loadConfig();
  const where = config.databaseUrl ? `PostgreSQL ${redact(config.databaseUrl)}` : `PGlite ${config.dataDir}`;
  console.log(
    `Seeding ${where}: ${wanted.users} users, ${wanted.enrollments} enrollments, ` +
      `${wanted.services} service purchases (seed ${wanted.seed})`,
  );

  const opened = performance.now();
  // A seed of hundreds of thousands of rows is no API request: its statements may take longer than one may.
  const timeouts = { ...config.dbTimeouts, statementMs: 0 };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts });
  console.log(`Opened in ${seconds(performance.now() - opened)} s`);
  try {
    let lastLine = '';
    const result = await seedBulk(database.db, {
      ...wanted,
      onProgress(table, done, total) {
        const line = `  ${table}: ${done}/${total}`;
        if (process.stdout.isTTY) process.stdout.write(`\r${line}   `);
        else if (done === total) console.log(line);
        lastLine = line;
      },
    });
    if (process.stdout.isTTY && lastLine) process.stdout.write('\n');
    const { inserted: n, seconds: s } = result;
    if (n.courses || n.batches)
      console.log(`Catalogue: ${n.courses} courses, ${n.batches} batches (${s.catalogue.toFixed(2)} s)`);
    console.log(`Users:       ${String(n.users).padStart(8)} in ${s.users.toFixed(2)} s`);
    console.log(`Enrollments: ${String(n.enrollments).padStart(8)} in ${s.enrollments.toFixed(2)} s`);
    console.log(`Services:    ${String(n.services).padStart(8)} in ${s.services.toFixed(2)} s`);
    console.log(
      `Done in ${s.total.toFixed(2)} s (one transaction). RSS ${Math.round(process.memoryUsage().rss / 1048576)} MB`,
    );
  } finally {
    await database.close();
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
