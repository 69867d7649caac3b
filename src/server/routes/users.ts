import type { Db } from '@/server/db/client';
import { found, HttpError, idParam } from '@/server/errors';
import { toast } from '@/server/http/replies';
import { asAdmin } from '@/server/repositories/admin-writes';
import { deleteUser, getUser, usersListRows } from '@/server/repositories/users-repo';
import { MESSAGES } from '@/shared/messages';
import type { FastifyInstance } from 'fastify';

export function userRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/users', (_request, reply) => reply.sendList('users', 'users', usersListRows));

  app.get('/api/users/:id', async (request) => ({
    success: true,
    data: found(await getUser(db, idParam(request)), 'User'),
  }));

  app.delete('/api/users/:id', async (request) => {
    const id = idParam(request);
    if (id === request.admin?._id) throw new HttpError(409, MESSAGES.bulk.self);
    found(await asAdmin(db, request.admin, (tx) => deleteUser(tx, id)), 'User');
    return toast(MESSAGES.deleted.user.text);
  });
}
