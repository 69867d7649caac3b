import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { LIMITS } from '@/shared/constants';
import { SYNC_PAGE } from '@/shared/sync-lists';
import pkg from '../../package.json' with { type: 'json' };
import { bootstrap } from './bootstrap';
import { openDatabase, type Database } from './db/client';
import { keepPlannerStats } from './db/planner-stats';
import { isApiRequest, registerAuthGuard } from './plugins/auth-guard';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerListReplies } from './plugins/list-replies';
import { warnOfUntrustedProxies } from './plugins/proxy-warning';
import { registerRequestDeadline } from './plugins/request-deadline';
import { registerStatic } from './plugins/static-files';
import { accountRoutes } from './routes/account';
import { activityRoutes } from './routes/activity';
import { authRoutes } from './routes/auth';
import { batchRoutes } from './routes/batches';
import { bulkRoutes } from './routes/bulk';
import { courseRoutes } from './routes/courses';
import { enrollmentRoutes } from './routes/enrollments';
import { healthRoutes } from './routes/health';
import { importRoutes } from './routes/import';
import { openApiRoutes } from './routes/openapi';
import { serviceRoutes } from './routes/services';
import { siteConfigRoutes } from './routes/site-config';
import { syncRoutes } from './routes/sync';
import { userRoutes } from './routes/users';
import { scheduleActivityWindow } from './sync/activity-window';
import { SyncPageCache } from './sync/page-cache';
import { schedulePruning } from './sync/pruning';
import type { ServerConfig } from './config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as `METHOD /pattern` (the OpenAPI test checks each is described). */
    routeList: string[];
    /** This instance's cache of full-sync pages (docs/operations.md): its figures, for tests and benchmarks. */
    syncPages: SyncPageCache;
  }
}

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
}

/** Builds the whole server from a config; index.ts listens, tests inject. The database closes with the app. */
export async function buildApp(config: ServerConfig, database?: Database): Promise<BuiltApp> {
  const db =
    database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.dbTimeouts }));
  const app = Fastify({
    logger: config.logger ? { level: 'info' } : false,
    bodyLimit: LIMITS.bodyBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    // A connection with no byte in or out for idleMs is closed; the request deadline is registered below.
    connectionTimeout: config.httpTimeouts.idleMs,
  });
  app.addHook('onClose', () => db.close());
  app.decorate('routeList', [] as string[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.routeList.push(`${method} ${route.url}`);
  });

  registerErrorHandler(app);
  registerRequestDeadline(app, config.httpTimeouts.requestMs);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and sweetalert2 set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Course images may live on any https host; service images on the public site.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(config.siteUrl ? [new URL(config.siteUrl).origin] : [])],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Served over plain http on localhost by default; a TLS-terminating proxy adds HSTS.
    strictTransportSecurity: false,
  });
  await app.register(compress, { threshold: 1024 });

  // API replies hold personal data: never kept by the browser's HTTP cache (logout must leave nothing).
  // onSend runs for every reply, errors and unknown /api paths included.
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
  });
  warnOfUntrustedProxies(app);
  registerListReplies(app, db.db);
  // Token checks and health read through the priority connections: they never queue behind writers.
  registerAuthGuard(app, db.priorityDb, config.sessionIdleDays);
  healthRoutes(app, db, config.dbTimeouts.statementMs);
  authRoutes(app, db.db, config);
  accountRoutes(app, db.db, config);
  userRoutes(app, db.db);
  courseRoutes(app, db.db);
  batchRoutes(app, db.db);
  enrollmentRoutes(app, db.db);
  serviceRoutes(app, db.db);
  siteConfigRoutes(app, config.siteUrl);
  bulkRoutes(app, db.db);
  importRoutes(app, db.db);
  activityRoutes(app, db.db);
  const syncPages = new SyncPageCache(
    Math.floor(config.syncCacheMb * 1048576),
    // One process over PGlite: a device's next request comes here. Behind a balancer it may go to another instance.
    db.kind === 'pglite' ? SYNC_PAGE.max : null,
  );
  app.decorate('syncPages', syncPages);
  syncRoutes(app, db, config.syncHeartbeatMs, config.sessionIdleDays, syncPages);
  openApiRoutes(app, pkg.version);
  await registerStatic(app, config.staticDir);

  await bootstrap(db.db, config, app.log);
  const stopStats = await keepPlannerStats(db, (err) =>
    app.log.warn({ err }, 'Refreshing the planner statistics failed; it is tried again in ten minutes.'),
  );
  app.addHook('preClose', async () => stopStats());
  await schedulePruning(app, db.db, config.syncRetentionDays, config.activityRetentionDays);
  await scheduleActivityWindow(app, db.db, config.activityWindow);
  return { app, database: db };
}
