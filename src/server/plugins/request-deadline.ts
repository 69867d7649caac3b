import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * The whole request, body included, must arrive within `requestMs` of its start, else 408 and the socket
 * closes: a client sending its body a byte at a time cannot hold a socket (docs/operations.md). Node's own
 * requestTimeout is not used: set after the server is made (as Fastify does) it is not enforced, and given to
 * the constructor its frequent checks kept `app.close()` from finishing while a sync stream had been open.
 */
export function registerRequestDeadline(app: FastifyInstance, requestMs: number) {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    // An injected request (tests, benches) has a stand-in socket that cannot be ended or destroyed.
    if (raw.complete || !(raw.socket instanceof Socket)) return;
    const timer = setTimeout(() => {
      if (raw.complete || raw.socket.destroyed) return;
      // Already answered (a 413 whose body is still being read and dropped): just close.
      if (reply.raw.headersSent) raw.socket.destroy();
      else raw.socket.end(TIMED_OUT);
    }, requestMs);
    timer.unref();
    const done = () => clearTimeout(timer);
    raw.once('end', done);
    raw.once('close', done);
  });
}
