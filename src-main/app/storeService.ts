// The data file's own care, for the app's handlers and the command line alike: opening it to read, checking its
// integrity off the caller's thread, and setting a damaged one aside (never deleting it) so a sync can rebuild it.
import { existsSync } from 'node:fs';
import { checkStoreInThread, setAsideStore } from '../store/checkStore.ts';
import type { StoreCheck } from '../store/checkStore.ts';
import { openStore, storePathProblem } from '../store/db.ts';
import type { OpenStoreOptions, Store } from '../store/db.ts';

/** SQLite's quick_check on its own thread and connection (WAL lets it read while another connection is open). */
export function checkFile(path: string): Promise<StoreCheck> {
  return checkStoreInThread(path);
}

/** The check when there is a file to check at `path`; null when there is none (or the path cannot be one). */
export async function checkFileIfAny(path: string): Promise<StoreCheck | null> {
  return existsSync(path) && !storePathProblem(path) ? checkStoreInThread(path) : null;
}

/** Moves the file (and its WAL) aside under a dated name; null when there was none. The next open starts empty. */
export function setAside(path: string, now?: Date): string | null {
  return existsSync(path) ? setAsideStore(path, now) : null;
}

/** What `--rebuild` does first: the check, and a damaged file set aside, said in one sentence. */
export async function checkBeforeRebuild(path: string): Promise<string> {
  const check = await checkFile(path);
  if (check.ok) return `The data file is sound (checked in ${check.seconds.toFixed(1)} s).`;
  return `The data file is damaged (${check.problems.join('; ')}); set aside as ${setAsideStore(path)}. Rebuilding it from the service.`;
}

/** A file found damaged by a check, with the way out. */
export function damagedFileSentence(path: string, problems: readonly string[]): string {
  return `Check: damaged (${problems.join('; ')}). Rebuild it from the service: feedback-desk sync --rebuild --db ${path} --base-url URL`;
}

/** Runs `read` on a file that must exist already (queries and exports never create one), then closes it. */
export function readFile<T>(path: string, read: (store: Store) => T, options: OpenStoreOptions = {}): T {
  const store = openStore(path, { ...options, mustExist: true });
  try {
    return read(store);
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
  } finally {
    store.close();
  }
}
