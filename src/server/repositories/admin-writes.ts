import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { inTransaction } from '@/server/db/transaction';
import { MESSAGES } from '@/shared/messages';
import type { ActivityAction, User } from '@/shared/schemas';

type Admin = Pick<User, '_id' | 'name' | 'email'>;

/** The words the triggers compose summaries from: the same for every write, so made once. */
const WORDS = { verbs: MESSAGES.activity.verbs, nouns: MESSAGES.activity.nouns };

/**
 * Runs a write through the API as `admin`, in one transaction whose `coursedesk.actor` setting names the
 * admin: the triggers of migrations 0004 and 0005 log every row the write changes in that same transaction,
 * with the fields before and after. `action` overrides the action they derive from the change (an import).
 */
export function asAdmin<T>(
  db: Db,
  admin: Admin | null,
  write: (tx: Db) => Promise<T>,
  action?: ActivityAction,
): Promise<T> {
  // The guard has loaded the admin of every route but login's; a write without one is a bug, not a guest.
  if (!admin) throw new Error('A write through the API needs the admin the auth guard loaded.');
  const actor = JSON.stringify({ id: admin._id, name: admin.name, email: admin.email, ...WORDS, action });
  return inTransaction(db, async (t) => {
    await t.execute(sql`select set_config('coursedesk.actor', ${actor}, true)`);
    return write(t);
  });
}
