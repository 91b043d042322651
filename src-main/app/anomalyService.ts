// Unusual moments answered from a data file: on the app's open connection (answers kept until the file changes) and
// for the command line (a file opened to read and closed again).
import type Database from 'better-sqlite3';
import type { AnomalyAnswer, AnomalyArgs } from '#shared/contract.ts';
import { findAnomalies } from '../analytics/anomalies.ts';
import type { OpenStoreOptions, Store } from '../store/db.ts';
import { readFile } from './storeService.ts';

interface Kept {
  version: string;
  answers: Map<string, AnomalyAnswer>;
}

/** Per connection: answers by their arguments, valid while nothing was written to the file (by any connection). */
const kept = new WeakMap<Database.Database, Kept>();
const keepAtMost = 32;

/**
 * The anomalies of `args`. The list, the markers on a trend and the Overview ask the same question again as a
 * reader moves around; the answer is kept per connection until a sync (another connection) writes to the file.
 */
export function answerAnomalies(store: Store, args: AnomalyArgs): AnomalyAnswer {
  const db = store.db;
  // data_version moves when another connection (the sync's writer) commits; total_changes when this one writes.
  const version = `${String(db.pragma('data_version', { simple: true }))}:${String(
    db.prepare('SELECT total_changes()').pluck().get(),
  )}`;
  let cache = kept.get(db);
  if (!cache || cache.version !== version) kept.set(db, (cache = { version, answers: new Map() }));
  const key = JSON.stringify(args);
  const hit = cache.answers.get(key);
  if (hit) return hit;
  const answer = findAnomalies(db, args);
  if (cache.answers.size >= keepAtMost) cache.answers.delete(cache.answers.keys().next().value ?? '');
  cache.answers.set(key, answer);
  return answer;
}

/** The anomalies of `args` from the file at `path`, which must exist. */
export function anomaliesOfFile(
  path: string,
  args: AnomalyArgs,
  options: OpenStoreOptions = {},
): AnomalyAnswer {
  return readFile(path, (store) => findAnomalies(store.db, args), options);
}
