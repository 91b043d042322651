// A connection opened with `checkpointPages` checkpoints the WAL after that many pages, not SQLite's 1,000: the sync's
// connection (syncRunner.ts) commits a transaction a page of a list, and each checkpoint pays two fsyncs.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, syncCheckpointPages } from './db.ts';

const dir = mkdtempSync(join(tmpdir(), 'fd-checkpoint-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pageBytes = 4096;

/**
 * Opens a new store, commits ~2,000 pages (8 MB of blobs) in one transaction and returns how many pages the main
 * file and the WAL then hold: what a checkpoint after that commit copied is in the main file.
 */
function afterBigCommit(name: string, checkpointPages?: number): { mainPages: number; walPages: number } {
  const path = join(dir, `${name}.sqlite`);
  const store = openStore(path, checkpointPages === undefined ? {} : { checkpointPages });
  try {
    store.db.exec('CREATE TABLE scratch (b BLOB)');
    const before = statSync(path).size / pageBytes;
    const insert = store.db.prepare('INSERT INTO scratch VALUES (randomblob(3500))');
    store.db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run();
    })();
    return {
      mainPages: statSync(path).size / pageBytes - before,
      walPages: statSync(`${path}-wal`).size / (pageBytes + 24),
    };
  } finally {
    store.close();
  }
}

describe('checkpointPages', () => {
  it("SQLite's default checkpoints a commit of 2,000 pages into the main file at once", () => {
    // 2,000 blobs of 3,500 bytes take a page each: more than the default 1,000 pages of WAL, so the commit checkpoints.
    const r = afterBigCommit('default');
    expect(r.mainPages).toBeGreaterThanOrEqual(2000);
  });

  it('the sync connection’s setting leaves them in the WAL until 16,384 pages', () => {
    expect(syncCheckpointPages).toBe(16_384);
    const r = afterBigCommit('sync', syncCheckpointPages);
    expect(r.mainPages).toBeLessThan(10); // the main file did not grow: no checkpoint ran
    expect(r.walPages).toBeGreaterThanOrEqual(2000);
  });
});
