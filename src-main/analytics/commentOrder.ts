// Best-match-first order of a comment search, kept per connection for the pages after the first: ranking every match
// (bm25 of each matching comment) is the cost of such a page, so the next page or a jump deep into the list reads the
// order ranked once — until the store changes (another connection's commit or this connection's own writes).
import type Database from 'better-sqlite3';
import { storeVersion } from '../store/reads/commentRead.ts';

interface Kept {
  version: string;
  ids: number[];
}

/** Searches kept per connection, the latest last (a few: each is 8 bytes per matching comment). */
const kept = new WeakMap<Database.Database, Map<string, Kept>>();
const keepAtMost = 4;

/**
 * The ids `read` returns (in its order) for the search `key` (its statement's parameters, which name every filter),
 * read once per store version and kept for the next pages.
 */
export function keptOrder(db: Database.Database, key: string, read: () => number[]): number[] {
  let searches = kept.get(db);
  if (!searches) kept.set(db, (searches = new Map()));
  const version = storeVersion(db);
  const hit = searches.get(key);
  searches.delete(key);
  if (hit && hit.version === version) {
    searches.set(key, hit);
    return hit.ids;
  }
  const ids = read();
  searches.set(key, { version, ids });
  for (const old of searches.keys()) {
    if (searches.size <= keepAtMost) break;
    searches.delete(old);
  }
  return ids;
}

/** Forgets the kept orders of a connection (a benchmark's cold run). */
export function forgetKeptOrders(db: Database.Database): void {
  kept.delete(db);
}
