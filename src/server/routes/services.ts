import type { Db } from '@/server/db/client';
import { notFound, parse } from '@/server/errors';
import {
  createService,
  deleteService,
  listUserServicesJson,
  servicesListRows,
  toggleServiceVerified,
} from '@/server/repositories/services-repo';
import { MESSAGES } from '@/shared/messages';
import { idParams, serviceCreateBody } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

export function serviceRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/services', (_request, reply) => reply.sendList('services', 'data', servicesListRows));

  app.get('/api/services/user/:id', async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const list = await listUserServicesJson(db, id);
    if (list === 'null') throw notFound('User');
    return reply.type('application/json').send(`{"success":true,"data":${list}}`);
  });

  app.post('/api/services', async (request, reply) => {
    const body = parse(serviceCreateBody, request.body);
    const data = await createService(db, body);
    if (!data) throw notFound('User');
    reply.code(201);
    return { success: true, data };
  });

  app.patch('/api/services/:id/verify', async (request) => {
    const { id } = parse(idParams, request.params);
    const data = await toggleServiceVerified(db, id);
    if (!data) throw notFound('Service');
    return {
      success: true,
      message: data.isVerified ? MESSAGES.server.serviceApproved : MESSAGES.server.serviceDisapproved,
      showMessage: true,
      data,
    };
  });

  app.delete('/api/services/:id', async (request) => {
    const { id } = parse(idParams, request.params);
    if (!(await deleteService(db, id))) throw notFound('Service');
    return { success: true, message: MESSAGES.server.serviceDeleted, showMessage: true };
  });
}
