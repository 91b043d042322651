// `feedback-desk sync` killed with SIGKILL at ten moments, resumed each time, ends identical to a clean sync; Ctrl-C;
// one sync per file (a second is refused while the first runs; a killed one's lock is taken over).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { lockPathOf, syncRunning } from '../../src-main/sync/syncLock.ts';
import { canonicalDump, demoToken, runCliProcess, tempDir } from './syncFixtures.ts';

let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ size: 'small', seed: 3, port: 0, host: '127.0.0.1' });
  dir = tempDir('fd-kill-');
  env = { FEEDBACK_DESK_V2_TOKEN: demoToken, FEEDBACK_DESK_DATA_DIR: dir };
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Small pages (ten per transaction) make many commits, so every kill lands between or inside some. */
const syncArgs = (db: string, pageSize = 200): string[] => [
  'sync',
  '--base-url',
  emulator.url,
  '--db',
  db,
  '--page-size',
  String(pageSize),
];

const runStatuses = (db: string): string[] => {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare('SELECT status FROM sync_run ORDER BY sync_run_id').pluck().all() as string[];
  } finally {
    d.close();
  }
};

/** A kill condition: `ms` after the child printed its first line ("Syncing …"). */
function afterStart(ms: number): (stdout: string) => boolean {
  let started: number | null = null;
  return (stdout) => {
    if (started === null && stdout.includes('Syncing ')) started = performance.now();
    return started !== null && performance.now() - started >= ms;
  };
}

describe('sync killed at random moments', () => {
  it('resumes after each of ten SIGKILLs and ends identical to a clean sync', async () => {
    const clean = join(dir, 'clean.sqlite');
    const done = await runCliProcess(syncArgs(clean), env);
    expect(done.stderr).not.toMatch(/feedback-desk sync:/);
    expect(done.code).toBe(0);

    const killed = join(dir, 'killed.sqlite');
    // Moments after the sync has started (its first line is out, however long loading took on a busy machine): a
    // fixed pseudo-random spread over the fetch of the button feedbacks, and, once those are complete, over the
    // other v2 resources and the incremental run's trailing-window swap.
    const moments = [300, 900, 500, 1700, 700, 1300, 200, 2200, 1100, 2800];
    let kills = 0;
    for (const ms of moments) {
      const run = await runCliProcess(syncArgs(killed), env, afterStart(ms));
      if (run.signal === 'SIGKILL') kills++;
      else expect(run.code).toBe(0); // it may finish before the kill on a fast machine
    }
    expect(kills).toBeGreaterThanOrEqual(7);
    const last = await runCliProcess(syncArgs(killed), env);
    expect(last.code).toBe(0);
    // Independent route: the clean file, written by one uninterrupted run, compared row by row (hashes of every
    // fact in key order, of both rollups, of the tree and the cursors without their timestamps).
    expect(canonicalDump(killed)).toEqual(canonicalDump(clean));
    // Runs the kills left 'running' were marked by the next sync; none is left running; nobody holds the lock.
    const statuses = runStatuses(killed);
    expect(statuses).not.toContain('running');
    expect(statuses.filter((s) => s === 'interrupted').length).toBeGreaterThanOrEqual(1);
    expect(syncRunning(killed)).toBeNull();
  });

  it('stops cleanly on Ctrl-C (SIGINT): says so, exits 130, and the next run finishes the same store', async () => {
    // The signal lands as soon as the sync has started, whatever the world's size: the tiny world shows the same
    // (its sync too lasts well past its first line, threads and history search first) and its clean reference and
    // resumed run cost a fifth of the small world's.
    const tiny = await startEmulator({ size: 'tiny', seed: 3, port: 0, host: '127.0.0.1' });
    try {
      const clean = join(dir, 'tiny-clean.sqlite');
      const args = (db: string): string[] => [
        'sync',
        '--base-url',
        tiny.url,
        '--db',
        db,
        '--page-size',
        '200',
      ];
      expect((await runCliProcess(args(clean), env)).code).toBe(0);
      const path = join(dir, 'interrupted.sqlite');
      // Ctrl-C once the sync has started (its first line is out: the signal handler is in place), not at a moment
      // that a slow machine might reach before the process has loaded.
      const run = await runCliProcess(args(path), env, (out) => out.includes('Syncing '), 'SIGINT');
      expect(run.code).toBe(130);
      expect(run.stdout).toMatch(
        /^Cancelled: .* The file is consistent; the next sync resumes where this one stopped\.$/m,
      );
      expect((await runCliProcess(args(path), env)).code).toBe(0);
      expect(canonicalDump(path)).toEqual(canonicalDump(clean));
    } finally {
      await tiny.close();
    }
  });

  it('refuses a second sync on the same file while one runs, and takes over the lock of a killed one', async () => {
    const path = join(dir, 'locked.sqlite');
    // The first is killed only once the second has been refused, whatever the machine's speed.
    let secondDone = false;
    const first = runCliProcess(syncArgs(path, 50), env, () => secondDone);
    while (!syncRunning(path)) await new Promise((r) => setTimeout(r, 20)); // the first holds the lock
    const second = await runCliProcess(syncArgs(path), env);
    secondDone = true;
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(
      /^feedback-desk sync: Another sync is already writing to .*locked\.sqlite \(process \d+ on .*, started .*\)\. Wait for it to finish or stop it, then try again; two syncs never write to one file at once\.\n$/,
    );
    expect((await first).signal).toBe('SIGKILL'); // killed while holding the lock: its file stays behind, unheld
    expect(existsSync(lockPathOf(path))).toBe(true);
    expect(syncRunning(path)).toBeNull(); // at once: the operating system dropped the dead process's lock
    const third = await runCliProcess(syncArgs(path), env);
    expect(third.code).toBe(0);
    expect(canonicalDump(path)).toEqual(canonicalDump(join(dir, 'clean.sqlite')));
  });
});
