import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { hashPassword } from './auth/passwords';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import { users } from './db/schema';
import { DEMO_ADMIN, seedDemoData } from './db/seed/demo';
import { countAdmins, upsertAdmin } from './repositories/users-repo';

/**
 * Start-up data: the configured admin, the demo business on an empty database, and a demo admin
 * only when demo data was seeded and no admin exists. Otherwise it says how to create one.
 */
export async function bootstrap(db: Db, config: Pick<ServerConfig, 'seedDemo' | 'adminEmail' | 'adminPassword'>, log: FastifyBaseLogger) {
  if (config.adminEmail && config.adminPassword) {
    await upsertAdmin(db, config.adminEmail, await hashPassword(config.adminPassword));
    log.info(`Admin account ${config.adminEmail} is ready.`);
  } else if (config.adminEmail || config.adminPassword) {
    log.warn('Set both ADMIN_EMAIL and ADMIN_PASSWORD to create an admin; one of them alone is ignored.');
  }

  let seeded = false;
  if (config.seedDemo) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((row?.n ?? 0) === 0) {
      await seedDemoData(db);
      seeded = true;
      log.info('Seeded the demo business (SEED_DEMO=0 turns this off).');
    }
  }

  if ((await countAdmins(db)) === 0) {
    if (seeded) {
      await upsertAdmin(db, DEMO_ADMIN.email, await hashPassword(DEMO_ADMIN.password), DEMO_ADMIN.name);
      log.info(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    } else {
      log.warn('No administrator exists yet. Restart with ADMIN_EMAIL=... ADMIN_PASSWORD=... to create one.');
    }
  }
}
