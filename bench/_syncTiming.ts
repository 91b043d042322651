// For `npm run bench -- queries`: the two totals-bound commands on the synced store, timed as a user runs them (a new
// process each, start to exit): `feedback-desk status` on the store, and an incremental `sync` with nothing new into
// a copy of it, from an emulator serving the same world at the same address as the store's last sync.
import { spawn } from 'node:child_process';
import { closeSync, copyFileSync, fsyncSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';

const cli = join(import.meta.dirname, '../bin/feedback-desk.js');

/** Starts `feedback-desk emulator` in its own process; resolves once it listens. */
export async function startEmulator(
  size: string,
  port: number,
  now: string,
): Promise<{ url: string; pid: number; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [
      cli,
      'emulator',
      '--size',
      size,
      '--port',
      String(port),
      '--now',
      now,
      '--seed',
      '1',
      '--rate-limit',
      '1000000',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let url = '';
  for await (const line of createInterface({ input: child.stdout })) {
    url ||= /Emulator listening on (http:\/\/\S+)/.exec(line)?.[1] ?? '';
    if (url && line.startsWith('World:')) break;
  }
  if (!url) {
    child.kill('SIGTERM');
    throw new Error(`the emulator did not start on port ${port} (is the port taken?)`);
  }
  return { url, pid: child.pid ?? 0, stop: () => void child.kill('SIGTERM') };
}

/** Whether an emulator answers at `origin` with the demo token (a tree of experience points). */
async function answers(origin: string): Promise<boolean> {
  try {
    const r = await fetch(`${origin}/v2/experience-points.json`, {
      headers: { 'X-Svc-API-Token': 'demo-v2-token' },
      signal: AbortSignal.timeout(5000),
    });
    await r.body?.cancel();
    return r.ok;
  } catch {
    return false;
  }
}

/** Runs the CLI in a new process; resolves with the wall-clock seconds from spawn to exit (its output only on failure). */
export function timeCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('exit', (code) =>
      code === 0
        ? resolve((performance.now() - t0) / 1000)
        : reject(new Error(`feedback-desk ${args[0]} exited with ${code}:\n${stderr}`)),
    );
  });
}

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const fmt = (s: number[]): string => `${pct(s, 50).toFixed(2)} / ${pct(s, 95).toFixed(2)} s`;

/** The whole-tree button-feedback checkpoint of a store: where its last sync came from. */
function lastSync(path: string): { origin: string } {
  const db = new Database(path, { readonly: true });
  try {
    const cursor = db
      .prepare("SELECT cursor FROM sync_checkpoint WHERE stream = 'v2:button-feedbacks'")
      .pluck()
      .get();
    const c = typeof cursor === 'string' ? (JSON.parse(cursor) as { source?: unknown }) : {};
    if (typeof c.source !== 'string') throw new Error(`${path} holds no whole-tree sync to continue`);
    return { origin: c.source };
  } finally {
    db.close();
  }
}

/**
 * Prints p50 / p95 of `status` (whole command) on `path`, and of an incremental sync with nothing new into a copy of
 * it (skipped with `withSync` false), the command as a user types it. The emulator listens on the port of the store's
 * last sync (a checkpoint of another address is never resumed) with the benchmark world's seed, size and present; the
 * first, untimed sync catches the copy up with it (and fetches the days before the store's first date, if the
 * account's first day is earlier).
 */
export async function timeTotals(
  path: string,
  o: { runs: number; size: string; now: string; withSync: boolean; log: (line: string) => void },
): Promise<{ statusP95: number; syncP95: number | null }> {
  const status: number[] = [];
  await timeCli(['status', '--db', path]); // warm-up (the compile cache, the file's pages)
  for (let i = 0; i < o.runs; i++) status.push(await timeCli(['status', '--db', path]));
  status.sort((a, b) => a - b);
  o.log(`| \`status\` on the store, whole command | ${fmt(status)} | ≤ 0.5 s |`);
  if (!o.withSync) return { statusP95: pct(status, 95), syncP95: null };
  const { origin } = lastSync(path);
  const port = Number(new URL(origin).port);
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(origin) || !port)
    throw new Error(`the store was synced from ${origin}, not from a local emulator: cannot replay its sync`);
  const dir = mkdtempSync(join(tmpdir(), 'fd-bench-sync-'));
  const copy = join(dir, 'store.sqlite');
  // An emulator already serving on that port (started by hand for the sync bench: `xlarge` takes a minute and 2 GB
  // to generate) is used as it is; else one of the same world is started there.
  const emulator = (await answers(origin))
    ? { url: origin, stop: () => undefined }
    : await startEmulator(o.size, port, o.now);
  try {
    copyFileSync(path, copy);
    // The copy's pages reach the disk before the runs: their write-back is not part of any run.
    const fd = openSync(copy, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    const env = { ...process.env, FEEDBACK_DESK_V2_TOKEN: 'demo-v2-token' };
    const args = ['sync', '--base-url', emulator.url, '--db', copy, '--source', 'v2'];
    const first = await timeCli(args, env); // brings the copy up to the emulator's present
    const runs: number[] = [];
    for (let i = 0; i < o.runs; i++) runs.push(await timeCli(args, env));
    runs.sort((a, b) => a - b);
    o.log(
      `| incremental \`sync\` with nothing new (trailing days re-fetched and compared), whole command | ${fmt(runs)} | ≤ 2 s |`,
    );
    o.log(`\n(the first sync into the copy, which caught up with the emulator, took ${first.toFixed(1)} s)`);
    return { statusP95: pct(status, 95), syncP95: pct(runs, 95) };
  } finally {
    emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
