// The command line's sync runs with glibc's mmap threshold fixed: bin/feedback-desk.js starts itself again once with
// MALLOC_MMAP_THRESHOLD_ (docs/BENCHMARKS.md 2026-11-28 17:45: smaller and faster first syncs). Read from the running
// process's own environment (/proc/<pid>/environ, as the kernel holds it after the exec) under the process id the
// test started, so the restart keeps the process (nothing left waiting). Linux only: the variable is glibc's.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath } from './syncFixtures.ts';

let dir: string;
let server: Server;
let baseUrl: string;
const held: ServerResponse[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-malloc-'));
  // A service that takes every request and never answers: the sync waits on its first one while the test looks.
  server = createServer((_req, res) => void held.push(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** The variables of a running process, as the kernel holds them. */
function environOf(pid: number): Map<string, string> {
  const pairs = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
}

/**
 * Starts `feedback-desk <args>` and answers its environment once `ready` holds (given it and what the process printed
 * so far), or the last one seen within 10 s.
 */
async function environWhile(
  args: string[],
  env: Record<string, string | undefined>,
  ready: (environ: Map<string, string>, stdout: string) => boolean,
): Promise<Map<string, string>> {
  const child: ChildProcess = spawn(process.execPath, [cliPath, ...args], {
    env: { ...process.env, MALLOC_MMAP_THRESHOLD_: undefined, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  try {
    const pid = child.pid ?? -1;
    let seen = new Map<string, string>();
    for (let i = 0; i < 200; i++) {
      if (child.exitCode !== null) break;
      try {
        seen = environOf(pid);
      } catch {
        break; // gone
      }
      if (ready(seen, stdout)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return seen;
  } finally {
    child.kill('SIGKILL');
  }
}

describe.runIf(process.platform === 'linux')('the command line and the C allocator', () => {
  let stores = 0;
  const sync = () => ['sync', '--base-url', baseUrl, '--db', join(dir, `store-${++stores}.sqlite`)];
  const token = { FEEDBACK_DESK_V2_TOKEN: 'demo-v2-token' };

  it('a sync runs in the same process again with the mmap threshold fixed at 128 KB', async () => {
    const environ = await environWhile(sync(), token, (e) => e.has('MALLOC_MMAP_THRESHOLD_'));
    expect(environ.get('MALLOC_MMAP_THRESHOLD_')).toBe('131072');
    expect(environ.get('FEEDBACK_DESK_V2_TOKEN')).toBe('demo-v2-token'); // the rest of the environment kept
  });

  it('a threshold already given is kept', async () => {
    // Waits until the sync has started (its first request held by the server), then reads what it runs with.
    const before = held.length;
    const environ = await environWhile(
      sync(),
      { ...token, MALLOC_MMAP_THRESHOLD_: '65536' },
      () => held.length > before,
    );
    expect(held.length).toBeGreaterThan(before);
    expect(environ.get('MALLOC_MMAP_THRESHOLD_')).toBe('65536');
  });

  it('other commands are not started again', async () => {
    // Read once the emulator serves (its "Stop with" line): long after any restart would have happened.
    let serving = false;
    const environ = await environWhile(
      ['emulator', '--size', 'tiny', '--port', '0', '--now', '2026-11-21T14:00:00Z'],
      {},
      (_, stdout) => (serving = stdout.includes('Stop with')),
    );
    expect(serving).toBe(true);
    expect(environ.size).toBeGreaterThan(0);
    expect(environ.has('MALLOC_MMAP_THRESHOLD_')).toBe(false);
  });
});
