import { buildApp } from './app';
import { loadConfig } from './config';

/** Listens with the environment's config and closes the database cleanly on SIGINT/SIGTERM. */
export async function main() {
  const config = loadConfig();
  let built;
  try {
    built = await buildApp(config);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  const { app, database } = built;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Coursedesk on http://${config.host}:${config.port} (database: ${database.kind})`);
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
