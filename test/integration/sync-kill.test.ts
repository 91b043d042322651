// `feedback-desk sync` killed with SIGKILL at ten moments, resumed each time, ends identical to a clean sync; Ctrl-C;
// one sync per file (a second is refused while the first runs; a killed one's lock is taken over).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src-main/emulator/index.ts';
import type { RunningEmulator } from '../../src-main/emulator/index.ts';
import { lockPathOf } from '../../src-main/sync/syncLock.ts';
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

/** Small pages (five per transaction) make many commits, so every kill lands between or inside some. */
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

describe('sync killed at random moments', () => {
  it('resumes after each of ten SIGKILLs and ends identical to a clean sync', async () => {
    const clean = join(dir, 'clean.sqlite');
    const done = await runCliProcess(syncArgs(clean), env);
    expect(done.stderr).not.toMatch(/feedback-desk sync:/);
    expect(done.code).toBe(0);

    const killed = join(dir, 'killed.sqlite');
    // Moments after spawn (≈0.4 s to load): a fixed pseudo-random spread over the fetch of the button feedbacks,
    // and, once those are complete, over the other v2 resources and the incremental run's trailing-window swap.
    const moments = [700, 1300, 900, 2100, 1100, 1700, 600, 2600, 1500, 3200];
    let kills = 0;
    for (const ms of moments) {
      const run = await runCliProcess(syncArgs(killed), env, ms);
      if (run.signal === 'SIGKILL') kills++;
      else expect(run.code).toBe(0); // it may finish before the kill on a fast machine
    }
    expect(kills).toBeGreaterThanOrEqual(7);
    const last = await runCliProcess(syncArgs(killed), env);
    expect(last.code).toBe(0);
    // Independent route: the clean file, written by one uninterrupted run, compared row by row (hashes of every
    // fact in key order, of both rollups, of the tree and the cursors without their timestamps).
    expect(canonicalDump(killed)).toEqual(canonicalDump(clean));
    // Runs the kills left 'running' were marked by the next sync; none is left running; the lock is gone.
    const statuses = runStatuses(killed);
    expect(statuses).not.toContain('running');
    expect(statuses.filter((s) => s === 'interrupted').length).toBeGreaterThanOrEqual(1);
    expect(existsSync(lockPathOf(killed))).toBe(false);
  });

  it('stops cleanly on Ctrl-C (SIGINT): says so, exits 130, and the next run finishes the same store', async () => {
    const path = join(dir, 'interrupted.sqlite');
    const run = await runCliProcess(syncArgs(path), env, 1200, 'SIGINT');
    expect(run.code).toBe(130);
    expect(run.stdout).toMatch(
      /^Cancelled: .* The file is consistent; the next sync resumes where this one stopped\.$/m,
    );
    expect((await runCliProcess(syncArgs(path), env)).code).toBe(0);
    expect(canonicalDump(path)).toEqual(canonicalDump(join(dir, 'clean.sqlite')));
  });

  it('refuses a second sync on the same file while one runs, and takes over the lock of a killed one', async () => {
    const path = join(dir, 'locked.sqlite');
    const first = runCliProcess(syncArgs(path, 50), env, 4000);
    await new Promise((r) => setTimeout(r, 1500)); // the first has loaded and taken the lock
    const second = await runCliProcess(syncArgs(path), env);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(
      /^feedback-desk sync: Another sync is already writing to .*locked\.sqlite \(process \d+ on .*, started .*\)\. Wait for it to finish or stop it, then try again; two syncs never write to one file at once\.\n$/,
    );
    expect((await first).signal).toBe('SIGKILL'); // killed while holding the lock: its lock file stays behind
    expect(existsSync(lockPathOf(path))).toBe(true);
    const third = await runCliProcess(syncArgs(path), env);
    expect(third.code).toBe(0);
    expect(canonicalDump(path)).toEqual(canonicalDump(join(dir, 'clean.sqlite')));
  });
});
