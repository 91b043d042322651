// Is a data file sound? The header (cheap, on every open) and SQLite's quick_check (seconds on a big file, so it runs
// on a thread of its own); and setting a damaged file aside so the next sync rebuilds it from the service.
import { closeSync, existsSync, openSync, readSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { failures, isDamage, whyNotReadable, whyNotWritable } from '../core/failures.ts';
import { threadModuleUrl } from '../threadModule.ts';
import { openReadOnly } from './access.ts';
import { prepared } from './statements.ts';
import { defaultMigrationsDir, equivalentChecksums, loadMigrations, type Migration } from './migrate.ts';

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
  /** 'damaged' only when a check found damage: only then may the file be set aside. */
  verdict: 'sound' | 'damaged' | 'unreadable';
  /** What is wrong, in the user's words (empty when ok). */
  problems: string[];
  /** The verdict in one sentence (core/failures.ts), what to do included. */
  message: string;
  seconds: number;
}

/**
 * Header check, then `PRAGMA quick_check` on a read-only connection. A file that cannot be read (a folder, no
 * permission, another application's) is 'unreadable', never 'damaged'. Blocks: use checkStoreInThread off the UI.
 */
// eslint-disable-next-line complexity -- one sentence per kind of damage, checked in order; each branch is a line
export function checkStore(path: string, migrationsDir: string = defaultMigrationsDir): StoreCheck {
  const started = performance.now();
  const seconds = (): number => (performance.now() - started) / 1000;
  const sound = (): StoreCheck => ({
    ok: true,
    verdict: 'sound',
    problems: [],
    message: failures.sound(path, seconds()),
    seconds: seconds(),
  });
  const damaged = (problem: string): StoreCheck => ({
    ok: false,
    verdict: 'damaged',
    problems: [problem],
    message: failures.damaged(path, problem),
    seconds: seconds(),
  });
  const unreadable = (problem: string, message = failures.cannotCheck(path, problem)): StoreCheck => ({
    ok: false,
    verdict: 'unreadable',
    problems: [problem],
    message,
    seconds: seconds(),
  });
  let header: HeaderVerdict;
  try {
    if (path !== ':memory:' && existsSync(path) && statSync(path).isDirectory())
      return unreadable('it is a folder', failures.isFolder(path, join(path, 'default.sqlite')));
    header = checkHeader(path);
  } catch (error) {
    return unreadable(whyNotReadable(error));
  }
  if (header === 'empty') return sound();
  if (header === 'not-sqlite')
    return damaged('it is not an SQLite database (its first bytes are damaged or missing)');
  if (header === 'foreign') return unreadable('it belongs to another application', failures.notOurs(path));
  let db: Database.Database | null = null;
  try {
    db = openReadOnly(path);
    // quick_check reads each page once: a 2 MB page cache instead of the connection's 32 MB. `xlarge`'s 8 GB file,
    // warm, back to back: 58.2 s and a peak of 70 MB against 63.0 s and 100 MB (docs/BENCHMARKS.md, 2026-11-29).
    db.pragma('cache_size = -2000');
    const rows = db.prepare('PRAGMA quick_check(20)').pluck().all() as string[];
    if (!(rows.length === 1 && rows[0] === 'ok'))
      return damaged(
        `SQLite's check reports ${rows.length === 20 ? '20 or more problems' : rows.length === 1 ? 'a problem' : `${rows.length} problems`}, the first: ${rows[0] ?? ''}`,
      );
    const names = db.prepare('SELECT name FROM sqlite_master').pluck().all() as string[];
    if (names.length > 0 && !names.includes('schema_migration'))
      return unreadable('it is not a Feedback Desk data file', failures.notOurs(path));
    const edited = names.length > 0 ? editedMigration(db, migrationsDir) : null;
    // Sound pages, but a schema this version cannot use or update (its migration text changed): as unusable as
    // damage, and rebuilt the same way (the refusal's own sentence offers it).
    return edited ? damaged(`migration ${edited} was changed after it was applied`) : sound();
  } catch (error) {
    if (isDamage(error)) return damaged(`SQLite cannot read it: ${(error as Error).message}`);
    return unreadable(whyNotReadable(error));
  } finally {
    db?.close();
  }
}

/** The first applied migration whose text is no longer this version's (as `migrate` refuses it), or null. */
function editedMigration(db: Database.Database, migrationsDir: string): string | null {
  let migrations: Migration[];
  try {
    migrations = loadMigrations(migrationsDir);
  } catch {
    return null; // an incomplete installation is said when the file is opened, not as damage here
  }
  const rows = db.prepare('SELECT version, name, checksum FROM schema_migration ORDER BY version').all() as {
    version: number;
    name: string;
    checksum: string;
  }[];
  for (const row of rows) {
    const source = migrations[row.version - 1];
    if (!source) return null; // a newer version's file: not damaged, and said so when it is opened
    if (source.checksum !== row.checksum && !equivalentChecksums[row.version]?.includes(row.checksum))
      return `${String(row.version).padStart(4, '0')}_${row.name}`;
  }
  return null;
}

/** checkStore on a worker thread (quick_check takes ~7 s per 400 MB); falls back to this thread. */
export async function checkStoreInThread(path: string, migrationsDir?: string): Promise<StoreCheck> {
  let worker: Worker;
  try {
    worker = new Worker(threadModuleUrl('checkStoreThread', import.meta.url), {
      workerData: { path, migrationsDir },
    });
  } catch {
    return checkStore(path, migrationsDir);
  }
  try {
    return await new Promise<StoreCheck>((resolve, reject) => {
      worker.once('message', (m: StoreCheck) => resolve(m));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the check thread stopped (${code})`)));
    });
  } catch {
    return checkStore(path, migrationsDir);
  } finally {
    await worker.terminate().catch(() => undefined);
  }
}

/** How long a sound quick check vouches for a file before the next sync checks it again (one day). */
export const soundCheckLastsMs = 24 * 3600_000;

/**
 * When the file last passed the quick check (migration 0017's row), or null: never, a file from before 0017, or one
 * that cannot be read (the check itself then says why).
 */
export function lastSoundCheck(path: string): Date | null {
  if (checkHeaderOrEmpty(path) !== 'ok') return null;
  let db: Database.Database | null = null;
  try {
    db = openReadOnly(path);
    const at = prepared(db, 'check.last', 'SELECT checked_at FROM store_check WHERE id = 1').pluck().get();
    return typeof at === 'string' ? new Date(at) : null;
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/**
 * Notes a sound check in the file, so syncs within a day need not check it again. Best effort: a file that cannot be
 * written now (read-only, busy, older than 0017) is simply checked again next time.
 */
export function recordSoundCheck(path: string, check: StoreCheck, at: Date): void {
  if (check.verdict !== 'sound' || checkHeaderOrEmpty(path) !== 'ok') return;
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { fileMustExist: true, timeout: 15_000 }); // another sync's write may hold it a while
    prepared(
      db,
      'check.record',
      `INSERT INTO store_check (id, checked_at, seconds) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at, seconds = excluded.seconds`,
    ).run(at.toISOString(), check.seconds);
  } catch {
    // not recorded: the next sync checks the file again
  } finally {
    db?.close();
  }
}

/** checkHeader, with a path that cannot be read taken as 'empty' (nothing to note, nothing noted). */
function checkHeaderOrEmpty(path: string): HeaderVerdict {
  try {
    return existsSync(path) && statSync(path).isFile() ? checkHeader(path) : 'empty';
  } catch {
    return 'empty';
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

export type RebuildOutcome =
  | { outcome: 'sound' | 'unreadable' | 'stuck'; message: string; check: StoreCheck }
  | { outcome: 'set-aside'; aside: string; message: string; check: StoreCheck };

/**
 * A rebuild's first half: check the file, and set it aside only when the check says it is damaged. A sound file is
 * kept, one that cannot be read is left alone, and a damaged one that cannot be moved (read-only folder) stays as
 * it was; each is said in one sentence. A missing file is 'sound' (there is nothing to set aside).
 */
export async function setAsideIfDamaged(
  path: string,
  options: { now?: Date; migrationsDir?: string } = {},
): Promise<RebuildOutcome> {
  const check = await checkStoreInThread(path, options.migrationsDir);
  if (check.verdict === 'sound')
    return { outcome: 'sound', message: failures.rebuildNotNeeded(path, check.seconds), check };
  if (check.verdict === 'unreadable') return { outcome: 'unreadable', message: check.message, check };
  try {
    const aside = setAsideStore(path, options.now);
    return { outcome: 'set-aside', aside, message: failures.setAside(path, aside), check };
  } catch (error) {
    return { outcome: 'stuck', message: failures.cannotSetAside(path, whyNotWritable(error)), check };
  }
}

/** Damage found by the quick check that follows each sync, per file, until that file is set aside. */
export interface DamageWatch {
  /** Checks `path` on a worker thread; resolves with the verdict once known (callers need not wait). */
  checkAfterSync(path: string, migrationsDir?: string): Promise<StoreCheck>;
  /** The damage sentence found for `path`, or null. */
  damaged(path: string): string | null;
  forget(path: string): void;
  /** Resolves once no check is running (a check's connection would otherwise outlive the app's close). */
  idle(): Promise<void>;
}

export function createDamageWatch(): DamageWatch {
  const found = new Map<string, string>();
  const pending = new Set<Promise<StoreCheck>>();
  return {
    async checkAfterSync(path, migrationsDir) {
      const running = checkStoreInThread(path, migrationsDir);
      pending.add(running);
      try {
        const check = await running;
        if (check.verdict === 'damaged') found.set(path, check.message);
        return check;
      } finally {
        pending.delete(running);
      }
    },
    idle: async () => void (await Promise.allSettled([...pending])),
    damaged: (path) => found.get(path) ?? null,
    forget: (path) => void found.delete(path),
  };
}
