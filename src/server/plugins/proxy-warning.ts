import type { FastifyInstance } from 'fastify';

/**
 * Behind a proxy that TRUST_PROXY does not name, every client shares the proxy's address, so 100 failed
 * logins from one attacker would lock every admin out for 15 minutes. Say so once, naming the setting.
 */
export function warnOfUntrustedProxies(app: FastifyInstance) {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    const peer = request.socket.remoteAddress;
    // A trusted proxy makes request.ip the forwarded client; an untrusted one leaves the peer's address.
    if (request.ip !== peer) return;
    warned = true;
    app.log.warn(
      `Requests from ${peer} carry X-Forwarded-For, but TRUST_PROXY does not name that address: login ` +
        'throttling counts every client behind it as one. Set TRUST_PROXY to the load balancer’s address or range.',
    );
  });
}
