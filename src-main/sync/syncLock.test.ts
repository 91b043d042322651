// The file lock: one sync per file, a dead holder's lock taken over, a live one (this process too) refused.
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncLockedError, acquireSyncLock, lockPathOf, syncRunning } from './syncLock.ts';

let dir: string;
let db: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-lock-'));
  db = join(dir, 'a.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('sync lock', () => {
  it('is taken once: a second taker in the same process is refused until the first releases', () => {
    const lock = acquireSyncLock(db, () => new Date('2026-01-02T03:04:05Z'));
    expect(syncRunning(db)).toMatchObject({ pid: process.pid, startedAt: '2026-01-02T03:04:05.000Z' });
    expect(() => acquireSyncLock(db)).toThrow(SyncLockedError);
    expect(() => acquireSyncLock(db)).toThrow(
      `Another sync is already writing to ${db} (process ${process.pid} on ${hostname()}, started 2026-01-02T03:04:05.000Z).`,
    );
    lock.release();
    expect(syncRunning(db)).toBeNull();
    acquireSyncLock(db).release();
  });

  it('takes over the lock of a process that no longer runs, and of a lock left unwritten long ago', () => {
    // A pid far above pid_max (2^22 on Linux) belongs to no process.
    writeFileSync(lockPathOf(db), JSON.stringify({ pid: 99_999_999, host: hostname(), startedAt: 'x' }));
    expect(syncRunning(db)).toBeNull();
    const lock = acquireSyncLock(db, () => new Date('2026-01-02T03:04:05Z'));
    expect(JSON.parse(readFileSync(lockPathOf(db), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    writeFileSync(lockPathOf(db), '');
    expect(() => acquireSyncLock(db)).toThrow(SyncLockedError); // being written right now, perhaps
    // A minute older than the file system says it is (its clock, not this process's, dates the lock).
    const old = new Date(statSync(lockPathOf(db)).mtimeMs - 60_000);
    utimesSync(lockPathOf(db), old, old);
    acquireSyncLock(db).release();
  });

  it('counts a lock held on another machine as live (it cannot be checked)', () => {
    writeFileSync(lockPathOf(db), JSON.stringify({ pid: 1, host: 'elsewhere', startedAt: 'x' }));
    expect(syncRunning(db)).toMatchObject({ host: 'elsewhere' });
    expect(() => acquireSyncLock(db)).toThrow(/process 1 on elsewhere/);
  });

  it('needs no lock for an in-memory store', () => {
    acquireSyncLock(':memory:').release();
    acquireSyncLock(':memory:').release();
  });
});
