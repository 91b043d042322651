// v1 newest first (syncV1 with firstWindowDays, as runSync asks for a first sync): every survey's newest 62 days are
// fetched and stored before any day of its history, the coverage says so, then the history is filled in going back.
// The result equals a one-pass sync; a sync SIGKILLed in its history and resumed equals the clean one. Tiny world.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryCoverage } from '#shared/contract.ts';
import { createV1Client } from '../../src-main/api/v1/client.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { openStore } from '../../src-main/store/db.ts';
import { syncV1 } from '../../src-main/sync/syncV1.ts';
import { v1Dump, worldNow } from './sync-v1-support.ts';
import { tempDir } from './syncFixtures.ts';

let emulator: RunningEmulator;
let dir: string;
const child = join(import.meta.dirname, 'sync-v1-child.ts');
beforeAll(async () => {
  emulator = await startEmulator({ size: 'tiny', seed: 5, now: worldNow });
  dir = tempDir('fd-v1-newest-');
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

// By hand: today (UTC) 2026-11-21; the run ends the day after tomorrow, 2026-11-23; 62 days before today: 09-20.
const recentFrom = '2026-09-20';

type Seen =
  | { kind: 'raw'; survey: number; start: string; end: string }
  | { kind: 'coverage'; coverage: HistoryCoverage; before: number; from: number };

/** Presses stored before and from a local day (plain SQL over the generated local day). */
function pressesAround(path: string, day: string): { before: number; from: number } {
  const db = new Database(path, { readonly: true });
  try {
    const sum = (op: string): number =>
      Number(
        db.prepare(`SELECT coalesce(sum(presses), 0) FROM v1_press WHERE local_day ${op} ?`).pluck().get(day),
      );
    return { before: sum('<'), from: sum('>=') };
  } finally {
    db.close();
  }
}

/** A v1 sync into `path`, newest first or in one pass: the raw-result requests and the coverage events, in order. */
async function syncLogged(path: string, firstWindowDays: number): Promise<Seen[]> {
  const seen: Seen[] = [];
  const client = createV1Client({
    ...{ baseUrl: emulator.url, clientId: 'demo-client', token: 'demo-token', backoffMs: 5 },
    fetch: (input, init) => {
      const url = new URL(String(input));
      const raw = /\/surveys\/(\d+)\/rawresults$/.exec(url.pathname);
      const q = url.searchParams;
      if (raw)
        seen.push({
          kind: 'raw',
          survey: Number(raw[1]),
          start: q.get('date_start') ?? '',
          end: q.get('date_end') ?? '',
        });
      return fetch(input, init);
    },
  });
  const store = openStore(path);
  try {
    const r = await syncV1({
      ...{ store, client, now: () => worldNow, windowDays: 60, firstWindowDays },
      onProgress: (p) => {
        if (p.coverage)
          seen.push({ kind: 'coverage', coverage: p.coverage, ...pressesAround(path, recentFrom) });
      },
    });
    expect(r.status).toBe('done');
  } finally {
    store.close();
  }
  return seen;
}

function run(db: string, killAt?: string): Promise<{ killed: boolean; out: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, emulator.url, db, 'newest'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let killed = false;
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (killAt && !killed && out.includes(`${killAt}\n`)) killed = proc.kill('SIGKILL');
    });
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`child failed (${code}): ${err}`));
      else resolve({ killed: killed && signal === 'SIGKILL', out });
    });
  });
}

describe('a first v1 sync, newest first', () => {
  const clean = (): string => join(dir, 'newest.sqlite');

  it('stores every survey newest 62 days first, then its history going back, and ends as one pass does', async () => {
    const seen = await syncLogged(clean(), 62);
    const first = seen.findIndex((s) => s.kind === 'coverage');
    expect(first).toBeGreaterThan(0);
    const ready = seen[first];
    // Said once the newest days are stored, and nothing older is; v1 named as what is still syncing.
    expect(ready).toMatchObject({ coverage: { pending: [{ part: 'v1', completeFrom: recentFrom }] } });
    expect(ready?.kind === 'coverage' && ready.from).toBeGreaterThan(0);
    expect(ready?.kind === 'coverage' && ready.before).toBe(0);
    // Before it, only the newest days: from local midnight of 09-20 (an instant after 09-19 in every zone) to the
    // run's end (a survey whose periods end sooner stops there).
    const raw = (s: Seen): s is Extract<Seen, { kind: 'raw' }> => s.kind === 'raw';
    const recent = seen.slice(0, first).filter(raw);
    expect(recent.length).toBeGreaterThan(0);
    for (const r of recent) expect(r.start >= '2026-09-19' && r.end < '2026-11-24').toBe(true);
    // After it, each survey's windows end where the previous one began: before the newest days, going back.
    const history = seen.slice(first).filter(raw);
    expect(history.length).toBeGreaterThan(recent.length);
    const ends = new Map<number, string[]>();
    for (const r of history) ends.set(r.survey, [...new Set([...(ends.get(r.survey) ?? []), r.end])]);
    for (const list of ends.values()) {
      expect(list[0] !== undefined && list[0] < '2026-09-21').toBe(true);
      expect([...list].sort().reverse()).toEqual(list);
    }
    // The last coverage says nothing is pending; what the file held at the first equals the end's newest days.
    const last = seen.findLast((s) => s.kind === 'coverage');
    expect(last?.kind === 'coverage' && last.coverage.pending).toEqual([]);
    const end = pressesAround(clean(), recentFrom);
    expect(ready?.kind === 'coverage' && ready.from).toBe(end.from);
    expect(end.before).toBeGreaterThan(0);
    // Independent route: one pass from the same first day, oldest first, stores the very same rows and cursors.
    const onePass = join(dir, 'one-pass.sqlite');
    expect((await syncLogged(onePass, 0)).some((s) => s.kind === 'coverage')).toBe(false);
    expect(v1Dump(clean())).toEqual(v1Dump(onePass));
  }, 300_000);

  it('resumes a sync killed in its newest days and in its history, and ends identical to the clean one', async () => {
    const killed = join(dir, 'killed.sqlite');
    // A window of the newest days committed (the next run resumes them, the history still pending); the first history
    // window committed; the resumed run's trailing days replaced again, then two more history windows further back.
    for (const at of ['window 1', 'history 1', 'history 2'])
      expect((await run(killed, at)).killed).toBe(true);
    const last = await run(killed);
    expect(last.out).toMatch(/^done$/m);
    expect(v1Dump(killed)).toEqual(v1Dump(clean()));
  }, 300_000);
});
