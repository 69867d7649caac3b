import { http, HttpResponse } from 'msw';
import type { Activity } from '@/shared/schemas';
import { mockLists } from './sync-api';

/**
 * GET /api/activity as the server answers it: the whole log is the device's activity list (the sync's window)
 * followed by `older` entries, which only the server holds. Pages of `limit` (cursor: an offset here), and
 * the filters the screens send. Every request's query is kept in `activityRequests`.
 */
let older: Activity[] = [];
export const activityRequests: URLSearchParams[] = [];

/** Entries older than the device's, newest first (until the next test). */
export const setOlderActivity = (entries: Activity[]) => void (older = entries);

export function resetMockActivityLog() {
  older = [];
  activityRequests.length = 0;
}

export const activityHandlers = [
  http.get('/api/activity', ({ request }) => {
    const p = new URL(request.url).searchParams;
    activityRequests.push(p);
    let log = [...mockLists().activity, ...older];
    const before = p.get('before');
    if (before) {
      const at = log.findIndex((a) => a._id === before);
      log = at < 0 ? [] : log.slice(at + 1);
    }
    const q = p.get('q')?.toLowerCase();
    log = log.filter(
      (a) =>
        (!p.get('record') || a.recordId === p.get('record')) &&
        (!p.get('kind') || a.kind === p.get('kind')) &&
        (!p.get('action') || a.action === p.get('action')) &&
        (!p.get('admin') || a.adminEmail === p.get('admin')) &&
        (!q || `${a.recordName} ${a.adminName} ${a.adminEmail}`.toLowerCase().includes(q)),
    );
    const start = Number(p.get('cursor') ?? 0);
    const limit = Number(p.get('limit') ?? 100);
    const next = start + limit < log.length ? String(start + limit) : null;
    return HttpResponse.json({ success: true, data: log.slice(start, start + limit), nextCursor: next });
  }),
];
