// QuerySpecs answered from a data file, for the app's handlers (on its open connection) and the command line (a
// file opened to read and closed again). Nothing is fetched; the spec is checked before it reaches SQL.
import type { QueryRow, QuerySpec } from '#shared/contract.ts';
import { runQuery } from '../analytics/query.ts';
import type { OpenStoreOptions, Store } from '../store/db.ts';
import { readFile } from './storeService.ts';

export function answerQuery(store: Store, spec: QuerySpec): QueryRow[] {
  return runQuery(store.db, spec);
}

/** The rows of `spec` from the file at `path`, which must exist (a query never creates one). */
export function queryFile(path: string, spec: QuerySpec, options: OpenStoreOptions = {}): QueryRow[] {
  return readFile(path, (store) => answerQuery(store, spec), options);
}
