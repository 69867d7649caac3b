/**
 * `npm test`'s set-up: the browser tests drive Debian's Chromium (never a downloaded browser). Finds it
 * where `tests/utils/chromium.ts` looks (`CHROMIUM_PATH`, else /usr/bin/chromium); when it is missing,
 * installs Debian's package with apt-get if this runs as root, otherwise stops and says what to run.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { CHROMIUM } from '../tests/utils/chromium';

const path = CHROMIUM.executablePath;

const runnable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const run = (command: string, args: string[]) =>
  spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0;

const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

if (runnable(path)) {
  console.log(`Browser tests: Chromium at ${path}.`);
} else if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is ${path}, which is not an executable file. Point it at a Chromium or Chrome.`);
  process.exit(1);
} else if (isRoot && hasApt) {
  console.log(`Browser tests: no Chromium at ${path}; installing Debian's package (apt-get install chromium)…`);
  if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', 'chromium']) || !runnable(path)) {
    console.error('Installing Chromium failed (see above). Install it by hand: apt-get install -y chromium');
    process.exit(1);
  }
  console.log(`Browser tests: installed Chromium at ${path}.`);
} else {
  console.error(
    [
      `The browser tests need Chromium at ${path}, and it is not there.`,
      hasApt
        ? "Install Debian's package (as root, then run npm test again):  sudo apt-get install -y chromium"
        : "Install Chromium with your system's package manager,",
      'or point CHROMIUM_PATH at a Chromium or Chrome you have:  CHROMIUM_PATH=/path/to/chrome npm test',
    ].join('\n'),
  );
  process.exit(1);
}
