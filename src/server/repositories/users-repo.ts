import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import type { User } from '@/shared/schemas';
import { asText, iso, jsonObject, jsonValue } from './sql-json';

/** The wire shape of a user (docs/api.md), as SQL over the alias `u`. Never includes the password hash. */
export const userJsonSql = (alias = 'u') => {
  const a = (column: string) => `${alias}.${column}`;
  return jsonObject({
    _id: a('id'),
    name: a('name'),
    email: a('email'),
    isVerified: a('is_verified'),
    createdAt: iso(a('created_at')),
    age: a('age'),
    occupation: a('occupation'),
    contactNo: a('contact_no'),
    interest: a('interest'),
    pastExperience: a('past_experience'),
    role: a('role'),
  });
};

/** All users, newest first, one JSON text per row (for the list cache's cursor). */
export const usersListRows = sql`select ${asText(userJsonSql())} as json
  from users u order by u.created_at desc, u.id desc`;

export function getUser(db: Db, id: string): Promise<User | null> {
  return jsonValue<User>(db, sql`select ${asText(userJsonSql())} as json from users u where u.id = ${id}`);
}

/**
 * Every writer locks its rows, then its list versions (by name, migration 0004), then the sync clock. A user
 * delete's foreign keys would set its enrollments and purchases null first, whose triggers take their list
 * versions and the sync clock, and only then the users list's version: the reverse order, and a deadlock
 * with a concurrent edit or approval. So it takes, first, the users (`ids`), their enrollments and purchases,
 * then all four list versions it will need. Call it first in the deleting transaction.
 */
export async function lockForUserDelete(db: Db, ids: SQL): Promise<void> {
  await db.execute(sql`select 1 from users where id in (${ids}) order by id for update`);
  await db.execute(sql`select 1 from enrollments where user_id in (${ids}) order by id for update`);
  await db.execute(sql`select 1 from service_purchases where user_id in (${ids}) order by id for update`);
  await db.execute(sql`select 1 from list_versions where name in ('batches', 'enrollments', 'services', 'users')
    order by name for update`);
}

/** Deletes the user; enrollments and purchases keep their rows with user_id set null by the foreign keys. */
export async function deleteUser(db: Db, id: string): Promise<boolean> {
  await lockForUserDelete(db, sql`${id}::uuid`);
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

/** Creates the admin, or makes an existing account with that email an admin with this password. */
export async function upsertAdmin(db: Db, email: string, passwordHash: string, name = 'Administrator'): Promise<void> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.update(users).set({ role: 'admin', passwordHash }).where(eq(users.id, existing.id));
  } else {
    await db.insert(users).values({ name, email: email.toLowerCase(), passwordHash, role: 'admin', isVerified: true });
  }
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}
