// When the v2 presses are known unchanged since a run, from `sync_run` alone (v2PressesUnchangedSince). Each case
// records runs by hand and says the answer the rule gives: every run after the given one a v2 run that ended 'done',
// inserted nothing and left the same total; the given one a finished v2 run with its total.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../db.ts';
import { recordRun } from '../testing/syncRuns.ts';
import { v2PressesUnchangedSince } from './syncRunRepo.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sync-runs-'));
  store = openStore(join(dir, 'store.sqlite'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (
  source: 'v1' | 'v2',
  status: 'done' | 'failed' | 'cancelled',
  rowsInserted: number,
  feedbackTotal: number,
) => recordRun(store, { source, status, rowsInserted, feedbackTotal });

describe('v2PressesUnchangedSince', () => {
  it('is true when every later run inserted nothing and left the same total', () => {
    const first = run('v2', 'done', 500, 500);
    expect(v2PressesUnchangedSince(store.db, first)).toBe(true); // no later run
    run('v2', 'done', 0, 500);
    run('v2', 'done', 0, 500);
    expect(v2PressesUnchangedSince(store.db, first)).toBe(true);
  });

  it('is false after a run that inserted rows (a replaced press too), or whose total moved (a removed press)', () => {
    const first = run('v2', 'done', 500, 500);
    const second = run('v2', 'done', 1, 500); // one press replaced: removed, inserted again
    expect(v2PressesUnchangedSince(store.db, first)).toBe(false);
    expect(v2PressesUnchangedSince(store.db, second)).toBe(true);
    run('v2', 'done', 0, 499); // one press removed at the service
    expect(v2PressesUnchangedSince(store.db, second)).toBe(false);
  });

  it('is false after a failed, cancelled, running or v1 run, and for a run that is not a finished v2 run', () => {
    const first = run('v2', 'done', 500, 500);
    const failed = run('v2', 'failed', 0, 500);
    expect(v2PressesUnchangedSince(store.db, first)).toBe(false);
    expect(v2PressesUnchangedSince(store.db, failed)).toBe(false); // the given run itself failed
    const second = run('v2', 'done', 0, 500);
    run('v2', 'cancelled', 0, 500);
    expect(v2PressesUnchangedSince(store.db, second)).toBe(false);
    const third = run('v2', 'done', 0, 500);
    store.syncRuns.start('v2', 'http://127.0.0.1:1'); // still running
    expect(v2PressesUnchangedSince(store.db, third)).toBe(false);
    expect(v2PressesUnchangedSince(store.db, 9999)).toBe(false); // no such run
    const v1 = run('v1', 'done', 0, 70);
    expect(v2PressesUnchangedSince(store.db, v1)).toBe(false);
  });
});
