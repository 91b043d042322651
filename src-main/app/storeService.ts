// The data file's own care, for the app's handlers and the command line alike: opening it to read, checking its
// integrity off the caller's thread, and setting a damaged one aside (never deleting it) so a sync can rebuild it.
// The sentences come from core/failures.ts (through store/checkStore.ts and store/db.ts).
import { existsSync } from 'node:fs';
import {
  checkStoreInThread,
  lastSoundCheck,
  recordSoundCheck,
  setAsideIfDamaged,
  soundCheckLastsMs,
} from '../store/checkStore.ts';
import type { RebuildOutcome, StoreCheck } from '../store/checkStore.ts';
import { openStore, storeFailure, storePathProblem } from '../store/db.ts';
import type { OpenStoreOptions, Store } from '../store/db.ts';

/** SQLite's quick_check on its own thread and connection (WAL lets it read while another connection is open). */
export function checkFile(path: string, migrationsDir?: string): Promise<StoreCheck> {
  return checkStoreInThread(path, migrationsDir);
}

/** The check when there is a file to check at `path`; null when there is none (or the path cannot be one). */
export async function checkFileIfAny(path: string, migrationsDir?: string): Promise<StoreCheck | null> {
  return existsSync(path) && !storePathProblem(path) ? checkStoreInThread(path, migrationsDir) : null;
}

/**
 * The check that follows a finished sync from the command line: SQLite's quick check reads every page (17 s on
 * `large`), so it runs when the file has not passed one within the last day (or when `force`d), and a sound verdict
 * is noted in the file. Null: skipped, the file was found sound less than a day before `now`.
 */
export async function checkAfterSync(
  path: string,
  options: { now?: Date; force?: boolean; migrationsDir?: string } = {},
): Promise<StoreCheck | null> {
  const now = options.now ?? new Date();
  const last = options.force ? null : lastSoundCheck(path);
  if (last && now.getTime() - last.getTime() >= 0 && now.getTime() - last.getTime() < soundCheckLastsMs)
    return null;
  const check = await checkStoreInThread(path, options.migrationsDir);
  recordSoundCheck(path, check, now);
  return check;
}

/**
 * A rebuild's first half: the check, and the file set aside only when found damaged (a sound one is kept; one that
 * cannot be read or moved is left as it is, and said).
 */
export function rebuildFile(
  path: string,
  options: { now?: Date; migrationsDir?: string } = {},
): Promise<RebuildOutcome> {
  return setAsideIfDamaged(path, options);
}

/** What `sync --rebuild` says first; throws (the file unchanged) when it cannot be read or moved. */
export async function checkBeforeRebuild(path: string): Promise<string> {
  const rebuild = await rebuildFile(path);
  if (rebuild.outcome === 'unreadable' || rebuild.outcome === 'stuck') throw new Error(rebuild.message);
  return rebuild.message;
}

/**
 * Runs `read` on a file that must exist already (queries and exports never create one), then closes it; damage met
 * by a read is said as such.
 */
export function readFile<T>(path: string, read: (store: Store) => T, options: OpenStoreOptions = {}): T {
  const store = openStore(path, { ...options, mustExist: true });
  try {
    return read(store);
  } catch (error) {
    throw storeFailure(error, path);
  } finally {
    store.close();
  }
}

/** As readFile, for an asynchronous reader (chart files render asynchronously). */
export async function readFileAsync<T>(
  path: string,
  read: (store: Store) => Promise<T>,
  options: OpenStoreOptions = {},
): Promise<T> {
  const store = openStore(path, { ...options, mustExist: true });
  try {
    return await read(store);
  } catch (error) {
    throw storeFailure(error, path);
  } finally {
    store.close();
  }
}
