import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_TIMEOUTS } from '@/server/config';
import { createTestServer, type TestServer } from '../utils/build-server';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP limits on a really listening server, spoken to over raw sockets so the test controls each byte:
 * a slow or stalled client loses its socket, and a body over the limit gets a 413 the client can read.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function listening(overrides: Parameters<typeof createTestServer>[0] = {}) {
  const s = await createTestServer(overrides);
  servers.push(s);
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  return { s, port: (s.app.server.address() as AddressInfo).port };
}

/** A raw connection: everything the server sends, and whether (and how) it ended. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  let writeError: Error | null = null;
  socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
  socket.on('error', (err) => (writeError = err));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve, reject) => socket.write(data, (err) => (err ? reject(err) : resolve())));
  const until = async (pattern: RegExp) => {
    await expect.poll(() => received, { timeout: 20_000 }).toMatch(pattern);
  };
  return { socket, write, until, closed, received: () => received, writeError: () => writeError };
}

const postHeaders = (length: number, token: string) =>
  `POST /api/batches/start HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
  `Authorization: Bearer ${token}\r\nContent-Length: ${length}\r\n\r\n`;

describe('a body over the 1 MB limit', () => {
  let s: TestServer;
  let port: number;
  beforeAll(async () => ({ s, port } = await listening()));

  it('gets its 413, and the client may finish sending and go on using the connection', async () => {
    const size = 3 * 1024 * 1024;
    const c = await connect(port);
    await c.write(postHeaders(size, await s.adminToken()));
    await c.until(/^HTTP\/1\.1 413 [^]*The request body is larger than 1 MB\./);
    expect(c.received()).not.toMatch(/\r\nconnection: close\r\n/i);
    // The server reads and drops the rest: every byte goes out without a reset…
    const chunk = Buffer.alloc(256 * 1024, 'x');
    for (let sent = 0; sent < size; sent += chunk.length) await c.write(chunk);
    // …and the same connection answers the next request.
    await c.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await c.until(/HTTP\/1\.1 200 [^]*"status":"ok"/);
    expect(c.writeError()).toBeNull();
    c.socket.destroy();
  });
});

describe('slow clients', () => {
  it('a body still arriving after HTTP_REQUEST_TIMEOUT_MS gets a 408 and the socket closes, however steadily it trickles', async () => {
    const { s, port } = await listening({ httpTimeouts: { ...DEFAULT_HTTP_TIMEOUTS, requestMs: 1000 } });
    const c = await connect(port);
    await c.write(postHeaders(1000, await s.adminToken()));
    // One byte at a time, never silent long enough for the idle limit: only the request limit ends it.
    const trickle = setInterval(() => c.socket.writable && c.socket.write('x'), 50);
    try {
      await c.closed;
    } finally {
      clearInterval(trickle);
    }
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection silent for HTTP_IDLE_TIMEOUT_MS is closed', async () => {
    const { s, port } = await listening({ httpTimeouts: { ...DEFAULT_HTTP_TIMEOUTS, idleMs: 500 } });
    const c = await connect(port);
    await c.write(postHeaders(1000, await s.adminToken()));
    await c.write('{"batchName":');
    await c.closed; // nothing more is sent: the idle limit, far below the request limit, ends it
    expect(c.socket.destroyed).toBe(true);
  });
});
