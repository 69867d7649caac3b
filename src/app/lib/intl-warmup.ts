/**
 * A page's first Intl object (a date or number format, a toLocaleString) loads ICU's locale data: one task of 40
 * to 150 ms on whichever thread asks first. That data is the renderer process's, so a worker that formats once
 * at start-up pays for it off the main thread, and the first screen's dates and amounts then cost what they
 * should. Nothing waits for it: a screen that formats sooner pays as before. The app's modules make their
 * formats on first use, not while the bundle loads (format.ts).
 */
export function warmIntl() {
  if (typeof Worker === 'undefined') return;
  new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module', name: 'intl-warmup' });
}
