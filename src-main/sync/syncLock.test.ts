// The sync lock: one sync per file across threads and processes; a holder that died (killed, crashed, out of disk)
// frees it at once, a live one is always refused, and the message names the holder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncLockedError, acquireSyncLock, lockPathOf, syncRunning } from './syncLock.ts';

let dir: string;
let db: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-lock-'));
  db = join(dir, 'a.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const locked = (path: string, who: string): string =>
  `Another sync is already writing to ${path} (${who}). Wait for it to finish or stop it, then try again; two syncs never write to one file at once.`;

function thread(path: string): { worker: Worker; next(): Promise<string> } {
  const worker = new Worker(new URL('./syncLockTestThread.ts', import.meta.url), { workerData: { path } });
  const queue: string[] = [];
  const waiting: ((m: string) => void)[] = [];
  worker.on('message', (m: string) => {
    const w = waiting.shift();
    if (w) w(m);
    else queue.push(m);
  });
  return {
    worker,
    next: () => {
      const m = queue.shift();
      return m !== undefined ? Promise.resolve(m) : new Promise((r) => waiting.push(r));
    },
  };
}

describe('sync lock', () => {
  it('is taken once: a second taker in the same process is refused until the first releases', () => {
    const lock = acquireSyncLock(db, () => new Date('2026-01-02T03:04:05Z'));
    expect(syncRunning(db)).toEqual({
      pid: process.pid,
      host: hostname(),
      startedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(() => acquireSyncLock(db)).toThrow(SyncLockedError);
    expect(() => acquireSyncLock(db)).toThrow(
      locked(db, `process ${process.pid} on ${hostname()}, started 2026-01-02T03:04:05.000Z`),
    );
    lock.release();
    expect(syncRunning(db)).toBeNull();
    acquireSyncLock(db).release();
  });

  it('refuses a worker thread while this thread holds it, and this thread while a worker holds it', async () => {
    const lock = acquireSyncLock(db, () => new Date('2026-01-02T03:04:05Z'));
    const first = thread(db);
    expect(await first.next()).toBe(
      `refused: ${locked(db, `process ${process.pid} on ${hostname()}, started 2026-01-02T03:04:05.000Z`)}`,
    );
    await first.worker.terminate();
    lock.release();
    const second = thread(db);
    expect(await second.next()).toBe('held');
    expect(() => acquireSyncLock(db)).toThrow(/started 2026-03-04T05:06:07.000Z/);
    expect(syncRunning(db)).toMatchObject({ startedAt: '2026-03-04T05:06:07.000Z' });
    // A thread ended while holding it (terminate closes its connections) leaves it free.
    await second.worker.terminate();
    expect(syncRunning(db)).toBeNull();
    acquireSyncLock(db).release();
  });

  it('is free at once after its holder process is killed, and refused while that process runs', async () => {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--input-type=module',
        '-e',
        // The holder drops its SyncLock and collects garbage before it says so: the lock must outlive that (a
        // connection nobody references is closed by the collector; CI once met the lock gone that way).
        `import { acquireSyncLock } from ${JSON.stringify(new URL('./syncLock.ts', import.meta.url).href)};
         acquireSyncLock(${JSON.stringify(db)});
         for (let i = 0; i < 2; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 50)); }
         console.log('held'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((r) => child.once('exit', r));
    try {
      await new Promise<void>((resolve) =>
        child.stdout.on('data', (d: Buffer) => d.includes('held') && resolve()),
      );
      expect(() => acquireSyncLock(db)).toThrow(new RegExp(`process ${child.pid} on `));
      expect(syncRunning(db)?.pid).toBe(child.pid);
    } finally {
      child.kill('SIGKILL'); // also when an expectation failed: a live child would keep the test run from ending
    }
    await exited;
    // No waiting, no age: the operating system dropped the dead process's lock.
    expect(syncRunning(db)).toBeNull();
    acquireSyncLock(db).release();
  });

  it('takes over an empty lock file at once (what a full disk used to leave) and a dead old-style one', () => {
    writeFileSync(lockPathOf(db), '');
    expect(syncRunning(db)).toBeNull();
    acquireSyncLock(db).release();
    // An older version's JSON lock: a pid far above pid_max (2^22 on Linux) belongs to no process.
    writeFileSync(lockPathOf(db), JSON.stringify({ pid: 99_999_999, host: hostname(), startedAt: 'x' }));
    expect(syncRunning(db)).toBeNull();
    acquireSyncLock(db).release();
  });

  it("honours an older version's lock while its process runs, or when it is another machine's", () => {
    writeFileSync(lockPathOf(db), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 'x' }));
    expect(() => acquireSyncLock(db)).toThrow(
      locked(db, `process ${process.pid} on ${hostname()}, started x`),
    );
    writeFileSync(lockPathOf(db), JSON.stringify({ pid: 1, host: 'elsewhere', startedAt: 'x' }));
    expect(syncRunning(db)).toMatchObject({ host: 'elsewhere' });
    expect(() => acquireSyncLock(db)).toThrow(/process 1 on elsewhere/);
  });

  it('needs no lock for an in-memory store', () => {
    acquireSyncLock(':memory:').release();
    acquireSyncLock(':memory:').release();
  });
});
