// Killing a v1 sync process with SIGKILL after different numbers of committed windows and resuming each time gives
// v1 tables identical to a clean sync (compared table by table as hashes of every row in key order).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { v1Dump, worldNow } from './sync-v1-support.ts';
import { tempDir } from './syncFixtures.ts';

let emulator: RunningEmulator;
let dir: string;
const child = join(import.meta.dirname, 'sync-v1-child.ts');

beforeAll(async () => {
  emulator = await startEmulator({ size: 'tiny', seed: 5, now: worldNow });
  dir = tempDir('fd-v1-kill-');
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the child; with `killAt`, SIGKILLs it as soon as it reports that many committed windows. */
function run(
  db: string,
  killAt?: number,
): Promise<{ signal: NodeJS.Signals | null; code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, emulator.url, db], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (killAt !== undefined && out.includes(`window ${killAt}\n`)) proc.kill('SIGKILL');
    });
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`child failed (${code}): ${err}`));
      else resolve({ signal, code, out });
    });
  });
}

describe('v1 sync killed and resumed', () => {
  it('ends identical to a clean sync after SIGKILLs at ten different moments', async () => {
    const clean = join(dir, 'clean.sqlite');
    const done = await run(clean);
    expect(done.out).toMatch(/^done$/m);
    const windows = done.out.split('\n').filter((l) => l.startsWith('window ')).length;
    expect(windows).toBeGreaterThan(20);

    const killed = join(dir, 'killed.sqlite');
    let kills = 0;
    // Each run resumes after the windows already committed, so "after k more windows" moves through the sync.
    for (const k of [1, 2, 3, 1, 5, 2, 8, 1, 4, 3]) {
      const r = await run(killed, k);
      if (r.signal === 'SIGKILL') kills++;
    }
    expect(kills).toBe(10);
    const last = await run(killed);
    expect(last.out).toMatch(/^done$/m);
    expect(v1Dump(killed)).toEqual(v1Dump(clean));
  });
});
