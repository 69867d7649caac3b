import http from 'node:http';

/**
 * Measurements over node:http rather than fetch: fetch decompresses bodies on its own, and we want
 * the bytes on the wire and the server's time to last byte, not the client's inflate time.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Reply {
  status: number;
  ms: number;
  /** Bytes received, after any content-encoding (i.e. what crossed the wire). */
  bytes: number;
  encoding: string;
  body: Buffer | null;
  headers: http.IncomingHttpHeaders;
}

export const BROWSER_ENCODING = 'gzip, deflate, br';

export function get(url: string, headers: Record<string, string>, keepBody = false): Promise<Reply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          body: keepBody ? Buffer.concat(chunks) : null,
          headers: res.headers,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Completed requests per second with `clients` loops each sending the next request when the last one ends. */
export async function throughput(
  url: string,
  headers: Record<string, string>,
  clients: number,
  seconds: number,
): Promise<{ rps: number; errors: number }> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const reply = await get(url, headers).catch(() => null);
        if (reply && reply.status === 200) done++;
        else errors++;
      }
    }),
  );
  return { rps: done / ((performance.now() - started) / 1000), errors };
}

/**
 * Items of the array under `key` in a JSON body, by scanning brackets: a 260 MB list is counted
 * without building a gigabyte of objects.
 */
export function countArrayItems(body: Buffer, key: string): number | null {
  const start = body.indexOf(`"${key}":[`);
  if (start < 0) return null;
  let depth = 0;
  let items = 0;
  let inString = false;
  let sawValue = false;
  for (let i = start + key.length + 4; i < body.length; i++) {
    const c = body[i]!;
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    if (depth === 0 && !sawValue && c !== 0x20 && c !== 0x5d) {
      sawValue = true;
      items++;
    }
    if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (depth === 0) return items; // the closing bracket of the list
      depth--;
    } else if (c === 0x2c && depth === 0) sawValue = false;
  }
  return null;
}

export function formatBytes(n: number): string {
  if (n >= 1048576) return `${(n / 1048576).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

export function closeAgent() {
  agent.destroy();
}
