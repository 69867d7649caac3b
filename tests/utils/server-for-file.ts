import { afterAll } from 'vitest';
import type { ServerConfig } from '@/server/config';
import { createTestServer, type TestServer } from './build-server';

/**
 * One test server for the whole test file, closed after its last test: `const s = await serverForThisFile();`
 * at the file's top level. (Apart from build-server.ts, which the benchmarks import outside Vitest.)
 */
export async function serverForThisFile(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const server = await createTestServer(overrides);
  afterAll(() => server.close());
  return server;
}
