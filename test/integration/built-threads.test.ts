// The built app's worker threads (electron-vite build entries in out/main): the store check and a whole sync run
// from the bundled modules, with the migrations the build copied beside them — as in the packaged desktop app.
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { loadMigrations, migrate } from '../../src-main/store/migrate.ts';
import { tempDir } from './syncFixtures.ts';

const outMain = resolve(import.meta.dirname, '../../out/main');
let dir: string;
let emulator: RunningEmulator;

/** Runs one built thread module until its final message (the thread protocol's last word). */
function runThread(file: string, workerData: unknown, isFinal: (m: unknown) => boolean): Promise<unknown> {
  return new Promise((done, fail) => {
    const worker = new Worker(join(outMain, file), { workerData });
    worker.on('message', (m: unknown) => {
      if (isFinal(m)) void worker.terminate().then(() => done(m));
    });
    worker.on('error', fail);
  });
}

beforeAll(async () => {
  if (!existsSync(join(outMain, 'index.js')))
    throw new Error('out/main is missing: run `npx electron-vite build` first');
  dir = tempDir('fd-built-threads-');
  emulator = await startEmulator({
    size: 'tiny',
    seed: 2,
    port: 0,
    host: '127.0.0.1',
    now: new Date('2026-02-01T00:00:00Z'),
  });
});
afterAll(async () => {
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('built thread modules', () => {
  it('the build ships each thread module and the migrations', () => {
    for (const f of [
      'syncRunnerThread.js',
      'feedbackFetchThread.js',
      'feedbackWriterThread.js',
      'checkStoreThread.js',
      'migrateThread.js',
      'afterSyncThread.js',
      'verifyThread.js',
    ])
      expect(existsSync(join(outMain, f)), f).toBe(true);
    expect(existsSync(join(outMain, 'migrations', '0001_initial.sql'))).toBe(true);
  });

  it('syncs on the built sync thread, then the built store check finds the file sound', async () => {
    const dbPath = join(dir, 'built.sqlite');
    const reply = (await runThread(
      'syncRunnerThread.js',
      {
        request: {
          dbPath,
          baseUrl: emulator.url,
          source: 'v2',
          v2: { token: 'demo-v2-token' },
          now: '2026-02-01T00:00:00Z',
        },
      },
      (m) => typeof m === 'object' && m !== null && ('summary' in m || 'failed' in m),
    )) as { summary?: { status: string; totals: { presses: number } }; failed?: unknown };
    expect(reply.failed).toBeUndefined();
    expect(reply.summary?.status).toBe('done');
    // Independently: the rows the file holds, by plain SQL.
    const db = new Database(dbPath, { readonly: true });
    const rows = db.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get();
    db.close();
    expect(reply.summary?.totals.presses).toBe(rows);
    expect(rows).toBeGreaterThan(0);

    const check = (await runThread('checkStoreThread.js', { path: dbPath }, () => true)) as { ok: boolean };
    expect(check.ok).toBe(true);

    // The work after the sync on its built thread: the replay's summaries and the anomaly tests stamped with the
    // sync's run (the only one), read back by plain SQL.
    const after = (await runThread(
      'afterSyncThread.js',
      { path: dbPath, migrationsDir: join(outMain, 'migrations') },
      () => true,
    )) as { failures: string[] };
    expect(after.failures).toEqual([]);
    const read = new Database(dbPath, { readonly: true });
    const runs = read.prepare('SELECT DISTINCT sync_run_id FROM v2_anomaly_window').pluck().all();
    expect(runs).toEqual(read.prepare('SELECT max(sync_run_id) FROM sync_run').pluck().all());
    // Independently: the presses the check should count (misuse excluded), by plain SQL.
    const held = read.prepare('SELECT count(*) FROM v2_button_feedback WHERE misuse = 0').pluck().get();
    read.close();

    // The check against the service's counts on its built thread: every stored press agrees.
    const verified = (await runThread(
      'verifyThread.js',
      {
        ...{ path: dbPath, migrationsDir: join(outMain, 'migrations') },
        ...{ baseUrl: emulator.url, token: 'demo-v2-token', now: '2026-02-01T00:00:00Z' },
      },
      () => true,
    )) as { result?: { localTotal: number; serviceTotal: number; mismatches: unknown[] }; failed?: unknown };
    expect(verified.failed).toBeUndefined();
    expect(verified.result?.localTotal).toBe(held);
    expect(verified.result?.serviceTotal).toBe(held);
    expect(verified.result?.mismatches).toEqual([]);
  }, 120_000);

  it('the built migration thread brings an older file up to date, telling each step, with the built migrations', async () => {
    const older = join(dir, 'older.sqlite');
    const migrationsDir = join(outMain, 'migrations');
    const all = loadMigrations(migrationsDir);
    const db = new Database(older);
    migrate(db, all.slice(0, 8));
    db.close();
    const seen: unknown[] = [];
    await runThread('migrateThread.js', { path: older, migrationsDir, pauseBeforeEachMs: 0 }, (m) => {
      seen.push(m);
      return typeof m === 'object' && m !== null && ('done' in m || 'failed' in m);
    });
    // By hand: 8 applied before, so the rest start one by one (numbered from 1), then it is done.
    expect(seen).toEqual([
      ...all.slice(8).map((m, i) => ({
        start: { version: m.version, name: m.name, index: i + 1, count: all.length - 8 },
      })),
      { done: true },
    ]);
    const after = new Database(older, { readonly: true });
    expect(after.prepare('SELECT count(*) FROM schema_migration').pluck().get()).toBe(all.length);
    after.close();
  });

  it('the built store check says when a file is not a Feedback Desk store', async () => {
    const other = join(dir, 'other.sqlite');
    const db = new Database(other);
    db.exec('CREATE TABLE t (x)');
    db.close();
    const check = (await runThread('checkStoreThread.js', { path: other }, () => true)) as {
      ok: boolean;
      verdict: string;
      problems: string[];
    };
    // Not ours, so not damaged: a rebuild leaves it where it is.
    expect(check).toMatchObject({
      ok: false,
      verdict: 'unreadable',
      problems: ['it is not a Feedback Desk data file'],
    });
  });
});
