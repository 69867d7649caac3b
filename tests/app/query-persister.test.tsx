import { screen, waitFor } from '@testing-library/react';
import { promisifyRequest } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/lib/query-client';
import { siteConfigQuery } from '@/app/lib/site-config';
import { deleteDeviceCopies } from '@/app/lib/sync/device-store';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import { buildOpenApiDocument } from '@/server/openapi/openapi-document';
import { MESSAGES } from '@/shared/messages';
import { adminUser } from '../mocks/fixtures';
import { SITE_URL } from '../mocks/handlers';
import { server } from '../mocks/server';
import { renderApp } from '../utils/render';

/**
 * The query persister (lib/query-persister.ts): the queries that are not synced lists are kept on the device, per
 * admin, restored after a reload with no network, and deleted at logout; the synced lists never go there.
 */

const database = (adminId: string) => `coursedesk-queries-${adminId}`;

/** The keys persisted for `adminId` (none when there is no database), read by hand and closed again. */
async function persistedKeys(adminId: string): Promise<string[]> {
  if (!(await indexedDB.databases()).some((d) => d.name === database(adminId))) return [];
  const db = await promisifyRequest(indexedDB.open(database(adminId)));
  const keys = db.objectStoreNames.contains('queries')
    ? await promisifyRequest(db.transaction('queries').objectStore('queries').getAllKeys())
    : [];
  db.close();
  return (keys as string[]).sort();
}

const offline = () => {
  server.use(
    http.get('/api/openapi.json', () => HttpResponse.error()),
    http.get('/api/config', () => HttpResponse.error()),
  );
};

afterEach(async () => {
  await deleteDeviceCopies();
});

describe('queries that are not synced lists, kept on the device', () => {
  it('the API reference and the public site links show after a reload with no network', async () => {
    server.use(http.get('/api/openapi.json', () => HttpResponse.json(buildOpenApiDocument('9.9.9'))));
    const first = renderApp('/api-docs');
    expect(await screen.findByRole('heading', { name: 'Service purchases' })).toBeInTheDocument();
    await first.router.navigate({ to: '/no-such-page' as never });
    expect(await screen.findByRole('link', { name: 'Search' })).toHaveAttribute('href', `${SITE_URL}/search`);
    await waitFor(async () =>
      expect(await persistedKeys(adminUser._id)).toEqual([
        'tanstack-query-["openapi"]',
        'tanstack-query-["site-config"]',
      ]),
    );
    first.unmount();
    syncEngine.stop();

    // A reload with no network: a new query client, nothing in memory.
    offline();
    const second = renderApp('/api-docs');
    expect(await screen.findByRole('heading', { name: 'Service purchases' })).toBeInTheDocument();
    expect(screen.getByText(/\(OpenAPI 3\.1, version 9\.9\.9\)/)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.apiDocs.failed)).not.toBeInTheDocument();
    await second.router.navigate({ to: '/no-such-page' as never });
    expect(await screen.findByRole('link', { name: 'Contact' })).toHaveAttribute('href', `${SITE_URL}/contact`);
  }, 60_000); // the whole API reference rendered twice: slow in jsdom on a loaded machine

  it('keeps the synced lists out, and nothing at all while no admin is signed in', async () => {
    let admin: string | null = null;
    const qc = createQueryClient({ persistFor: () => admin });
    await qc.fetchQuery(siteConfigQuery);
    expect(await persistedKeys('admin-a')).toEqual([]);

    admin = 'admin-a';
    await qc.fetchQuery({ queryKey: ['users'], queryFn: () => [{ _id: 'u1' }] });
    await qc.fetchQuery({ queryKey: ['sync'], queryFn: () => ({ syncedAt: 1 }) });
    await qc.fetchQuery({ queryKey: ['secret'], queryFn: () => 'key', meta: { persist: false } });
    await qc.fetchQuery({ ...siteConfigQuery, staleTime: 0 });
    await waitFor(async () => expect(await persistedKeys('admin-a')).toEqual(['tanstack-query-["site-config"]']));
    qc.clear();
  });

  it('logout deletes them even while the persister holds its database open, and the next admin starts empty', async () => {
    let admin = 'admin-a';
    const qc = createQueryClient({ persistFor: () => admin });
    await qc.fetchQuery(siteConfigQuery);
    await waitFor(async () => expect(await persistedKeys('admin-a')).toHaveLength(1));

    await deleteDeviceCopies(); // the logout
    expect((await indexedDB.databases()).map((d) => d.name)).toEqual([]);

    // After the logout the query cache is cleared; the next admin's first fetch finds nothing, and is kept.
    qc.clear();
    admin = 'admin-b';
    offline();
    await expect(qc.fetchQuery(siteConfigQuery)).rejects.toBeTruthy();
    server.resetHandlers();
    await qc.fetchQuery(siteConfigQuery);
    await waitFor(async () => expect(await persistedKeys('admin-b')).toEqual(['tanstack-query-["site-config"]']));
    expect(await persistedKeys('admin-a')).toEqual([]);
    qc.clear();
  });
});
