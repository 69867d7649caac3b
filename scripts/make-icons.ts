/**
 * Renders public/favicon.svg into the PNG icons of the web manifest with Debian's Chromium.
 * Run after changing the icon: `npm run make:icons`. The PNGs are committed.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../tests/utils/chromium';

const svg = fs.readFileSync('public/favicon.svg', 'utf8');
const icons = [
  { file: 'public/pwa-192x192.png', size: 192, padding: 0, bg: 'transparent' },
  { file: 'public/pwa-512x512.png', size: 512, padding: 0, bg: 'transparent' },
  // Maskable: the safe zone is the inner 80%, so the glyph sits on a full-bleed background.
  { file: 'public/maskable-icon-512x512.png', size: 512, padding: 0.12, bg: '#364fc7' },
  { file: 'public/apple-touch-icon.png', size: 180, padding: 0.08, bg: '#364fc7' },
];

const browser = await chromium.launch(CHROMIUM);
const page = await browser.newPage();
for (const { file, size, padding, bg } of icons) {
  await page.setViewportSize({ width: size, height: size });
  const inner = Math.round(size * (1 - padding * 2));
  await page.setContent(
    `<html><body style="margin:0;background:${bg};display:grid;place-items:center;width:${size}px;height:${size}px">` +
      svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `) +
      '</body></html>',
  );
  await page.screenshot({ path: file, omitBackground: bg === 'transparent' });
  console.log('wrote', file);
}
await browser.close();
