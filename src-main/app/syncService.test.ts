// The sync service's check against the service's counts: a first run checks its whole window, an incremental run
// only the days it fetched again (from the trailing start before the previous finished run).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { DEFAULT_V2_TOKEN } from '#emulator/http/identities.ts';
import { runTargetSync, type SyncTarget } from './syncService.ts';

const now = new Date('2026-03-10T12:00:00Z');
let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: 5, size: 'tiny', now });
  dir = mkdtempSync(join(tmpdir(), 'fd-sync-service-'));
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The emulator's service through its v2 token alone, into a new file of the test's folder. */
const targetIn = (file: string): SyncTarget => ({
  profile: null,
  baseUrl: emulator.url,
  storePath: join(dir, file),
  secrets: { v2Token: DEFAULT_V2_TOKEN, v1: null },
});

describe('runTargetSync: the check after a sync', () => {
  it('checks a first run over its whole window and an incremental one over the days fetched again', async () => {
    const target = targetIn('store.sqlite');
    const first = await runTargetSync(target, { source: 'v2', now: () => now });
    expect(first.status).toBe('done');
    expect(first.afterSyncFailures).toEqual([]); // the after-sync work wrote its rows (checked below after the second run)
    const covered = first.summary?.windows.find((w) => w.source === 'v2');
    expect(first.result.verification?.from).toBe(covered?.from);
    expect(first.result.verification?.mismatchCount).toBe(0);

    // The previous run finished on 2026-03-08 (set by hand: the runs record the wall clock); with 3 trailing days the
    // incremental run fetched from 2026-03-04 (plan.ts: day − trailing − 1), and a day more covers UTC against local
    // time: by hand, 2026-03-08 − 5 days = 2026-03-03.
    const db = new Database(target.storePath);
    db.prepare("UPDATE sync_run SET finished_at = '2026-03-08T20:00:00.000Z' WHERE status = 'done'").run();
    db.close();
    const second = await runTargetSync(target, { source: 'v2', now: () => now });
    expect(second.status).toBe('done');
    expect(second.result.verification?.from).toBe('2026-03-03');
    expect(second.result.verification?.to).toBe(covered?.to);
    expect(second.result.verification?.mismatchCount).toBe(0);
    // After each sync the anomaly tests are computed ahead, as of that (the newest) run (docs/ANOMALIES.md, "Cost").
    const after = new Database(target.storePath, { readonly: true });
    const stamps = after
      .prepare('SELECT (SELECT max(sync_run_id) FROM sync_run), sync_run_id FROM v2_anomaly_window')
      .raw()
      .all() as [number, number][];
    after.close();
    expect(stamps).toHaveLength(1);
    expect(stamps[0]?.[0]).toBeGreaterThan(0);
    expect(stamps[0]?.[1]).toBe(stamps[0]?.[0]);
  }, 60_000);
});

describe('runTargetSync: the work after the sync', () => {
  it('says what of it failed in one sentence, and the sync itself is done and checked', async () => {
    const target = targetIn('after.sqlite');
    expect((await runTargetSync(target, { source: 'v2', now: () => now })).result.afterSyncNote).toBeNull();
    // A real failure inside SQLite: the anomaly tests' window table refuses every write from now on.
    const db = new Database(target.storePath);
    db.exec(`CREATE TRIGGER refuse_insert BEFORE INSERT ON v2_anomaly_window
        BEGIN SELECT RAISE(ABORT, 'the test refuses the anomaly tests'); END;
      CREATE TRIGGER refuse_update BEFORE UPDATE ON v2_anomaly_window
        BEGIN SELECT RAISE(ABORT, 'the test refuses the anomaly tests'); END;`);
    db.close();
    const second = await runTargetSync(target, { source: 'v2', now: () => now });
    expect(second.status).toBe('done');
    expect(second.result.verification?.mismatchCount).toBe(0);
    expect(second.afterSyncFailures).toEqual([
      'the anomaly tests could not be prepared ahead (the test refuses the anomaly tests)',
    ]);
    // Written out by hand: the sentence the app shows and the command line prints.
    expect(second.result.afterSyncNote).toBe(
      'After the sync, the anomaly tests could not be prepared ahead (the test refuses the anomaly tests). Nothing synced is lost: the views compute it when they need it instead.',
    );
  }, 60_000);
});

describe('runTargetSync: the file check beside the check against the counts', () => {
  it('starts the file check when the sync ends, before the after-sync work, and runs it while the verification still waits for the service', async () => {
    const target = targetIn('beside.sqlite');
    const events: string[] = [];
    let checkStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (checkStarted = resolve));
    // The verification's requests (the service's aggregates) wait until the file check has started: run one after the
    // other, as before, this would never finish (the test's timeout says so).
    const gated: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('aggregated-feedbacks')) {
        events.push('verification asks');
        await started;
      }
      return fetch(input, init);
    };
    const outcome = await runTargetSync(target, {
      source: 'v2',
      now: () => now,
      fetch: gated,
      checkFile: async () => {
        // Second route to "the after-sync work is not written yet": its table holds no stamp of this run.
        const db = new Database(target.storePath, { readonly: true });
        const stamped = db.prepare('SELECT count(*) FROM v2_anomaly_window').pluck().get();
        db.close();
        events.push(`check starts (after-sync rows: ${String(stamped)})`);
        checkStarted();
        return null;
      },
    });
    expect(outcome.status).toBe('done');
    expect(outcome.result.verification?.mismatchCount).toBe(0);
    expect(await outcome.fileCheck).toBeNull();
    expect(events[0]).toBe('check starts (after-sync rows: 0)');
    expect(events).toContain('verification asks');
  }, 30_000);
});
