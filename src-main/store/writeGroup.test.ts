// Pages committed several at a time on a real SQLite file (WAL), seen from a second connection as another reader
// (the app's views) sees them: nothing of the group until it commits, every page whole, a failed page rolled back
// alone, and the lock held no longer than the group's bounds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWriteGroup } from './writeGroup.ts';

let dir = '';
let db: Database.Database;
let reader: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'write-group-'));
  db = new Database(join(dir, 'store.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE row (page INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (page, n)) STRICT');
  db.exec('CREATE TABLE checkpoint (stream TEXT PRIMARY KEY, page INTEGER NOT NULL) STRICT');
  reader = new Database(join(dir, 'store.sqlite'), { readonly: true });
});
afterEach(() => {
  reader.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A page as the repositories write one: its rows and its checkpoint in a transaction of its own. */
const writePage = (page: number, rows: number, failAt = -1): void =>
  db
    .transaction(() => {
      for (let n = 0; n < rows; n++) {
        if (n === failAt) throw new Error(`page ${page} failed at row ${n}`);
        db.prepare('INSERT INTO row VALUES (?, ?)').run(page, n);
      }
      db.prepare('INSERT OR REPLACE INTO checkpoint VALUES (?, ?)').run('s', page);
    })
    .immediate();

const seen = () => ({
  rows: reader.prepare('SELECT count(*) FROM row').pluck().get(),
  checkpoint: reader.prepare('SELECT page FROM checkpoint').pluck().get() ?? null,
});

describe('createWriteGroup', () => {
  it('commits once it holds maxRows rows; another connection sees nothing of it before', () => {
    const group = createWriteGroup(db, { maxRows: 25, maxMs: 60_000 });
    const write = (page: number) => {
      group.open();
      writePage(page, 10);
      group.wrote(10);
    };
    write(1);
    write(2);
    expect(seen()).toEqual({ rows: 0, checkpoint: null }); // 20 rows: still open
    write(3);
    expect(seen()).toEqual({ rows: 30, checkpoint: 3 }); // 30 ≥ 25: committed, pages and checkpoint together
    write(4);
    expect(seen()).toEqual({ rows: 30, checkpoint: 3 });
    group.close();
    expect(seen()).toEqual({ rows: 40, checkpoint: 4 });
    expect(db.inTransaction).toBe(false);
  });

  it('commits once it has been open maxMs (a clock given), however few its rows', () => {
    let clock = 0;
    const group = createWriteGroup(db, { maxRows: 1_000_000, maxMs: 1_000, now: () => clock });
    group.open();
    writePage(1, 3);
    group.wrote(3);
    clock = 999;
    group.open();
    writePage(2, 3);
    group.wrote(3);
    expect(seen().rows).toBe(0);
    clock = 1_000;
    group.open();
    writePage(3, 3);
    group.wrote(3);
    expect(seen()).toEqual({ rows: 9, checkpoint: 3 });
  });

  it('keeps the pages before a failed one: the failed page alone is rolled back, its checkpoint with it', () => {
    const group = createWriteGroup(db, { maxRows: 1_000, maxMs: 60_000 });
    group.open();
    writePage(1, 5);
    group.wrote(5);
    group.open();
    expect(() => writePage(2, 5, 3)).toThrow(/page 2 failed/);
    group.close();
    expect(seen()).toEqual({ rows: 5, checkpoint: 1 });
  });

  it('closes quietly when there is nothing open, and when SQLite rolled the group back itself', () => {
    const group = createWriteGroup(db, { maxRows: 10, maxMs: 60_000 });
    group.close();
    group.open();
    writePage(1, 2);
    db.exec('ROLLBACK'); // as SQLite does itself after some errors (a full disk, an I/O error)
    expect(() => group.close()).not.toThrow();
    group.open(); // and a new group begins
    writePage(2, 2);
    group.wrote(2);
    group.close();
    expect(seen()).toEqual({ rows: 2, checkpoint: 2 });
  });
});
