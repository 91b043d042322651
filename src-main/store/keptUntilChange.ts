// Values read from the file and kept until any of its rows may have changed: another connection's commit moves
// `PRAGMA data_version`, this connection's own writes `total_changes()`. Equal stamps: no row changed in between.
import type Database from 'better-sqlite3';
import { statement } from './statements.ts';

function changeStamp(db: Database.Database): string {
  const version = statement(db, 'PRAGMA data_version').pluck().get() as number;
  const changes = statement(db, 'SELECT total_changes()').pluck().get() as number;
  return `${version}:${changes}`;
}

const kept = new WeakMap<Database.Database, Map<string, { stamp: string; value: unknown }>>();

/** `read()`'s value for `key` on this connection, read again only when the file has changed since. */
export function keptUntilChange<T>(db: Database.Database, key: string, read: () => T): T {
  const stamp = changeStamp(db);
  let values = kept.get(db);
  if (!values) kept.set(db, (values = new Map()));
  const hit = values.get(key);
  if (hit?.stamp === stamp) return hit.value as T;
  const value = read();
  values.set(key, { stamp, value });
  return value;
}
