// The command line's sync runs with glibc's mmap threshold fixed and V8's heap bounded, on the process's own thread:
// bin/feedback-desk.js starts itself again once with MALLOC_MMAP_THRESHOLD_ and the sync thread's heap flags
// (docs/BENCHMARKS.md 2026-11-28 17:45 and 20:30: smaller first syncs). Read from the running process as the kernel
// holds it after the exec (/proc/<pid>/environ, cmdline, its threads' names) under the process id the test started,
// so the restart keeps the process (nothing left waiting). Linux only: the variable is glibc's, the restart Linux's.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncThreadName } from '../../src-main/sync/syncRunner.ts';
import { cliPath } from './syncFixtures.ts';

let dir: string;
let server: Server;
let baseUrl: string;
const held: ServerResponse[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-malloc-'));
  // A service that answers the sync's probe (any answer but a lost connection lets it start) and holds every other
  // request: the sync waits on its first one while the test looks.
  server = createServer((req, res) => {
    if (req.url?.includes('token/introspect'))
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    else held.push(res);
  });
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

/** A running process as the kernel holds it: its variables, its arguments, its threads' names. */
interface Seen {
  environ: Map<string, string>;
  argv: string[];
  threads: string[];
}

/** What seenWhile saw, and what the process printed and its exit code if it had ended (for a failure's message). */
type SeenWhile = Seen & { output: { stdout: string; stderr: string; exitCode: number | null } };

function seenOf(pid: number): Seen {
  const tasks = readdirSync(`/proc/${pid}/task`);
  return {
    environ: environOf(pid),
    argv: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean),
    threads: tasks.map((t) => readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim()),
  };
}

/**
 * Starts `feedback-desk <args>` and answers what the process is once `ready` holds (given its environment and what
 * the process printed so far), or the last one seen within 60 s (a guard: at load 10 a sync's first request came
 * after more than 10 s).
 */
async function seenWhile(
  args: string[],
  env: Record<string, string | undefined>,
  ready: (environ: Map<string, string>, stdout: string) => boolean,
  nodeFlags: string[] = [],
): Promise<SeenWhile> {
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, cliPath, ...args], {
    env: { ...process.env, MALLOC_MMAP_THRESHOLD_: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    const pid = child.pid ?? -1;
    let seen: Seen = { environ: new Map(), argv: [], threads: [] };
    const deadline = performance.now() + 60_000;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) break;
      try {
        seen = seenOf(pid);
        if (ready(seen.environ, stdout)) break;
      } catch {
        // Gone, or one of its threads ended between the list of its threads and the read of its name (under load):
        // only the first ends the wait.
        if (child.exitCode !== null || !existsSync(`/proc/${pid}`)) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { ...seen, output: { stdout, stderr, exitCode: child.exitCode } };
  } finally {
    child.kill('SIGKILL');
  }
}

const environWhile = async (...a: Parameters<typeof seenWhile>): Promise<Map<string, string>> =>
  (await seenWhile(...a)).environ;

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

  it("a sync runs on the process's own thread, its heap bounded as the sync thread's would be", async () => {
    // Waits until the sync has started (its first request after the probe held by the server): a sync on a thread of
    // its own has that thread by then, named (syncRunner.ts) in the system's list of the process's threads.
    const before = held.length;
    const seen = await seenWhile(
      sync(),
      token,
      (e) => held.length > before && e.has('MALLOC_MMAP_THRESHOLD_'),
    );
    expect(held.length).toBeGreaterThan(before);
    const flags = seen.argv.slice(0, seen.argv.indexOf(cliPath));
    expect(flags).toEqual(
      expect.arrayContaining(['--max-semi-space-size=4', '--max-old-space-size=512', '--expose-gc']),
    );
    expect(seen.threads).toContain('MainThread');
    expect(seen.threads).not.toContain(syncThreadName);
  });

  it('other commands are not started again', async () => {
    // Read once the emulator serves (its "Stop with" line): long after any restart would have happened.
    let serving = false;
    const { environ, output } = await seenWhile(
      ['emulator', '--size', 'tiny', '--port', '0', '--now', '2026-11-21T14:00:00Z'],
      {},
      (_, stdout) => (serving = stdout.includes('Stop with')),
    );
    expect(serving, JSON.stringify(output)).toBe(true);
    expect(environ.size).toBeGreaterThan(0);
    expect(environ.has('MALLOC_MMAP_THRESHOLD_')).toBe(false);
  });

  it('a sync given heap flags of its own is started again once, with them after the bounds (the last one wins)', async () => {
    const before = held.length;
    // Read once this process runs again with the bounds (its environment then holds the threshold the restart sets)
    // and has asked for something: a request of an earlier test's process may reach the server late, under load.
    const seen = await seenWhile(
      sync(),
      token,
      (e) => held.length > before && e.has('MALLOC_MMAP_THRESHOLD_'),
      ['--max-old-space-size=300'],
    );
    const flags = seen.argv.slice(0, seen.argv.indexOf(cliPath));
    expect(flags.filter((f) => f.startsWith('--max-old-space-size='))).toEqual([
      '--max-old-space-size=512',
      '--max-old-space-size=300',
    ]);
    expect(flags.filter((f) => f === '--expose-gc')).toHaveLength(1);
  });
});
