import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches } from '@/server/db/schema';
import { createTestServer, type TestServer } from '../utils/build-server';
import { makeBatch, makeEnrollment } from '../utils/factories';

/**
 * Foreign-key failures that the routes' own checks cannot rule out (a parent deleted between the
 * check and the write) come from the real database here, through routes added for the test.
 */
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
  s.app.post('/api/test/enroll-in-missing-batch', async () => {
    await makeEnrollment(s.db, { batchId: randomUUID() });
  });
  s.app.delete('/api/test/batch/:id', async (request) => {
    await s.db.delete(batches).where(eq(batches.id, (request.params as { id: string }).id));
  });
});
afterAll(() => s.close());

describe('foreign keys', () => {
  it('a write whose parent is gone is a 404 that says to reload', async () => {
    const res = await s.api({ method: 'POST', url: '/api/test/enroll-in-missing-batch' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'A record this refers to no longer exists. Reload Data and try again.',
      showMessage: true,
    });
  });

  it('deleting what others still point at is a 409, and the enrollment stays', async () => {
    const batch = await makeBatch(s.db);
    await makeEnrollment(s.db, { batchId: batch.id });
    const res = await s.api({ method: 'DELETE', url: `/api/test/batch/${batch.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: 'This record is still referenced by others.' });
  });
});
