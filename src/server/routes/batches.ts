import type { Db } from '@/server/db/client';
import { found, HttpError, notFound } from '@/server/errors';
import { toast } from '@/server/http/replies';
import { route } from '@/server/http/route';
import { refuseStale } from '@/server/http/stale-writes';
import { asAdmin } from '@/server/repositories/admin-writes';
import {
  batchesListRows,
  createBatch,
  deleteEmptyBatch,
  getBatch,
  listBatchesJson,
  updateBatch,
} from '@/server/repositories/batches-repo';
import { API } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Sends `fields` plus the list, which stays JSON text from the database (never parsed here). */
function sendWithAllBatches(reply: FastifyReply, fields: Record<string, unknown>, allBatches: string) {
  return reply.type('application/json').send(`${JSON.stringify(fields).slice(0, -1)},"allBatches":${allBatches}}`);
}

export function batchRoutes(app: FastifyInstance, db: Db) {
  route(app, API.batches, (_input, _request, reply) => reply.sendList('batches', 'batches', batchesListRows));

  route(app, API.startBatch, async ({ body }, request, reply) => {
    const { data, all } = await asAdmin(db, request.admin, async (tx) => {
      const id = await createBatch(tx, body);
      return { data: await getBatch(tx, id), all: await listBatchesJson(tx) };
    });
    return sendWithAllBatches(reply, toast(MESSAGES.server.batchStarted(body.batchName), data), all);
  });

  route(app, API.updateBatch, async ({ params: { id }, body }, request, reply) => {
    const { data, all } = await asAdmin(db, request.admin, async (tx) => {
      await refuseStale(tx, 'batch', id, body.expected);
      found(await updateBatch(tx, id, body), 'Batch');
      return { data: await getBatch(tx, id), all: await listBatchesJson(tx) };
    });
    return sendWithAllBatches(reply, toast(MESSAGES.server.batchUpdated, data), all);
  });

  route(app, API.deleteBatch, async ({ params: { id }, body: { expected } }, request, reply) => {
    const result = await asAdmin(db, request.admin, async (tx) => {
      await refuseStale(tx, 'batch', id, expected);
      return deleteEmptyBatch(tx, id);
    });
    if (!result.deleted) {
      if (result.enrollmentCount === null) throw notFound('Batch');
      throw new HttpError(409, MESSAGES.server.batchHasEnrollments(result.enrollmentCount));
    }
    // No toast: the client shows its own 'Deleted!' notice (lib/confirm.ts).
    return sendWithAllBatches(reply, { success: true }, await listBatchesJson(db));
  });
}
