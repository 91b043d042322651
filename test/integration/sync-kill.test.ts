// Killing `feedback-desk sync` with SIGKILL at several moments and resuming gives a store identical to a clean sync.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src-main/emulator/index.ts';
import type { RunningEmulator } from '../../src-main/emulator/index.ts';
import { canonicalDump, demoToken, tempDir } from './syncFixtures.ts';

let emulator: RunningEmulator;
let dir: string;
const cliPath = join(import.meta.dirname, '../../bin/feedback-desk.js');

beforeAll(async () => {
  emulator = await startEmulator({ size: 'small', seed: 3, port: 0, host: '127.0.0.1' });
  dir = tempDir('fd-kill-');
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI; with `killAfterMs`, sends it `killSignal` then (if still running). Resolves with how it ended. */
function runSync(
  db: string,
  killAfterMs?: number,
  killSignal: NodeJS.Signals = 'SIGKILL',
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [cliPath, 'sync', '--base-url', emulator.url, '--db', db, '--page-size', '1000'],
      {
        env: { ...process.env, FEEDBACK_DESK_V2_TOKEN: demoToken, FEEDBACK_DESK_DATA_DIR: dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer =
      killAfterMs === undefined ? undefined : setTimeout(() => child.kill(killSignal), killAfterMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('sync killed at random moments', () => {
  it('resumes after each SIGKILL and ends identical to a clean sync', async () => {
    const clean = join(dir, 'clean.sqlite');
    const done = await runSync(clean);
    expect(done.stderr).not.toMatch(/feedback-desk sync:/);
    expect(done.code).toBe(0);

    const killed = join(dir, 'killed.sqlite');
    // Moments from process start (≈0.3 s to load) through the middle of the sync; a fixed pseudo-random spread.
    const moments = [350, 1400, 700, 2300, 1000, 1900, 500];
    let kills = 0;
    for (const ms of moments) {
      const run = await runSync(killed, ms);
      if (run.signal === 'SIGKILL') kills++;
      else expect(run.code).toBe(0); // it may finish before the kill on a fast machine
    }
    expect(kills).toBeGreaterThanOrEqual(4);
    const last = await runSync(killed);
    expect(last.code).toBe(0);
    expect(canonicalDump(killed)).toEqual(canonicalDump(clean));
  });

  it('stops cleanly on Ctrl-C (SIGINT): says so, exits 130, and the next run finishes the same store', async () => {
    const path = join(dir, 'interrupted.sqlite');
    const run = await runSync(path, 1200, 'SIGINT');
    expect(run.code).toBe(130);
    expect(run.stdout).toMatch(
      /^Cancelled: .* The file is consistent; the next sync resumes where this one stopped\.$/m,
    );
    expect((await runSync(path)).code).toBe(0);
    expect(canonicalDump(path)).toEqual(canonicalDump(join(dir, 'clean.sqlite')));
  });
});
