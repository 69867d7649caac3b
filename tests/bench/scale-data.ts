import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/server/db/client';
import { seedActivityHistory } from '@/server/db/seed/activity-history';
import { seedBulk } from '@/server/db/seed/bulk';
import type { BrowserContext, Page } from '@playwright/test';

/** The browser benches' data at scale (BENCH_SCALE_*). */
export interface Scale {
  users: number;
  enrollments: number;
  services: number;
  /** Activity entries over the last year, written over the enrollments (a busy year: 1,000,000; docs/activity.md). */
  activity: number;
  /** The days those entries span, newest now (a year unless set). */
  activityDays?: number;
}

export const SCALE: Scale = {
  users: Number(process.env.BENCH_SCALE_USERS ?? 50_000),
  enrollments: Number(process.env.BENCH_SCALE_ENROLLMENTS ?? 200_000),
  services: Number(process.env.BENCH_SCALE_SERVICES ?? 20_000),
  activity: Number(process.env.BENCH_SCALE_ACTIVITY ?? 0),
};
/** How long a first sync and a reload may take: 10 min and 5 min at 200,000 enrollments, longer in proportion. */
export const SIZE_FACTOR = Math.max(1, SCALE.enrollments / 200_000);
export const FIRST_SYNC_MS = 600_000 * SIZE_FACTOR;
export const RELOAD_MS = 300_000 * SIZE_FACTOR;

/**
 * A fresh folder seeded at `scale` with `seed`. With BENCH_SCALE_CACHE (a folder), the seeding is done once into
 * `<cache>/<seed>-<sizes>` and later runs copy it (seconds instead of minutes); the copy is the run's own.
 */
export async function seededScaleDir(seed: number, scale: Scale = SCALE) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coursedesk-app-bench-scale-'));
  const cacheRoot = process.env.BENCH_SCALE_CACHE;
  const sizes = [
    scale.users,
    scale.enrollments,
    scale.services,
    ...(scale.activity ? [scale.activity] : []),
    ...(scale.activity && scale.activityDays ? [`${scale.activityDays}d`] : []),
  ];
  const cached = cacheRoot && path.join(cacheRoot, `${seed}-${sizes.join('-')}`);
  if (cached && fs.existsSync(path.join(cached, '.seeded'))) {
    fs.cpSync(cached, dir, { recursive: true });
    fs.rmSync(path.join(dir, '.seeded'));
    return dir;
  }
  const database = await openDatabase({ databaseUrl: null, dataDir: dir });
  await seedBulk(database.db, { ...scale, seed });
  if (scale.activity) await seedActivityHistory(database.db, { entries: scale.activity, days: scale.activityDays });
  await database.close();
  if (cached) {
    fs.rmSync(cached, { recursive: true, force: true });
    fs.cpSync(dir, cached, { recursive: true });
    fs.writeFileSync(path.join(cached, '.seeded'), '');
  }
  return dir;
}

/** The JS heap after a full collection; with BENCH_PROFILE (a folder), its snapshot too, as `<folder>/heap.heapsnapshot`. */
export async function heapMb(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const folder = process.env.BENCH_PROFILE;
  if (folder) {
    fs.mkdirSync(folder, { recursive: true });
    const out = fs.createWriteStream(path.join(folder, 'heap.heapsnapshot'));
    cdp.on('HeapProfiler.addHeapSnapshotChunk', (e: { chunk: string }) => out.write(e.chunk));
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    await new Promise((done) => out.end(done));
  }
  await cdp.detach();
  return heap.usedSize / 1048576;
}

/** The device copy's stored meta: whether it is whole, and its generation (Reload Data stores the next one). */
export const deviceMeta = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('coursedesk-copy-'))?.name;
    if (!name) return { complete: false, gen: 0 };
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const meta = await new Promise<{ complete?: boolean; gen?: number } | undefined>((res) => {
      const r = db.transaction('copy').objectStore('copy').get('state');
      r.onsuccess = () => res(r.result as { complete?: boolean; gen?: number } | undefined);
      r.onerror = () => res(undefined);
    });
    db.close();
    return { complete: meta?.complete === true, gen: meta?.gen ?? 0 };
  });
const deviceCopyComplete = async (page: Page) => (await deviceMeta(page)).complete;

/** Until the device copy is stored whole, or `limitMs` has passed (polled every 100 ms). */
export async function untilCopyComplete(page: Page, limitMs = FIRST_SYNC_MS) {
  for (const end = Date.now() + limitMs; Date.now() < end && !(await deviceCopyComplete(page));)
    await page.waitForTimeout(100);
}
