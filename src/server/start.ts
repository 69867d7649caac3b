import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { main } from './index';

/** `npm start`: build the PWA when the build is missing or older than its sources, then serve. */
const root = process.cwd();
const built = path.join(root, 'dist', 'index.html');
const sources = ['src/app', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(p: string): number {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (!process.env.STATIC_DIR && builtAt < Math.max(...sources.map(newestMtime))) {
  console.log(builtAt ? 'The PWA build is stale: rebuilding…' : 'Building the PWA…');
  execSync('npx vite build', { stdio: 'inherit', cwd: root });
}
await main();
