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

describe('runTargetSync: the check after a sync', () => {
  it('checks a first run over its whole window and an incremental one over the days fetched again', async () => {
    const target: SyncTarget = {
      profile: null,
      baseUrl: emulator.url,
      storePath: join(dir, 'store.sqlite'),
      secrets: { v2Token: DEFAULT_V2_TOKEN, v1: null },
    };
    const first = await runTargetSync(target, { source: 'v2', now: () => now });
    expect(first.status).toBe('done');
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
  }, 60_000);
});
