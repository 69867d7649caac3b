/* global self, URLPattern */
/*
 * Imported by the service worker (vite.config.ts, workbox.importScripts). The worker answers nothing under /api/
 * (the shell's precache and navigations only), yet every API request went through its fetch event first, and a
 * worker the browser had stopped after half a minute idle was started again before an Approve could leave: 60 to
 * 90 ms on a 2-core machine (docs/benchmarks.md). A static route sends the page's /api/ requests to the network
 * without the worker (not the sync's page worker's: Chromium routes a page's own requests only). Browsers without
 * static routing keep the worker's own pass-through.
 */
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  const api = new URLPattern({ pathname: '/api/*' });
  event.waitUntil(event.addRoutes({ condition: { urlPattern: api }, source: 'network' }).catch(() => undefined));
});
