// Is a data file sound? The header (cheap, on every open) and SQLite's quick_check (seconds on a big file, so it runs
// on a thread of its own); and setting a damaged file aside so the next sync rebuilds it from the service.
import { closeSync, existsSync, openSync, readSync, renameSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { threadModuleUrl } from '../threadModule.ts';

/** PRAGMA application_id of a Feedback Desk file ("FDsk"), set by migration 0003. */
export const feedbackDeskApplicationId = 0x4644736b;
const sqliteMagic = Buffer.from('SQLite format 3\0', 'latin1');

export type HeaderVerdict = 'empty' | 'ok' | 'not-sqlite' | 'foreign';

/** Reads the first 100 bytes: an SQLite header, and (when set) our application id. A missing file is 'empty'. */
export function checkHeader(path: string): HeaderVerdict {
  if (path === ':memory:' || !existsSync(path) || statSync(path).size === 0) return 'empty';
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (read < 100 || !header.subarray(0, 16).equals(sqliteMagic)) return 'not-sqlite';
  const appId = header.readUInt32BE(68);
  return appId === 0 || appId === feedbackDeskApplicationId ? 'ok' : 'foreign';
}

export interface StoreCheck {
  ok: boolean;
  /** What is wrong, in the user's words (empty when ok). */
  problems: string[];
  seconds: number;
}

/** Header check, then `PRAGMA quick_check` on a read-only connection. Blocks: use checkStoreInThread off the UI. */
export function checkStore(path: string): StoreCheck {
  const started = performance.now();
  const done = (problems: string[]): StoreCheck => ({
    ok: problems.length === 0,
    problems,
    seconds: (performance.now() - started) / 1000,
  });
  const header = checkHeader(path);
  if (header === 'empty') return done([]);
  if (header === 'not-sqlite')
    return done(['the file is not an SQLite database (its header is damaged or missing)']);
  if (header === 'foreign') return done(['the file belongs to another application']);
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const rows = db.prepare('PRAGMA quick_check(20)').pluck().all() as string[];
    if (!(rows.length === 1 && rows[0] === 'ok')) return done(rows.map((r) => `SQLite reports: ${r}`));
    const tables = db
      .prepare("SELECT count(*) FROM sqlite_master WHERE name = 'schema_migration'")
      .pluck()
      .get();
    return done(tables === 1 ? [] : ['the file has no Feedback Desk schema']);
  } catch (error) {
    return done([`SQLite could not read it (${error instanceof Error ? error.message : String(error)})`]);
  } finally {
    db?.close();
  }
}

/** checkStore on a worker thread (quick_check takes ~7 s per 400 MB); falls back to this thread. */
export async function checkStoreInThread(path: string): Promise<StoreCheck> {
  let worker: Worker;
  try {
    worker = new Worker(threadModuleUrl('checkStoreThread', import.meta.url), { workerData: { path } });
  } catch {
    return checkStore(path);
  }
  try {
    return await new Promise<StoreCheck>((resolve, reject) => {
      worker.once('message', (m: StoreCheck) => resolve(m));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the check thread stopped (${code})`)));
    });
  } catch {
    return checkStore(path);
  } finally {
    await worker.terminate().catch(() => undefined);
  }
}

/**
 * Moves a damaged file (and its -wal and -shm) aside as `<file>.damaged-<time>`, so the next open creates a new,
 * empty store that a sync fills again from the service. Returns where it went. Never deletes anything.
 */
export function setAsideStore(path: string, now: Date = new Date()): string {
  const aside = `${path}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  return aside;
}
