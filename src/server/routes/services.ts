import type { Db } from '@/server/db/client';
import { found, idParam, notFound, parse, refuseStale } from '@/server/errors';
import { toast } from '@/server/http/replies';
import { asAdmin } from '@/server/repositories/admin-writes';
import {
  createService,
  deleteService,
  listUserServicesJson,
  servicesListRows,
  toggleServiceVerified,
} from '@/server/repositories/services-repo';
import { staleRecord } from '@/server/repositories/versions-repo';
import { MESSAGES } from '@/shared/messages';
import { serviceCreateBody, versionBody } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

export function serviceRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/services', (_request, reply) => reply.sendList('services', 'data', servicesListRows));

  app.get('/api/services/user/:id', async (request, reply) => {
    const list = await listUserServicesJson(db, idParam(request));
    if (list === 'null') throw notFound('User');
    return reply.type('application/json').send(`{"success":true,"data":${list}}`);
  });

  app.post('/api/services', async (request, reply) => {
    const body = parse(serviceCreateBody, request.body);
    const data = found(await asAdmin(db, request.admin, (tx) => createService(tx, body)), 'User');
    reply.code(201);
    return { success: true, data };
  });

  app.patch('/api/services/:id/verify', async (request) => {
    const id = idParam(request);
    // A flip made on an older version would undo the other admin's flip instead of making its own.
    const { expectedUpdatedAt } = parse(versionBody, request.body);
    const data = found(
      await asAdmin(db, request.admin, async (tx) => {
        refuseStale(await staleRecord(tx, 'service', id, expectedUpdatedAt), 'service purchase');
        return toggleServiceVerified(tx, id);
      }),
      'Service',
    );
    return toast(data.isVerified ? MESSAGES.server.serviceApproved : MESSAGES.server.serviceDisapproved, data);
  });

  app.delete('/api/services/:id', async (request) => {
    const id = idParam(request);
    const { expectedUpdatedAt } = parse(versionBody, request.body);
    const deleted = await asAdmin(db, request.admin, async (tx) => {
      refuseStale(await staleRecord(tx, 'service', id, expectedUpdatedAt), 'service purchase');
      return deleteService(tx, id);
    });
    found(deleted, 'Service');
    return toast(MESSAGES.server.serviceDeleted);
  });
}
