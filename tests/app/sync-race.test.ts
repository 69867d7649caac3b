import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '@/app/features/auth/auth-store';
import { servicesQuery } from '@/app/features/services/api/get-services';
import { apiCall } from '@/app/lib/api-client';
import { putRows, type RecordReply } from '@/app/lib/list-writes';
import { createQueryClient } from '@/app/lib/query-client';
import { writeSession } from '@/app/lib/session-storage';
import { deleteDeviceCopies } from '@/app/lib/sync/device-store';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import { API_ROUTES } from '@/shared/api-routes';
import type { Service } from '@/shared/schemas';
import { SYNC_LISTS, type SyncReply } from '@/shared/schemas/sync';
import { adminUser, services } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { setMockLists, syncReplyTo } from '../mocks/sync-api';
import { deviceCopy } from '../utils/device-copy';

/**
 * The race of issue 19: a write's reply and a pull cross, and another admin changed the row in between. The
 * device must end with the server's row (newer, or gone), in memory and on the device, whatever the order.
 */

afterEach(async () => {
  vi.restoreAllMocks();
  syncEngine.stop();
  await deleteDeviceCopies();
});

async function start() {
  writeSession('test-token', adminUser);
  auth.reload();
  const qc = createQueryClient();
  await syncEngine.start(qc, adminUser._id);
  await syncEngine.ready();
  await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
  return qc;
}

const R = services[0]!;
/** This tab approves R; another admin then disapproves it. */
const mine: Service = { ...R, isVerified: true, updatedAt: '2026-11-10T10:00:00.000Z' };
const theirs: Service = { ...R, isVerified: false, updatedAt: '2026-11-10T10:05:00.000Z' };
const withR = (row: Service | null) => services.flatMap((s) => (s._id !== R._id ? [s] : row ? [row] : []));
const onlyR = (row: Service | null) => {
  const changes = Object.fromEntries(
    SYNC_LISTS.map((l) => [l, { upserts: [], deletes: [] }]),
  ) as unknown as SyncReply['changes'];
  if (row) changes.services.upserts = [row];
  else changes.services.deletes = [R._id];
  return changes;
};
/**
 * This tab's write of R: sent now, its reply (`mine`) put in when `answer` is called (`meanwhile` runs between the
 * reply's arrival and its going in).
 */
function writeR(meanwhile = () => {}) {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    http.patch('/api/services/:id/verify', async () => {
      await answered;
      return HttpResponse.json({ success: true, data: mine });
    }),
  );
  const done = apiCall<RecordReply<Service>>(API_ROUTES.verifyService, {
    params: { id: R._id },
    body: { expectedUpdatedAt: R.updatedAt },
  }).then(({ data }) => {
    meanwhile();
    putRows(servicesQuery, [data]);
  });
  return { answer, done };
}
const rowR = (qc: ReturnType<typeof createQueryClient>) =>
  qc.getQueryData<Service[]>(['services'])!.find((s) => s._id === R._id) ?? null;
async function storedR() {
  await syncEngine.pull(); // whatever the engine still does, then what it stored
  return (await deviceCopy(adminUser._id))!.rows.services.find((s) => s._id === R._id) ?? null;
}

describe.each([
  ['newer', theirs],
  ['deleted', null],
])('R %s by another admin', (_, final) => {
  it('a pull sent before the write reply and answered after it: the device ends with the server’s R', async () => {
    const qc = await start();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    server.use(
      http.get('/api/sync', async ({ request }) => {
        if (++asked > 1) return HttpResponse.json(syncReplyTo(request));
        await held; // answered late, with R as the other admin left it (after this tab's write), and its cursor
        return HttpResponse.json({ ...syncReplyTo(request), reset: false, changes: onlyR(final) });
      }),
    );
    setMockLists({}); // the stream announces a change: a pull goes out and is held
    await waitFor(() => expect(asked).toBe(1));
    const write = writeR();
    setMockLists({ services: withR(mine) }); // the write commits…
    setMockLists({ services: withR(final) }); // …then the other admin's change
    write.answer();
    await write.done;
    expect(rowR(qc)).toEqual(mine); // the reply shows at once
    release();
    await waitFor(() => expect(rowR(qc)).toEqual(final));
    expect(await storedR()).toEqual(final);
    expect(rowR(qc)).toEqual(final);
  });

  it.each([
    ['a write reply that comes after a pull brought a newer R', () => {}],
    // The clock jumps 11 s between the reply's arrival and its going in: a write's mark must not lapse with time.
    [
      'a write reply that goes in long after it came (a busy tab, a slow machine)',
      () => void vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 11_000),
    ],
  ])('%s: the device ends with the server’s R', async (_, meanwhile) => {
    const qc = await start();
    const write = writeR(meanwhile);
    setMockLists({ services: withR(mine) }); // the write commits, its reply is on its way…
    setMockLists({ services: withR(final) }); // …the other admin changes R, and this tab pulls it
    await waitFor(() => expect(rowR(qc)).toEqual(final));
    write.answer();
    await write.done;
    await waitFor(() => expect(rowR(qc)).toEqual(final));
    expect(await storedR()).toEqual(final);
    expect(rowR(qc)).toEqual(final);
  });
});
