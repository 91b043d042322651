// Killing the resource sync (SIGKILL, mid-stream of alerts and feedback lists) and resuming, or cancelling it and
// resuming, ends with exactly the store a clean run gives (every table of 0004 and every checkpoint compared).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { openStore } from '../../src-main/store/db.ts';
import { syncV2Resources } from '../../src-main/sync/v2Resources.ts';
import { fullToken, now, resourceDump, tempDir, since } from './sync-v2-resources-support.ts';

let emulator: RunningEmulator;
let dir: string;
const child = join(import.meta.dirname, 'sync-v2-resources-child.ts');

beforeAll(async () => {
  emulator = await startEmulator({ size: 'small', seed: 5, port: 0, host: '127.0.0.1', now });
  dir = tempDir();
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the child; with `killAt`, SIGKILLs it as soon as it reports that many pages of that stream. */
function run(
  db: string,
  killAt?: { stream: string; pages: number },
): Promise<{ killed: boolean; code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, emulator.url, db, '500'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    p.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (killAt && !killed && stdout.includes(`\n${killAt.stream} running ${killAt.pages}\n`)) {
        killed = p.kill('SIGKILL');
      }
    });
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('error', reject);
    p.on('exit', (code, signal) => resolve({ killed: killed && signal === 'SIGKILL', code, stdout, stderr }));
  });
}

describe('resource sync interrupted and resumed', () => {
  let clean: Record<string, string>;

  beforeAll(async () => {
    const path = join(dir, 'clean.sqlite');
    const done = await run(path);
    expect(done.stderr).toBe('');
    expect(done.stdout).toContain('RESULT done');
    clean = resourceDump(path);
  });

  it('after SIGKILLs inside alerts and several feedback lists, ends identical to a clean run', async () => {
    const path = join(dir, 'killed.sqlite');
    const moments = [
      { stream: 'v2:alerts', pages: 1 },
      { stream: 'v2:follow-up-feedbacks', pages: 4 },
      { stream: 'v2:text-feedbacks', pages: 2 },
      { stream: 'v2:metadata', pages: 7 },
      { stream: 'v2:metadata', pages: 20 },
    ];
    let kills = 0;
    for (const killAt of moments) {
      const r = await run(path, killAt);
      if (r.killed) kills++;
      else expect(r.stdout).toContain('RESULT done'); // finished before the moment came
    }
    expect(kills).toBe(moments.length);
    // A killed run left a window half done: its checkpoint is a resumable cursor, not a finished one.
    expect(resourceDump(path).checkpoints).toContain('\\"complete\\":false'); // cursor JSON inside JSON
    const last = await run(path);
    expect(last.stdout).toContain('RESULT done');
    expect(resourceDump(path)).toEqual(clean);
  });

  it('after a cancel in the middle of a list, ends identical too', async () => {
    const path = join(dir, 'cancelled.sqlite');
    const client = createV2Client({ baseUrl: emulator.url, token: fullToken });
    let store = openStore(path);
    store.tree.replace(await client.experiencePoints());
    const controller = new AbortController();
    const first = await syncV2Resources({
      store,
      client,
      now: () => now,
      since,
      pageSize: 500,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stream === 'v2:demographics' && p.pages === 2) controller.abort();
      },
    });
    expect(first.status).toBe('cancelled');
    expect(first.streams.at(-1)).toMatchObject({ stream: 'v2:demographics', status: 'cancelled' });
    const stopped = store.checkpoints.get('v2:demographics') as { windowStart: string; offset: number };
    expect(stopped.offset).toBeGreaterThan(0);
    store.close();
    store = openStore(path);
    const seen: URL[] = [];
    const watched = createV2Client({
      baseUrl: emulator.url,
      token: fullToken,
      fetch: (input, init) => (seen.push(new URL(String(input))), fetch(input, init)),
    });
    const second = await syncV2Resources({ store, client: watched, now: () => now, since, pageSize: 500 });
    store.close();
    expect(second.status).toBe('done');
    // It went on from the stored window and offset, not from the start.
    const resumed = seen.find((u) => u.pathname.endsWith('demographics.json'));
    expect([resumed?.searchParams.get('startDate'), resumed?.searchParams.get('offset')]).toEqual([
      stopped.windowStart,
      String(stopped.offset),
    ]);
    expect(resourceDump(path)).toEqual(clean);
  });
});
