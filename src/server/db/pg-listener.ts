import pg from 'pg';

type Handler = (payload: string) => void;

/** Retry delays after the listening connection drops: 1 s doubling to 30 s. */
const RETRY_MS = { first: 1000, max: 30_000 };
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * One dedicated PostgreSQL connection per server instance that LISTENs on behalf of all its subscribers
 * (a pool connection cannot: LISTEN belongs to a session). It reconnects when dropped; since notifications
 * sent meanwhile are lost, every subscriber is then called with an empty payload, meaning "look again".
 */
export class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private handlers = new Map<string, Set<Handler>>();
  private retry: NodeJS.Timeout | null = null;
  private delay = RETRY_MS.first;
  private closed = false;

  constructor(private connectionString: string) {}

  async listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
    if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    if (this.closed) throw new Error('The database is closed.');
    let set = this.handlers.get(channel);
    const fresh = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    const client = await this.connected();
    if (fresh) await client.query(`LISTEN ${channel}`);
    return async () => {
      set.delete(handler);
      if (set.size > 0 || this.handlers.get(channel) !== set) return;
      this.handlers.delete(channel);
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.handlers.clear();
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      for (const handler of this.handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    // Without an 'error' listener a dropped connection would end the process.
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('The database is closed.');
    }
    this.client = client;
    this.delay = RETRY_MS.first;
    return client;
  }

  private lost(client: pg.Client) {
    if (this.client !== client || this.closed) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connected().then(
        () => {
          for (const set of this.handlers.values()) for (const handler of set) handler('');
        },
        () => {
          this.delay = Math.min(this.delay * 2, RETRY_MS.max);
          this.scheduleReconnect();
        },
      );
    }, this.delay);
    this.retry.unref();
  }
}
