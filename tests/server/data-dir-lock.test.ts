import fs from 'node:fs';
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

describe('two real servers on one folder', () => {
  it('the second exits with the message while the first keeps serving', async () => {
    const { spawn } = await import('node:child_process');
    const dir = tempDir();
    const start = (port: number) =>
      spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
        env: {
          ...process.env,
          DATA_DIR: dir,
          PORT: String(port),
          LOG: '0',
          SEED_DEMO: '0',
          DATABASE_URL: '',
          STATIC_DIR: dir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    // Each project (PGlite, PostgreSQL) runs this file, maybe at the same time: its own ports.
    const port = process.env.TEST_DB === 'postgres' ? 4303 : 4301;
    const first = start(port);
    try {
      for (let i = 0; i < 120; i++) {
        if (
          await fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const second = start(port + 1);
      let stderr = '';
      second.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise((r) => second.on('exit', r));
      expect(code).toBe(1);
      expect(stderr).toMatch(/Another Coursedesk server \(pid \d+ on [^)]+\) is already using the data folder/);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true);
    } finally {
      first.kill('SIGTERM');
      await new Promise((r) => first.on('exit', r));
    }
    // SIGTERM closed the database and released the folder.
    expect(fs.existsSync(path.join(dir, 'coursedesk.lock'))).toBe(false);
  });
});
