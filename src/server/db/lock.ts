import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite has no locking of its own: two processes on one folder corrupt it silently. We take an
 * exclusive lock file naming our host and pid. It is written whole before it appears (a temporary
 * file hard-linked into place), so nobody reads a half-written lock. A lock from this host whose
 * process has died is taken over; one from another host (a shared volume) is never guessed at.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'coursedesk.lock');
  const mine = `${os.hostname()} ${process.pid}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(lockPath, mine)) {
      // Release only our own lock: never one that another server has written since. Also on any exit of the
      // process (a close that overran its limit, an uncaught error): 'exit' handlers run on process.exit().
      const release = () => {
        process.off('exit', release);
        if (readLock(lockPath) === mine) fs.rmSync(lockPath, { force: true });
      };
      process.on('exit', release);
      return release;
    }
    const holder = readLock(lockPath);
    const [host, pidText] = holder?.split(' ') ?? [];
    const pid = Number(pidText);
    const stale = host === os.hostname() && Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isAlive(pid);
    if (!stale) {
      const who = holder ? `pid ${pidText} on ${host}` : 'unknown';
      throw new Error(
        `Another Coursedesk server (${who}) is already using the data folder ${dataDir}. ` +
          'Stop it first, or give this one its own DATA_DIR, or use DATABASE_URL to share a PostgreSQL database. ' +
          `If no server is running, delete ${lockPath}.`,
      );
    }
    fs.rmSync(lockPath, { force: true }); // left by a crashed process on this host
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

function tryCreate(lockPath: string, content: string): boolean {
  const temp = `${lockPath}.${process.pid}.tmp`;
  fs.writeFileSync(temp, content);
  try {
    fs.linkSync(temp, lockPath); // fails if a lock exists: atomic on local and network file systems
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function readLock(lockPath: string): string | null {
  try {
    return fs.readFileSync(lockPath, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
