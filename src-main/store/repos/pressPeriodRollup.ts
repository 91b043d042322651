// Presses per point × period (day, ISO week, month) — v2_button_rollup_period, migration 0009 — kept current from
// the daily point buckets on the write path and adjusted around a recount from the daily point rollup. Runs inside
// the caller's transaction.
import type Database from 'better-sqlite3';
import { numbered, statement } from '../statements.ts';
import { periodBucket, periodLevels } from '../periodBuckets.ts';
import { bucketWidth } from './feedbackBatch.ts';
import { upsertBuckets } from './bucketUpsert.ts';
import { BucketSums } from './bucketSums.ts';

const counters = Array.from({ length: 11 }, (_, i) => `n${i}`);

export interface PressPeriodRollup {
  /** Adds daily point buckets (`bucketWidth` numbers each: point, day, survey, misuse, n0..n10) at every level. */
  add(dailyBuckets: ArrayLike<number>): void;
}

export function createPressPeriodRollup(db: Database.Database): PressPeriodRollup {
  const tuple = `(${Array.from({ length: bucketWidth }, () => '?').join(',')})`;
  const upsertText = numbered(
    'periodRollup.upsert',
    (rows) =>
      `INSERT INTO v2_button_rollup_period (bucket, experience_point_id, survey_id, misuse, ${counters.join(', ')})
       VALUES ${Array.from({ length: rows }, () => tuple).join(',')}
       ON CONFLICT (bucket, experience_point_id, survey_id, misuse) DO UPDATE SET
       ${counters.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`,
  );
  const upsert = (rows: number): Database.Statement => statement(db, upsertText(rows));
  // (point, day, survey, misuse) → (bucket, point, survey, misuse) at each level, merged: kept from batch to batch.
  const sums = new BucketSums();
  function add(daily: ArrayLike<number>): void {
    sums.reset();
    for (let at = 0; at < daily.length; at += bucketWidth) {
      const day = daily[at + 1] ?? 0;
      for (const level of periodLevels)
        sums.add(periodBucket(day, level), daily[at] ?? 0, daily[at + 2] ?? 0, daily[at + 3] ?? 0, daily, at);
    }
    upsertBuckets(upsert, sums.nonZero());
  }

  return { add };
}
