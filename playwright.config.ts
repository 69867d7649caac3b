import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from './tests/utils/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * End-to-end in Debian's Chromium (never a downloaded browser) against the built PWA served by the
 * real server on a fresh PGlite folder with the demo data. One worker: the machine has two cores.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } } }],
  webServer: {
    // `npm start`'s entry builds the PWA when the build is stale, then serves it with the API.
    command: `rm -rf ${DATA_DIR} && npx tsx src/server/start.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    // The public site is this server itself here: service images load, and "Go to Course" has an address.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG: '0',
      SEED_DEMO: '1',
      DATABASE_URL: '',
      SITE_URL: BASE_URL,
    },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
