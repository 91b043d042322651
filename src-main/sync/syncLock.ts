// One sync per data file: SQLite's own write lock on a small file beside it (`<file>.sync-lock`), held by an open
// connection for as long as the sync runs. The operating system drops it when its process ends, however it ends
// (a kill, a crash, a full disk), and SQLite tells connections of one process apart, so worker threads are refused
// as other processes are. The file also names the holder, for the message.
//
// Never open the lock file with node:fs in a process that may hold it: closing any descriptor of a file drops that
// process's POSIX locks on it (SQLite's own connections know this and defer their closes).
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { errorCode, failures, isDiskFull, whyNotWritable, type LockHolder } from '../core/failures.ts';
import { storeNotWritable } from '../store/access.ts';
import { StoreError } from '../store/migrate.ts';

type Holder = LockHolder;

export class SyncLockedError extends Error {
  override name = 'SyncLockedError';
  readonly holder: Holder | null;
  constructor(path: string, holder: Holder | null) {
    super(failures.syncLocked(path, holder));
    this.holder = holder;
  }
}

export interface SyncLock {
  release(): void;
}

export function lockPathOf(storePath: string): string {
  return `${storePath}.sync-lock`;
}

/** How long a taker waits for the lock: long enough to outlast a `syncRunning` probe, far shorter than a sync. */
const takeTimeoutMs = 500;

function holderOf(db: Database.Database): Holder | null {
  try {
    const row = db.prepare('SELECT pid, host, started_at AS startedAt FROM holder').get() as
      Partial<Holder> | undefined;
    return row &&
      typeof row.pid === 'number' &&
      typeof row.host === 'string' &&
      typeof row.startedAt === 'string'
      ? { pid: row.pid, host: row.host, startedAt: row.startedAt }
      : null;
  } catch {
    return null; // written by nobody yet, or the disk was full when its holder tried
  }
}

/** Whether `db`'s write lock is free: taken and given back at once. */
function tryTake(db: Database.Database): boolean {
  try {
    db.exec('BEGIN IMMEDIATE');
    return true;
  } catch (error) {
    if (errorCode(error).startsWith('SQLITE_BUSY')) return false;
    throw error;
  }
}

/** A lock file from before this version (JSON naming a pid): live only while that process runs on this machine. */
function legacyHolder(path: string): Holder | null {
  let h: Partial<Holder>;
  try {
    h = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
  } catch {
    return null;
  }
  if (typeof h.pid !== 'number' || typeof h.host !== 'string' || typeof h.startedAt !== 'string') return null;
  const holder = { pid: h.pid, host: h.host, startedAt: h.startedAt };
  if (holder.host !== hostname()) return holder; // cannot be checked from here: counts as live
  try {
    process.kill(holder.pid, 0);
    return holder;
  } catch (error) {
    return errorCode(error) === 'EPERM' ? holder : null; // EPERM: it runs, but is someone else's
  }
}

/** Whether a sync holds the file's lock right now (in any process, or any thread of this one), and who. */
export function syncRunning(storePath: string): Holder | null {
  const path = lockPathOf(storePath);
  if (storePath === ':memory:' || storePath === '' || !existsSync(path)) return null;
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { fileMustExist: true, timeout: 0 });
    if (tryTake(db)) {
      db.exec('ROLLBACK');
      return null;
    }
    return holderOf(db) ?? { pid: 0, host: 'unknown', startedAt: 'unknown' };
  } catch (error) {
    // A lock file from an older version, or one this user cannot open for writing (then no sync of theirs holds it).
    return errorCode(error) === 'SQLITE_NOTADB' ? legacyHolder(path) : null;
  } finally {
    db?.close();
  }
}

/**
 * The connections holding a lock, until released. A connection nobody references is closed by the garbage collector,
 * and its lock with it: a caller that drops its SyncLock must not lose the lock in the middle of a sync.
 */
const held = new Set<Database.Database>();

/**
 * Takes the file's sync lock or throws SyncLockedError (a live holder) or a StoreError (the file cannot be written).
 * In-memory stores need none.
 */
export function acquireSyncLock(storePath: string, now: () => Date = () => new Date()): SyncLock {
  if (storePath === ':memory:' || storePath === '') return { release: () => undefined };
  const why = storeNotWritable(storePath);
  if (why) throw new StoreError('read-only', failures.readOnly(storePath, why));
  const path = lockPathOf(storePath);
  const mine: Holder = { pid: process.pid, host: hostname(), startedAt: now().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    let db: Database.Database;
    try {
      db = new Database(path, { timeout: takeTimeoutMs });
    } catch (error) {
      throw lockFileError(storePath, error);
    }
    try {
      if (!tryTake(db)) throw new SyncLockedError(storePath, holderOf(db));
      // Name the holder, committed so that others can read it; then take the lock again for the whole sync. Whoever
      // slips in between holds it, and this taker is refused as any other. A full disk leaves the name unwritten.
      try {
        db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER, host TEXT, started_at TEXT)');
        db.prepare('DELETE FROM holder').run();
        db.prepare('INSERT INTO holder VALUES (?, ?, ?)').run(mine.pid, mine.host, mine.startedAt);
        db.exec('COMMIT');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        if (!isDiskFull(error)) throw error;
      }
      if (!tryTake(db)) throw new SyncLockedError(storePath, holderOf(db));
      held.add(db);
      return {
        release() {
          held.delete(db);
          if (!db.open) return;
          if (db.inTransaction) db.exec('ROLLBACK');
          db.close(); // the file stays: deleting it while another process opens it would give two holders
        },
      };
    } catch (error) {
      db.close();
      if (error instanceof SyncLockedError) throw error;
      if (errorCode(error) === 'SQLITE_NOTADB' && attempt === 0) {
        // A lock file written by an older version: honoured while its process runs, else replaced.
        const holder = legacyHolder(path);
        if (holder) throw new SyncLockedError(storePath, holder);
        unlinkSync(path);
        continue;
      }
      throw lockFileError(storePath, error);
    }
  }
  throw new SyncLockedError(storePath, null);
}

function lockFileError(storePath: string, error: unknown): Error {
  if (isDiskFull(error)) return new StoreError('unusable', failures.diskFull(storePath));
  if (errorCode(error).startsWith('SQLITE_READONLY') || errorCode(error) === 'SQLITE_CANTOPEN')
    return new StoreError('read-only', failures.readOnly(storePath, whyNotWritable(error)));
  return error instanceof Error ? error : new Error(String(error));
}
