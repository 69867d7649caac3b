import type { Db } from '@/server/db/client';
import { found, HttpError } from '@/server/errors';
import { toast } from '@/server/http/replies';
import { route } from '@/server/http/route';
import { asAdmin } from '@/server/repositories/admin-writes';
import { deleteUser, getUser, usersListRows } from '@/server/repositories/users-repo';
import { API } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import type { FastifyInstance } from 'fastify';

export function userRoutes(app: FastifyInstance, db: Db) {
  route(app, API.users, (_input, _request, reply) => reply.sendList('users', 'users', usersListRows));

  route(app, API.user, async ({ params: { id } }) => ({
    success: true,
    data: found(await getUser(db, id), 'User'),
  }));

  route(app, API.deleteUser, async ({ params: { id } }, request) => {
    if (id === request.admin?._id) throw new HttpError(409, MESSAGES.bulk.self);
    found(await asAdmin(db, request.admin, (tx) => deleteUser(tx, id)), 'User');
    return toast(MESSAGES.deleted.user.text);
  });
}
