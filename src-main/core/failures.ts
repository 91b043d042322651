// The one place that words what can go wrong with a local data file (locks, a full disk, read-only, damage, a
// rebuild): each sentence says what happened, that nothing was lost, and what to do. The CLI, the handlers (app and
// web mode) and the sync take their text from here; docs/FAILURES.md lists every sentence with its test.

/** Who holds a sync lock, as far as it could be read. */
export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

/** SQLite's and Node's error codes, from whatever was thrown ('' when none). */
export function errorCode(error: unknown): string {
  return error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
}

const detail = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const failures = {
  /** A live sync holds the file (another process, another window, or this one). */
  syncLocked: (path: string, holder: LockHolder | null): string =>
    `Another sync is already writing to ${path}${holder ? ` (process ${holder.pid} on ${holder.host}, started ${holder.startedAt})` : ''}. Wait for it to finish or stop it, then try again; two syncs never write to one file at once.`,

  /** Another program held SQLite's write lock longer than the wait allows (e.g. many syncs starting at once). */
  storeBusy: (path: string | null): string =>
    `Another program was writing to ${path ?? 'the local data file'} for too long, so this one stopped without changing anything. Try again in a moment; if it keeps happening, close the other Feedback Desk windows or syncs that use the file.`,

  /** ENOSPC / SQLITE_FULL during a write. */
  diskFull: (path: string | null): string =>
    `The disk holding ${path ?? 'the local data file'} is full, so the sync stopped; everything stored before it is kept and the file is consistent. Make room on that disk, then run the sync again: it goes on where it stopped.`,

  /** The store can be read but not written (a read-only file, folder or disk). */
  readOnly: (path: string | null, why: string): string =>
    `${path ?? 'The local data file'} can only be read here (${why}): the views and queries work, but a sync cannot write to it, and nothing in it was changed. To sync, make the file and its folder writable for you, or copy the file to a writable folder and sync that copy (--db).`,

  /** A new store cannot be created where it was asked for. */
  cannotCreate: (path: string, why: string): string =>
    `The data file ${path} cannot be created (${why}); nothing was written. Choose a folder you can write to with --db.`,

  /** A read-only store that this version would have to update first. */
  needsUpdateReadOnly: (path: string, why: string): string =>
    `${path} was written by an older version and must be updated for this one, but it can only be read here (${why}); nothing in it was changed. Make the file and its folder writable for you once, or copy it to a writable folder and use that copy (--db).`,

  /** The store can be neither written nor read. */
  unreadable: (path: string, why: string): string =>
    `${path} cannot be opened (${why}); nothing in it was changed. Check that it is readable for you, or give another data file with --db.`,

  /** SQLite found broken pages (a check, or any query reading one). */
  damaged: (path: string | null, found?: string): string =>
    `The local file${path ? ` ${path}` : ''} is damaged${found ? ` (${found})` : ''}; nothing has been deleted. Rebuild it from the service: 'Rebuild the local data' in the app, or 'feedback-desk sync --rebuild' (the damaged file is set aside, never deleted, and everything is synced again).`,

  /** The file's header is not an SQLite one: damaged, or some other file given as a data file. */
  notAStore: (path: string): string =>
    `${path} is damaged or is not a Feedback Desk data file; nothing in it was changed. If it is your local data, rebuild it from the service ('Rebuild the local data' in the app, or 'feedback-desk sync --rebuild', which sets it aside, never deleting it); otherwise give another data file with --db.`,

  /** An SQLite file of another application (or with another application's tables): never ours to set aside. */
  notOurs: (path: string): string =>
    `${path} is not a Feedback Desk data file (it belongs to another application), so nothing was checked or set aside. Give the path of your Feedback Desk data file with --db.`,

  /** The check found nothing wrong. */
  sound: (path: string, seconds: number): string =>
    `The local file ${path} is sound (checked in ${seconds.toFixed(1)} s).`,

  /** `--rebuild` / store:rebuild on a sound file: nothing is set aside. */
  rebuildNotNeeded: (path: string, seconds: number): string =>
    `The local file ${path} is sound (checked in ${seconds.toFixed(1)} s), so nothing was set aside; a normal sync keeps it up to date.`,

  /** A damaged file was moved aside. */
  setAside: (path: string, aside: string): string =>
    `The local file ${path} was damaged; it was set aside as ${aside} (nothing deleted), and a new one is filled from the service.`,

  /** The check could not even read the file: it is not called damaged, and nothing is set aside. */
  cannotCheck: (path: string, why: string): string =>
    `${path} could not be checked (${why}), so nothing was set aside and nothing changed. Check that the file is readable for you, or give another data file with --db.`,

  /** A damaged file could not be moved (a read-only folder or disk). */
  cannotSetAside: (path: string, why: string): string =>
    `The local file ${path} is damaged, but it could not be set aside (${why}); nothing was changed. Make its folder writable, or move the file away yourself, then rebuild again.`,

  /** The annotations file beside the store could not be read as annotations: it is set aside, never deleted. */
  annotationsDamaged: (path: string, why: string, aside: string): string =>
    `The annotations file ${path} could not be read (${why}); it was set aside as ${aside}, nothing deleted, and a new, empty one is used. Open the old file in a text editor to recover the notes, or import a saved export ('feedback-desk annotations import').`,

  /** An annotations file of a newer version: left as it is, never overwritten. */
  annotationsNewer: (path: string, version: number): string =>
    `The annotations file ${path} was written by a newer version of Feedback Desk (format ${version}); it was left as it is and nothing was changed. Update Feedback Desk to read or change its notes.`,

  /** An import that is not an annotations export. */
  annotationsImportBad: (why: string): string =>
    `The file to import is not a Feedback Desk annotations export (${why}); nothing was imported and the notes are unchanged.`,

  /** A folder given where a data file belongs. */
  isFolder: (path: string, example: string): string =>
    `${path} is a folder, not a data file; nothing was changed. Give the path of a file with --db, e.g. ${example}.`,
};

/** Why a path cannot be written, in words, from the error the file system or SQLite gave. */
export function whyNotWritable(error: unknown): string {
  const code = errorCode(error);
  if (code === 'EROFS' || code === 'SQLITE_READONLY_ROFS') return 'it is on a read-only disk';
  if (code === 'EACCES' || code === 'EPERM') return 'you may not write to its folder or to the file';
  if (code.startsWith('SQLITE_READONLY')) return 'the file or its folder is read-only';
  return detail(error);
}

/** Why a path cannot be opened or read, in words. */
export function whyNotReadable(error: unknown): string {
  const code = errorCode(error);
  if (code === 'EACCES' || code === 'EPERM') return 'you may not read it';
  if (code === 'ENOENT') return 'it does not exist';
  if (code === 'EISDIR') return 'it is a folder';
  return detail(error);
}

/** Whether an error means the disk is full. */
export function isDiskFull(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOSPC' || code === 'SQLITE_FULL' || code === 'EDQUOT';
}

/** Whether an error means SQLite found the file damaged. */
export function isDamage(error: unknown): boolean {
  const code = errorCode(error);
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
}

/** Whether an error means SQLite could not get its lock in time. */
export function isBusy(error: unknown): boolean {
  const code = errorCode(error);
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

/** Whether an error means the file or its folder cannot be written. */
export function isReadOnly(error: unknown): boolean {
  const code = errorCode(error);
  return code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM';
}

/**
 * The sentence for a low-level failure touching the data file at `path` (SQLite or file system), or null when it is
 * not one of these (the caller keeps its own wording).
 */
export function describeStoreFailure(error: unknown, path: string | null): string | null {
  if (isDamage(error)) return failures.damaged(path);
  if (isDiskFull(error)) return failures.diskFull(path);
  if (isBusy(error)) return failures.storeBusy(path);
  if (isReadOnly(error)) return failures.readOnly(path, whyNotWritable(error));
  return null;
}
