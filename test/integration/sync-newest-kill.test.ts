// A first sync killed (SIGKILL) while it fills in history backwards — mid-window, between windows, and while the
// resumed run first re-fetches its trailing days — then resumed, ends with exactly the store a clean sync gives.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { resourceDump } from './sync-v2-resources-support.ts';
import { canonicalDump, tempDir } from './syncFixtures.ts';

const now = new Date('2026-11-21T14:00:00Z');
let emulator: RunningEmulator;
let dir: string;
const child = join(import.meta.dirname, 'sync-newest-child.ts');

beforeAll(async () => {
  emulator = await startEmulator({ size: 'small', seed: 3, port: 0, host: '127.0.0.1', now });
  dir = tempDir('fd-newest-kill-');
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the child; with `killAt`, SIGKILLs it as soon as a line it printed is that one (e.g. `v2:history running 3`). */
function run(
  db: string,
  killAt?: string,
): Promise<{ killed: boolean; code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, emulator.url, db, '1000', now.toISOString()], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    p.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (killAt && !killed && `\n${stdout}`.includes(`\n${killAt}\n`)) killed = p.kill('SIGKILL');
    });
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('error', reject);
    p.on('exit', (code, signal) => resolve({ killed: killed && signal === 'SIGKILL', code, stdout, stderr }));
  });
}

const coverages = (stdout: string): string[] =>
  [...stdout.matchAll(/^coverage (\S+)$/gm)].map((m) => m[1] ?? '');

describe('a newest-first sync killed while it fills in history', () => {
  it('resumes after each kill and ends identical to a clean sync', async () => {
    const clean = join(dir, 'clean.sqlite');
    const done = await run(clean);
    expect(done.stderr).toBe('');
    expect(done.stdout).toContain('RESULT done');
    // The clean run: the newest window first (its coverage said before any history page), then the history, its
    // coverage moving back window by window to 'complete'.
    const cleanCoverage = coverages(done.stdout);
    expect(cleanCoverage.length).toBeGreaterThan(3);
    expect(cleanCoverage.at(-1)).toBe('complete');
    expect(done.stdout.indexOf('coverage ')).toBeLessThan(done.stdout.indexOf('v2:history running'));

    const killed = join(dir, 'killed.sqlite');
    // Each kill condition is a line the child prints: page 3 of the history (inside its first window); the second
    // coverage (a history window committed); the resumed run's first trailing-window page (its backfill pending);
    // page 12 of the history further back (pages of 1000: many commits per window, six runs in a few minutes).
    const kills = [
      'v2:history running 3',
      `coverage ${cleanCoverage[1] ?? ''}`,
      'v2:button-feedbacks running 1',
      'v2:history running 12',
    ];
    const seen: string[][] = [];
    for (const at of kills) {
      const r = await run(killed, at);
      expect(r.stderr).toBe('');
      expect(r.killed).toBe(true); // each moment lies inside the run, so the kill lands
      seen.push(coverages(r.stdout));
    }
    // The killed runs stopped before history was complete, and the later ones resumed further back.
    expect(seen.flat()).not.toContain('complete');
    const last = await run(killed);
    expect(last.stdout).toContain('RESULT done');
    expect(coverages(last.stdout).at(-1)).toBe('complete');
    // Independent route: the clean file, written by one uninterrupted run, compared row by row (every press, both
    // rollups, the tree, the cursors without their timestamps; every other v2 table and checkpoint).
    expect(canonicalDump(killed)).toEqual(canonicalDump(clean));
    expect(resourceDump(killed)).toEqual(resourceDump(clean));
  }, 600_000);
});
