// Whether a data file can be written here, and opening one that cannot read-only: a read-only file, folder or disk
// still answers every view and query; only a sync (which writes) is refused, in one sentence.
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { errorCode, whyNotWritable } from '../core/failures.ts';

// SQLite reads `file:` names as URIs only when told before its first connection in this process: opening a file in
// a read-only folder needs `?immutable=1` (WAL would otherwise create its -shm beside it). Our own paths are absolute,
// so no path of ours starts with `file:` by accident.
process.env['SQLITE_USE_URI'] ??= '1';

/** Why the data file at `path` cannot be written (null: it can, or it does not exist and its folder can be made). */
export function storeNotWritable(path: string): string | null {
  if (path === ':memory:' || path === '') return null;
  try {
    if (existsSync(path)) {
      accessSync(path, constants.W_OK);
      accessSync(dirname(path), constants.W_OK); // WAL's -wal and -shm go beside it
    } else {
      let folder = dirname(path);
      while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
      accessSync(folder, constants.W_OK);
    }
    return null;
  } catch (error) {
    return whyNotWritable(error);
  }
}

/**
 * A read-only connection to an existing file: SQLite's own read-only mode where it can share the WAL index, else the
 * file as immutable (nobody can write it here anyway). Throws SQLite's error when neither can read it.
 */
export function openReadOnly(path: string): Database.Database {
  try {
    return firstRead(new Database(path, { readonly: true, fileMustExist: true }));
  } catch (error) {
    const code = errorCode(error);
    if (!code.startsWith('SQLITE_READONLY') && code !== 'SQLITE_CANTOPEN') throw error;
  }
  const uri = `file:${encodeURI(path).replace(/\?/g, '%3f').replace(/#/g, '%23')}?immutable=1`;
  return firstRead(new Database(uri, { readonly: true, fileMustExist: true }));
}

/** WAL's index is opened on the first read: a connection that cannot read is closed and its error thrown. */
function firstRead(db: Database.Database): Database.Database {
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').pluck().get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
