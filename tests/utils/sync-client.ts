import { expect } from 'vitest';
import { SYNC_LISTS, syncReplySchema, type SyncList, type SyncReply } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

/** A server instance to call (its `inject`). */
export type Instance = Pick<FastifyInstance, 'inject'>;
type Row = { _id: string };

/** Each GET list route and the key that holds its array. */
export const LIST_ROUTES: Record<SyncList, { url: string; key: string }> = {
  users: { url: '/api/users', key: 'users' },
  courses: { url: '/api/courses', key: 'data' },
  batches: { url: '/api/batches', key: 'batches' },
  services: { url: '/api/services', key: 'data' },
  enrollments: { url: '/api/enrollments', key: 'data' },
  activity: { url: '/api/activity', key: 'data' },
};

/** A list as id -> JSON text, so two copies compare row by row and field by field. */
export type ListsJson = Record<SyncList, Record<string, string>>;

type Get = (url: string) => Promise<{ statusCode: number; body: string; json(): unknown }>;

/** The whole activity log (or what `filter`, a query string, leaves), newest first, through pages of at most 500. */
export async function wholeActivityLog(get: Get, filter = ''): Promise<Row[]> {
  const out: Row[] = [];
  for (let cursor: string | null = ''; cursor !== null;) {
    const url = `/api/activity?limit=500${filter}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    const body = res.json() as { data: Row[]; nextCursor: string | null };
    out.push(...body.data);
    cursor = body.nextCursor;
  }
  return out;
}

/** The server's lists as the GET list routes give them (the activity log whole, every page of it). */
export async function serverLists(app: Instance, token: string): Promise<ListsJson> {
  const out = {} as ListsJson;
  for (const list of SYNC_LISTS) {
    const { url, key } = LIST_ROUTES[list];
    let rows: Row[];
    if (list === 'activity')
      rows = await wholeActivityLog((u) =>
        app.inject({ method: 'GET', url: u, headers: { authorization: `Bearer ${token}` } }),
      );
    else {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      rows = (res.json() as Record<string, Row[]>)[key]!;
    }
    out[list] = Object.fromEntries(rows.map((r) => [r._id, JSON.stringify(r)]));
  }
  return out;
}

/** A device copy as the PWA keeps it: one Map per list, fed only by pulls. */
export class SyncCopy {
  cursor: string | null = null;
  lists = Object.fromEntries(SYNC_LISTS.map((l) => [l, new Map<string, string>()])) as Record<
    SyncList,
    Map<string, string>
  >;

  apply(reply: SyncReply) {
    if (reply.reset) for (const map of Object.values(this.lists)) map.clear();
    for (const list of SYNC_LISTS) {
      const { upserts, deletes } = reply.changes[list];
      for (const row of upserts) this.lists[list].set(row._id, JSON.stringify(row));
      for (const id of deletes) this.lists[list].delete(id);
    }
    this.cursor = reply.cursor;
  }

  json(): ListsJson {
    return Object.fromEntries(SYNC_LISTS.map((l) => [l, Object.fromEntries(this.lists[l])])) as ListsJson;
  }
}

/** One pull: GET /api/sync with the copy's cursor. */
export async function pull(app: Instance, token: string, cursor: string | null, limit?: number): Promise<SyncReply> {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  if (limit) query.set('limit', String(limit));
  const res = await app.inject({
    method: 'GET',
    url: `/api/sync?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  // Checked against the shared schema, but applied as sent (zod would drop fields it does not know).
  const body = res.json() as SyncReply;
  syncReplySchema.parse(body);
  return body;
}

/** Pulls until the server says nothing more is waiting; returns every reply. */
export async function pullAll(app: Instance, token: string, copy: SyncCopy, limit?: number): Promise<SyncReply[]> {
  const replies: SyncReply[] = [];
  for (let i = 0; i < 10_000; i++) {
    const reply = await pull(app, token, copy.cursor, limit);
    copy.apply(reply);
    replies.push(reply);
    if (!reply.hasMore) return replies;
  }
  throw new Error('the sync never settled');
}
