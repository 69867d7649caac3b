/**
 * Takes the web manifest's screenshots (the richer install sheet on phones) from a running server with
 * the demo data: `npm start`, then `npm run make:screenshots` (`BASE=http://host:port` for another server).
 * The PNGs are committed in public/screenshots.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../tests/utils/chromium';

const BASE = process.env.BASE ?? 'http://127.0.0.1:3000';
const shots = [
  { file: 'public/screenshots/users-wide.png', width: 1366, height: 768 },
  { file: 'public/screenshots/users-narrow.png', width: 390, height: 844 },
];

const browser = await chromium.launch(CHROMIUM);
for (const { file, width, height } of shots) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${BASE}/login?redirect=%2Fusers`);
  await page.getByPlaceholder('Enter your email').fill('admin@coursedesk.dev');
  await page.getByPlaceholder('Enter your password').fill('coursedesk-demo');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator('[aria-label^="Open user"]').first().waitFor(); // a table row, or a card on phones
  await page.waitForTimeout(500);
  await page.screenshot({ path: file });
  console.log('wrote', file);
  await page.close();
}
await browser.close();
