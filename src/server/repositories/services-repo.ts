import { eq, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { servicePurchases, users } from '@/server/db/schema';
import type { Service, ServiceCreateBody } from '@/shared/schemas';
import { asText, iso, jsonObject, jsonObjectOrNull, jsonText, writeReturningWire } from './sql-json';
import { userJsonSql } from './users-repo';

/** Wire Service over `p` (the purchase) left-joined to `u` (its user, null once deleted or never linked). */
export const serviceJsonSql = jsonObject({
  _id: 'p.id',
  serviceDetails: jsonObject({ title: 'p.title', description: 'p.description', image: 'p.image' }),
  userDetails: jsonObject({ name: 'p.customer_name', email: 'p.customer_email', phone: 'p.customer_phone' }),
  userId: jsonObjectOrNull('u.id', userJsonSql('u')),
  amount: 'p.amount::float8',
  currency: 'p.currency',
  paymentMethod: 'p.payment_method',
  transactionId: 'p.transaction_id',
  isVerified: 'p.is_verified',
  createdAt: iso('p.created_at'),
  updatedAt: iso('p.updated_at'),
});

const listJson = (where: SQL) =>
  sql`select coalesce(json_agg(${serviceJsonSql} order by p.created_at desc, p.id desc), '[]'::json)
      from service_purchases p left join users u on u.id = p.user_id where ${where}`;

/** All purchases, newest first, one JSON text per row (for the list cache's cursor). */
export const servicesListRows = sql`select ${asText(serviceJsonSql)} as json
  from service_purchases p left join users u on u.id = p.user_id order by p.created_at desc, p.id desc`;

/** The user's purchases, newest first; JSON text 'null' when no such user exists. */
export function listUserServicesJson(db: Db, userId: string): Promise<string> {
  return jsonText(
    db,
    sql`select (${listJson(sql`p.user_id = x.id`)})::text as json from users x where x.id = ${userId}`,
  );
}

/** A purchase write ending in `returning()`, giving back the row in the wire shape (null: none matched). */
const writeReturningService = (db: Db, mutation: SQLWrapper) =>
  writeReturningWire<Service>(db, mutation, 'p', serviceJsonSql);

/** Null when the body names a user that does not exist. */
export async function createService(db: Db, body: ServiceCreateBody): Promise<Service | null> {
  if (body.userId) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
    if (!user) return null;
  }
  return writeReturningService(
    db,
    db
      .insert(servicePurchases)
      .values({
        userId: body.userId ?? null,
        title: body.serviceDetails.title,
        description: body.serviceDetails.description,
        image: body.serviceDetails.image,
        customerName: body.userDetails.name,
        customerEmail: body.userDetails.email,
        customerPhone: body.userDetails.phone ?? null,
        amount: body.amount.toFixed(2),
        currency: body.currency,
        paymentMethod: body.paymentMethod ?? null,
        transactionId: body.transactionId ?? null,
      })
      .returning(),
  );
}

/** Flips approval in one statement, so two quick clicks give two flips, never a lost one. */
export const toggleServiceVerified = (db: Db, id: string) =>
  writeReturningService(
    db,
    db
      .update(servicePurchases)
      .set({ isVerified: not(servicePurchases.isVerified), updatedAt: sql`now()` })
      .where(eq(servicePurchases.id, id))
      .returning(),
  );

export async function deleteService(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(servicePurchases)
    .where(eq(servicePurchases.id, id))
    .returning({ id: servicePurchases.id });
  return deleted.length > 0;
}
