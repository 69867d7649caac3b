import { BROWSER_ENCODING, formatBytes, get, percentile } from './http-measure';

/**
 * The sync figures of `npm run bench:api`: a full sync page by page, a pull after one write, and a pull
 * when nothing changed (time to last byte, bytes on the wire with the browser's accept-encoding).
 */
export interface SyncFigures {
  fullPages: number;
  fullRows: number;
  fullSeconds: number;
  fullBytes: number;
  pageP50: number;
  pageP95: number;
  pageMax: number;
  recentP50: number;
  recentP95: number;
  recentRows: number;
  recentBytes: number;
  enrollP50: number;
  enrollP95: number;
  enrollRows: number;
  idleP50: number;
  idleP95: number;
  idleBytes: number;
  idleRawBytes: number;
  samples: number;
}

interface Reply {
  reset: boolean;
  cursor: string;
  hasMore: boolean;
  progress?: { done: number; total: number };
  changes: Record<string, { upserts: unknown[]; deletes: string[] }>;
}

const rowsOf = (r: Reply) => Object.values(r.changes).reduce((n, l) => n + l.upserts.length + l.deletes.length, 0);

export async function measureSync(
  base: string,
  token: string,
  samples: number,
  enrollments: string[],
  enrollBody: () => object,
): Promise<SyncFigures> {
  const auth = { authorization: `Bearer ${token}` };
  const browser = { ...auth, 'accept-encoding': BROWSER_ENCODING };
  const url = (cursor: string | null) => `${base}/api/sync${cursor ? `?cursor=${cursor}` : ''}`;
  /** One pull: timed and sized as the browser would receive it, then read again uncompressed for the cursor. */
  const pull = async (cursor: string | null) => {
    const wire = await get(url(cursor), browser);
    if (wire.status !== 200) throw new Error(`GET /api/sync: HTTP ${wire.status}`);
    const plain = await get(url(cursor), { ...auth, 'accept-encoding': 'identity' }, true);
    return {
      ms: wire.ms,
      bytes: wire.bytes,
      rawBytes: plain.bytes,
      reply: JSON.parse(plain.body!.toString()) as Reply,
    };
  };

  // The full sync, as a new device makes it.
  const pageMs: number[] = [];
  let fullBytes = 0;
  let fullRows = 0;
  let cursor: string | null = null;
  let pullMs = 0;
  for (;;) {
    const { ms, bytes, reply } = await pull(cursor);
    pageMs.push(ms);
    pullMs += ms;
    fullBytes += bytes;
    fullRows += rowsOf(reply);
    cursor = reply.cursor;
    if (pageMs.length % 20 === 0)
      console.log(`  full sync: ${reply.progress?.done ?? fullRows} of ${reply.progress?.total ?? '?'} rows`);
    if (!reply.hasMore) break;
  }

  // A pull after one write by another admin: approve or disapprove one enrollment, then pull.
  const recentMs: number[] = [];
  let recentRows = 0;
  let recentBytes = 0;
  for (let i = 0; i < samples; i++) {
    const id = enrollments[i % enrollments.length]!;
    const action = i % 2 === 0 ? 'approve' : 'dis-approve';
    const res = await fetch(`${base}/api/enrollments/${action}/${id}`, { method: 'PUT', headers: auth });
    if (!res.ok) throw new Error(`approve: HTTP ${res.status}`);
    const { ms, bytes, reply } = await pull(cursor);
    recentMs.push(ms);
    recentRows = rowsOf(reply);
    recentBytes = bytes;
    cursor = reply.cursor;
  }

  // A pull after a new enrollment: it and its batch, whose count is recounted (tens of thousands at full size).
  const enrollMs: number[] = [];
  let enrollRows = 0;
  for (let i = 0; i < samples; i++) {
    const res = await fetch(`${base}/api/enrollment/enroll`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(enrollBody()),
    });
    if (!res.ok) throw new Error(`enroll: HTTP ${res.status}`);
    const { ms, reply } = await pull(cursor);
    enrollMs.push(ms);
    enrollRows = rowsOf(reply);
    cursor = reply.cursor;
  }

  // Nothing changed since the last pull.
  const idleMs: number[] = [];
  let idleBytes = 0;
  let idleRawBytes = 0;
  for (let i = 0; i < samples; i++) {
    const { ms, bytes, rawBytes, reply } = await pull(cursor);
    if (rowsOf(reply) !== 0) throw new Error('a pull with nothing changed brought rows');
    idleMs.push(ms);
    idleBytes = bytes;
    idleRawBytes = rawBytes;
  }

  return {
    fullPages: pageMs.length,
    fullRows,
    // The timed fetches only (each page is fetched a second time, uncompressed, to read its cursor).
    fullSeconds: pullMs / 1000,
    fullBytes,
    pageP50: percentile(pageMs, 50),
    pageP95: percentile(pageMs, 95),
    pageMax: Math.max(...pageMs),
    recentP50: percentile(recentMs, 50),
    recentP95: percentile(recentMs, 95),
    recentRows,
    recentBytes,
    enrollP50: percentile(enrollMs, 50),
    enrollP95: percentile(enrollMs, 95),
    enrollRows,
    idleP50: percentile(idleMs, 50),
    idleP95: percentile(idleMs, 95),
    idleBytes,
    idleRawBytes,
    samples,
  };
}

export function printSyncFigures(kind: string, f: SyncFigures) {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`\n### Sync (${kind})\n`);
  console.log('| figure | value |');
  console.log('|---|---:|');
  console.log(
    `| full sync: ${f.fullRows.toLocaleString('en-US')} rows in ${f.fullPages} pages | ${f.fullSeconds.toFixed(1)} s, ${formatBytes(f.fullBytes)} on the wire |`,
  );
  console.log(
    `| full sync: one page (2,000 rows) p50 / p95 / max | ${ms(f.pageP50)} / ${ms(f.pageP95)} / ${ms(f.pageMax)} |`,
  );
  console.log(
    `| pull after one write (${f.recentRows} rows) p50 / p95, n=${f.samples} | ${ms(f.recentP50)} / ${ms(f.recentP95)} (${formatBytes(f.recentBytes)}) |`,
  );
  console.log(
    `| pull after one enrollment added (${f.enrollRows} rows: it and its batch) p50 / p95 | ${ms(f.enrollP50)} / ${ms(f.enrollP95)} |`,
  );
  console.log(`| pull with nothing changed p50 / p95, n=${f.samples} | ${ms(f.idleP50)} / ${ms(f.idleP95)} |`);
  console.log(
    `| bytes of a nothing-changed pull (wire / raw JSON) | ${formatBytes(f.idleBytes)} / ${formatBytes(f.idleRawBytes)} |`,
  );
}
