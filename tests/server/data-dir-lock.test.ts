import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '@/server/db/lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'coursedesk-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// PGlite has no lock of its own: two writers on one folder corrupt it, so the server takes one.
describe('the data folder lock', () => {
  const lockFile = (dir: string) => path.join(dir, 'coursedesk.lock');

  it('refuses a second server on the same folder with a message that says what to do', () => {
    const dir = tempDir();
    // Another live process holds the lock (our parent stands in for it).
    fs.writeFileSync(lockFile(dir), `${os.hostname()} ${process.ppid}`);
    expect(() => lockDataDir(dir)).toThrow(
      /Another Coursedesk server \(pid \d+ on .+\) is already using the data folder .*DATA_DIR/,
    );
  });

  it('takes over a lock left by a process of this host that has died, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), `${os.hostname()} 999999999`);
    const unlock = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(`${os.hostname()} ${process.pid}`);
    unlock();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('never guesses about a lock from another host, an unreadable one, or one naming our own pid', () => {
    for (const content of ['other-host 999999999', '', `${os.hostname()} ${process.pid}`]) {
      const dir = tempDir();
      fs.writeFileSync(lockFile(dir), content);
      expect(() => lockDataDir(dir), content).toThrow(/Another Coursedesk server .* If no server is running, delete/);
      expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(content);
    }
  });

  it('releasing leaves alone a lock that another server has written since', () => {
    const dir = tempDir();
    const unlock = lockDataDir(dir);
    fs.writeFileSync(lockFile(dir), 'other-host 42');
    unlock();
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe('other-host 42');
  });
});

/** How long a server child may take to start or to stop on a loaded 2-core machine before the test says so. */
const DEADLINE_MS = 60_000;

/** A real server process on `dir`, on a port the system picks. */
function startServer(dir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: '0',
      LOG: '1',
      SEED_DEMO: '0',
      DATABASE_URL: '',
      STATIC_DIR: dir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d));
  child.stderr.on('data', (d: Buffer) => (output += d));
  return { child, output: () => output };
}
type Server = ReturnType<typeof startServer>;

/**
 * Settles on whichever comes first: `pattern` in the server's output, the end of the process (its streams
 * closed, so all it wrote has been read), or the deadline. Anything but the expected outcome fails with the
 * server's output in the message.
 */
function outcome(server: Server, pattern: RegExp | null) {
  return new Promise<{ match: RegExpMatchArray } | { code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      const { child, output } = server;
      const check = () => {
        const match = pattern && output().match(pattern);
        if (match) finish(() => resolve({ match }));
      };
      const onClose = (code: number | null, signal: NodeJS.Signals | null) => finish(() => resolve({ code, signal }));
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new Error(
                `The server (pid ${child.pid}) neither ${pattern ? `printed ${pattern} nor ` : ''}exited within ` +
                  `${DEADLINE_MS / 1000} s. Its output so far:\n${output()}`,
              ),
            ),
          ),
        DEADLINE_MS,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        child.stdout.off('data', check);
        child.stderr.off('data', check);
        child.off('close', onClose);
        settle();
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      child.on('close', onClose);
      if (child.exitCode !== null || child.signalCode !== null) onClose(child.exitCode, child.signalCode);
      else check();
    },
  );
}

/** SIGTERM, then the end of the process; one that does not end by the deadline is killed, and the test fails. */
async function stop(server: Server) {
  server.child.kill('SIGTERM');
  try {
    return await outcome(server, null);
  } catch (err) {
    server.child.kill('SIGKILL');
    throw err;
  }
}

describe('two real servers on one folder', () => {
  it('the second exits with the message while the first keeps serving', { timeout: 4 * DEADLINE_MS }, async () => {
    const dir = tempDir();
    const first = startServer(dir);
    let stopped;
    try {
      const started = await outcome(first, /Coursedesk on (http:\/\/[^\s"]+)/);
      if (!('match' in started))
        throw new Error(`The first server ended before it listened (${JSON.stringify(started)}):\n${first.output()}`);
      const base = started.match[1]!;

      const second = startServer(dir);
      expect(await outcome(second, null), second.output()).toEqual({ code: 1, signal: null });
      expect(second.output()).toMatch(
        /Another Coursedesk server \(pid \d+ on [^)]+\) is already using the data folder/,
      );
      expect((await fetch(`${base}/api/health`)).ok).toBe(true);
    } finally {
      stopped = await stop(first);
    }
    // SIGTERM closed the database and released the folder.
    expect(stopped, first.output()).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dir, 'coursedesk.lock'))).toBe(false);
  });
});

describe('a close that overruns SHUTDOWN_TIMEOUT_MS', () => {
  it('exits anyway, says what it waited for, and releases the folder', { timeout: 3 * DEADLINE_MS }, async () => {
    const dir = tempDir();
    const server = startServer(dir, { SHUTDOWN_TIMEOUT_MS: '1000' });
    let socket: net.Socket | null = null;
    try {
      const started = await outcome(server, /Coursedesk on http:\/\/127\.0\.0\.1:(\d+)/);
      if (!('match' in started)) throw new Error(`The server ended before it listened:\n${server.output()}`);
      // A request whose body never finishes: the close waits for it.
      socket = net.connect(Number(started.match[1]), '127.0.0.1');
      await new Promise((resolve) => socket!.once('connect', resolve));
      socket.write(
        'POST /api/users/login-admin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      await outcome(server, /"url":"\/api\/users\/login-admin"/); // the request log: it has begun
      const stopped = await stop(server);
      expect(stopped, server.output()).toEqual({ code: 1, signal: null });
      expect(server.output()).toMatch(
        /Closing took over 1 s \(1 requests unanswered: POST \/api\/users\/login-admin \([\d.]+ s\); the database idle\); exiting anyway\./,
      );
      expect(fs.existsSync(path.join(dir, 'coursedesk.lock'))).toBe(false);
    } finally {
      socket?.destroy();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});
