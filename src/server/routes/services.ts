import type { Db } from '@/server/db/client';
import { found, notFound } from '@/server/errors';
import { toast } from '@/server/http/replies';
import { route } from '@/server/http/route';
import { refuseStale } from '@/server/http/stale-writes';
import { asAdmin } from '@/server/repositories/admin-writes';
import {
  createService,
  deleteService,
  listUserServicesJson,
  servicesListRows,
  toggleServiceVerified,
} from '@/server/repositories/services-repo';
import { API } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import type { FastifyInstance } from 'fastify';

export function serviceRoutes(app: FastifyInstance, db: Db) {
  route(app, API.services, (_input, _request, reply) => reply.sendList('services', 'data', servicesListRows));

  route(app, API.userServices, async ({ params: { id } }, _request, reply) => {
    const list = await listUserServicesJson(db, id);
    if (list === 'null') throw notFound('User');
    return reply.type('application/json').send(`{"success":true,"data":${list}}`);
  });

  route(app, API.addService, async ({ body }, request) => {
    const data = found(await asAdmin(db, request.admin, (tx) => createService(tx, body)), 'User');
    return { success: true, data };
  });

  // A flip made on an older version would undo the other admin's flip instead of making its own.
  route(app, API.verifyService, async ({ params: { id }, body: { expectedUpdatedAt } }, request) => {
    const data = found(
      await asAdmin(db, request.admin, async (tx) => {
        await refuseStale(tx, 'service', id, expectedUpdatedAt);
        return toggleServiceVerified(tx, id);
      }),
      'Service',
    );
    return toast(data.isVerified ? MESSAGES.server.serviceApproved : MESSAGES.server.serviceDisapproved, data);
  });

  route(app, API.deleteService, async ({ params: { id }, body: { expectedUpdatedAt } }, request) => {
    const deleted = await asAdmin(db, request.admin, async (tx) => {
      await refuseStale(tx, 'service', id, expectedUpdatedAt);
      return deleteService(tx, id);
    });
    found(deleted, 'Service');
    return toast(MESSAGES.server.serviceDeleted);
  });
}
