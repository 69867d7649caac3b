import type { Db } from '@/server/db/client';
import { HttpError, notFound, parse } from '@/server/errors';
import { deleteUser, getUser, usersListRows } from '@/server/repositories/users-repo';
import { MESSAGES } from '@/shared/messages';
import { idParams } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

export function userRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/users', (_request, reply) => reply.sendList('users', 'users', usersListRows));

  app.get('/api/users/:id', async (request) => {
    const { id } = parse(idParams, request.params);
    const user = await getUser(db, id);
    if (!user) throw notFound('User');
    return { success: true, data: user };
  });

  app.delete('/api/users/:id', async (request) => {
    const { id } = parse(idParams, request.params);
    if (id === request.admin?._id) throw new HttpError(409, MESSAGES.bulk.self);
    if (!(await deleteUser(db, id))) throw notFound('User');
    return { success: true, message: MESSAGES.deleted.user.text, showMessage: true };
  });
}
