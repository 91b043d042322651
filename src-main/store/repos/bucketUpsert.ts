// Rollup buckets upserted many to a statement: `width` numbers a bucket (key columns, then counters), up to
// `bucketsPerStatement` buckets a statement and the rest in fewer statements of powers of two (few statement shapes),
// the numbers passed as the statement's arguments: better-sqlite3 reads an array argument element by element
// through napi, which costs more than SQLite's own work on the value.
import type Database from 'better-sqlite3';
import { bucketWidth } from './feedbackBatch.ts';

/** Buckets per statement at most (15 numbers each: 480 values). */
export const bucketsPerStatement = 32;

/** Upserts every bucket of `flat` with `statementFor(k)`, a statement of `k` buckets. */
export function upsertBuckets(
  statementFor: (buckets: number) => Database.Statement,
  flat: ArrayLike<number>,
  width = bucketWidth,
): void {
  const count = Math.floor(flat.length / width);
  const params: number[] = [];
  for (let i = 0; i < count;) {
    const left = count - i;
    const k = left >= bucketsPerStatement ? bucketsPerStatement : 2 ** Math.floor(Math.log2(left));
    const n = k * width;
    params.length = n;
    for (let j = 0, at = i * width; j < n; j++) params[j] = flat[at + j] ?? 0;
    statementFor(k).run(...params);
    i += k;
  }
}
