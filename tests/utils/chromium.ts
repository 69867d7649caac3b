/**
 * Debian's Chromium (never a downloaded browser) and the switches that keep it quiet on a shared machine:
 * the launch options of the end-to-end tests and of the browser benchmarks.
 */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
