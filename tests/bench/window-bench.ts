/**
 * `npm run bench:window`: what the activity window costs a device, per entry and at the window's size. A busy
 * office's log (the scale bench's mix: approvals and updates with a field or two, creates, imports and deletes
 * with the whole row) is written over a small catalogue on PGlite; the newest entries are read from the real
 * server as the sync sends them (the wire shape), then measured as a device holds them: the wire's JSON and gzip
 * bytes, the stored text (the list's codec, as IndexedDB keeps it) and the JS heap once decoded through the
 * codec (as a reload or a first sync leaves them in memory; V8, the engine of Chromium, needs --expose-gc).
 * The heap is a count of bytes, not a timing: it moves by well under 1 % between runs.
 * Numbers are printed, never asserted. BENCH_WINDOW_MAX (default 50,000) is the largest window measured.
 */
import zlib from 'node:zlib';
import { activity } from '@/app/lib/sync/codecs/activity';
import { Interner } from '@/app/lib/sync/interning';
import { CHUNK_ROWS } from '@/app/lib/sync/synced-list';
import { buildApp } from '@/server/app';
import { seedActivityHistory } from '@/server/db/seed/activity-history';
import { seedBulk } from '@/server/db/seed/bulk';
import { ACTIVITY_WINDOW_DEFAULT } from '@/server/sync/activity-window';
import type { Activity } from '@/shared/schemas';
import { benchConfig, loginOverHttp, openPglite } from './bench-targets';
import type { AddressInfo } from 'node:net';

const MAX = Number(process.env.BENCH_WINDOW_MAX ?? 50_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (npm run bench:window does)');

const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** The newest `n` entries as GET /api/activity sends them (the same shape as the sync's activity list). */
async function newestEntries(base: string, n: number): Promise<Activity[]> {
  const { authToken } = await loginOverHttp(base);
  const entries: Activity[] = [];
  let cursor: string | null = null;
  while (entries.length < n) {
    const query = new URLSearchParams({ limit: '500', ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${base}/api/activity?${query}`, { headers: { authorization: `Bearer ${authToken}` } });
    const body = (await res.json()) as { data: Activity[]; nextCursor: string | null };
    entries.push(...body.data);
    if (!(cursor = body.nextCursor)) break;
  }
  return entries.slice(0, n);
}

/** Bytes per entry of each form a device holds the window in. */
function perEntry(entries: Activity[]) {
  const wire = JSON.stringify(entries);
  const texts: string[] = [];
  for (let i = 0; i < entries.length; i += CHUNK_ROWS)
    texts.push(activity.encode(entries.slice(i, i + CHUNK_ROWS), new Interner()));
  const before = heapUsed();
  const interner = new Interner();
  const held = texts.map((t) => activity.decode(t, interner));
  const heap = heapUsed() - before;
  if (held.flat().length !== entries.length) throw new Error('the codec lost entries');
  return {
    wire: wire.length / entries.length,
    gzip: zlib.gzipSync(wire).length / entries.length,
    stored: texts.reduce((s, t) => s + t.length, 0) / entries.length,
    heap: heap / entries.length,
  };
}

const target = await openPglite();
await seedBulk(target.database.db, { users: 5_000, enrollments: 20_000, services: 1_000, seed: 7 });
await seedActivityHistory(target.database.db, { entries: MAX });
const { app } = await buildApp(benchConfig(target), target.database);
await app.listen({ port: 0, host: '127.0.0.1' });
try {
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const entries = await newestEntries(base, MAX);
  const per = perEntry(entries);
  const sizes = [ACTIVITY_WINDOW_DEFAULT.entries, MAX];
  const mb = (bytesPerEntry: number, n: number) => `${((bytesPerEntry * n) / 1e6).toFixed(1)} MB`;
  console.log(`\n${entries.length.toLocaleString('en')} activity entries (a busy office's mix), PGlite\n`);
  console.log(`| form | per entry | ${sizes.map((n) => `${n.toLocaleString('en')} entries`).join(' | ')} |`);
  console.log(`|---|---:|${sizes.map(() => '---:').join('|')}|`);
  for (const [name, bytes] of [
    ['JSON on the wire', per.wire],
    ['gzip on the wire', per.gzip],
    ['stored on the device (IndexedDB text)', per.stored],
    ['JS heap, decoded', per.heap],
  ] as const)
    console.log(`| ${name} | ${Math.round(bytes)} B | ${sizes.map((n) => mb(bytes, n)).join(' | ')} |`);
} finally {
  await app.close();
  await target.cleanup();
}
