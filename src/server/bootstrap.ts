import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '@/server/db/transaction';
import { MESSAGES } from '@/shared/messages';
import { hashPassword, verifyPassword } from './auth/passwords';
import { rows, type Db } from './db/client';
import { users } from './db/schema';
import { DEMO_ADMIN } from './db/seed/demo';
import { seedDemoData } from './demo-seed';
import { pruneEndedSessions, revokeUserSessions } from './repositories/sessions-repo';
import { countAdmins, findUserByEmail, upsertAdmin } from './repositories/users-repo';
import type { ServerConfig } from './config';
import type { FastifyBaseLogger } from 'fastify';

/** Instances that start together take turns here, as they do for migrations (another key). */
const BOOTSTRAP_LOCK = 727275;

/**
 * Start-up data: the configured admin, the demo business on an empty database, and a demo admin
 * only when demo data was seeded and no admin exists. Otherwise it says how to create one.
 * It runs in one transaction under an advisory lock, so two instances starting at once on one
 * PostgreSQL database neither both insert the admin nor both seed.
 */
export async function bootstrap(
  db: Db,
  config: Pick<ServerConfig, 'seedDemo' | 'adminEmail' | 'adminPassword' | 'demoAdmin' | 'host' | 'sessionIdleDays'>,
  log: FastifyBaseLogger,
) {
  await inTransaction(db, async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    await pruneEndedSessions(t, config.sessionIdleDays);

    // The demo business goes in first, when there is no business yet: an operator who also configures
    // their own admin still gets the demo to try (an admin row alone is no business).
    let seeded = false;
    if (config.seedDemo && !(await hasBusinessData(t))) {
      await seedDemoData(t);
      seeded = true;
      log.info('Seeded the demo business (SEED_DEMO=0 turns this off).');
    }

    if (config.adminEmail && config.adminPassword) {
      await ensureAdmin(t, config.adminEmail, config.adminPassword, log);
      if (config.adminEmail.toLowerCase() !== DEMO_ADMIN.email)
        await retireDemoAdmin(t, log, MESSAGES.security.demoAdminRetired(DEMO_ADMIN.email));
    } else if (config.adminEmail || config.adminPassword) {
      log.warn('Set both ADMIN_EMAIL and ADMIN_PASSWORD to create an admin; one of them alone is ignored.');
    }

    // A demo admin made earlier on this machine does not follow the server onto a network.
    if (!config.demoAdmin)
      await retireDemoAdmin(t, log, MESSAGES.security.demoAdminOffNetwork(DEMO_ADMIN.email, config.host));

    if ((await countAdmins(t)) === 0) {
      if (seeded && config.demoAdmin) {
        await upsertAdmin(t, DEMO_ADMIN.email, await hashPassword(DEMO_ADMIN.password), DEMO_ADMIN.name);
        log.info(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
      } else if (seeded) {
        log.warn(MESSAGES.security.noDemoAdmin(config.host));
      } else {
        log.warn('No administrator exists yet. Restart with ADMIN_EMAIL=... ADMIN_PASSWORD=... to create one.');
      }
    }
  });
}

/** Any user who is not an admin, or any course, batch, enrollment or purchase. */
async function hasBusinessData(db: Db): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from users where role <> 'admin') or exists (select 1 from courses)
      or exists (select 1 from batches) or exists (select 1 from enrollments)
      or exists (select 1 from service_purchases) as found`,
  );
  return row?.found ?? false;
}

/**
 * The configured admin exists with this password. A changed password (say, after a leak) also
 * revokes every session of that account: the old tokens must stop working at once.
 */
async function ensureAdmin(db: Db, email: string, password: string, log: FastifyBaseLogger) {
  const existing = await findUserByEmail(db, email);
  if (existing?.role === 'admin' && (await verifyPassword(password, existing.passwordHash))) return;
  await upsertAdmin(db, email, await hashPassword(password));
  if (existing) {
    await revokeUserSessions(db, existing.id);
    log.info(`Admin account ${email} has a new password; its earlier sessions are revoked.`);
  } else {
    log.info(`Admin account ${email} is ready.`);
  }
}

/**
 * The demo admin, whose password the README publishes, stops being an admin (and its sessions end) when a
 * real admin is configured or the server listens beyond this machine, unless it was given a password of its own.
 */
async function retireDemoAdmin(db: Db, log: FastifyBaseLogger, why: string) {
  const demo = await findUserByEmail(db, DEMO_ADMIN.email);
  if (demo?.role !== 'admin' || !(await verifyPassword(DEMO_ADMIN.password, demo.passwordHash))) return;
  await db.update(users).set({ role: 'user' }).where(eq(users.id, demo.id));
  await revokeUserSessions(db, demo.id);
  log.warn(why);
}
