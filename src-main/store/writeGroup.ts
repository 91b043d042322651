// Several pages' transactions committed as one. A page of a feedback list holds a row or two of each of thousands of
// points; its rows go to the end of each point's key range, one leaf apiece, and committing every page wrote all those
// leaves to the WAL again for each page (xlarge: the other resources' history spent 128 of its 180 s in their
// writes; 2.48 M demographics alone, in time order, 20.6 s in pages of 10,000 a transaction, 11.5 s in 100,000).
import type Database from 'better-sqlite3';

export interface WriteGroup {
  /** Before a page's write: begins the group's transaction when none is open (the page's own nests in it). */
  open(): void;
  /** After a page's write of `rows` rows: commits when the group holds `maxRows` rows or has been open `maxMs`. */
  wrote(rows: number): void;
  /**
   * Commits what the group holds (every page in it is whole: a page that failed was rolled back to its savepoint);
   * when the commit itself fails, rolls back (the pages and their checkpoints together: they are fetched again).
   */
  close(): void;
}

/**
 * A group on `db`: its transaction holds the write lock, so it is used only when nothing else writes to the file
 * (another connection's write waits for it: `maxMs` keeps that wait short).
 */
export function createWriteGroup(
  db: Database.Database,
  o: { maxRows: number; maxMs: number; now?: () => number },
): WriteGroup {
  const now = o.now ?? (() => performance.now());
  let mine = false;
  let rows = 0;
  let since = 0;
  const commit = (): void => {
    if (!mine) return;
    mine = false;
    if (!db.inTransaction) return; // SQLite rolled it back itself (a full disk, an I/O error): the page said so
    try {
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  };
  return {
    open() {
      if (db.inTransaction) return; // the group's own (or, never between two pages, another's)
      db.exec('BEGIN IMMEDIATE');
      mine = true;
      rows = 0;
      since = now();
    },
    wrote(n) {
      rows += n;
      if (rows >= o.maxRows || now() - since >= o.maxMs) commit();
    },
    close: commit,
  };
}
