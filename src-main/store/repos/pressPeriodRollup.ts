// Presses per point × period (day, ISO week, month) — v2_button_rollup_period, migration 0009 — kept current from
// the daily point buckets on the write path and adjusted around a recount from the daily point rollup; and hour keys
// mapped to month × hour of the week for the node rollup. Runs inside the caller's transaction.
import type Database from 'better-sqlite3';
import { numbered, statement } from '../statements.ts';
import { monthHourOf, periodBucket, periodLevels } from '../periodBuckets.ts';
import { bucketWidth } from './feedbackBatch.ts';
import { flatRows, upsertBuckets } from './bucketUpsert.ts';

const counters = Array.from({ length: 11 }, (_, i) => `n${i}`);

export interface PressPeriodRollup {
  /** Adds daily point buckets (`bucketWidth` numbers each: point, day, survey, misuse, n0..n10) at every level. */
  add(dailyBuckets: ArrayLike<number>): void;
}

/** Merges flat buckets whose key (first four numbers) maps to the same new key. */
function refold(flat: ArrayLike<number>, keyOf: (at: number) => number[][]): number[][] {
  const merged = new Map<string, number[]>();
  for (let at = 0; at < flat.length; at += bucketWidth) {
    for (const key of keyOf(at)) {
      const id = key.join('|');
      let row = merged.get(id);
      if (!row) merged.set(id, (row = [...key, ...new Array<number>(11).fill(0)]));
      for (let c = 4; c < bucketWidth; c++) row[c] = (row[c] ?? 0) + (flat[at + c] ?? 0);
    }
  }
  return [...merged.values()];
}

/**
 * Hourly node rows (node, hour key, survey, misuse, n0..n10) → month × hour-of-week node rows, merged (the hour →
 * bucket mapping remembered: a batch has a few hundred distinct hours).
 */
export function weekhourRows(hourlyNodeRows: readonly number[][]): number[][] {
  const seen = new Map<number, number>();
  const merged = new Map<string, number[]>();
  for (const r of hourlyNodeRows) {
    const hour = r[1] ?? 0;
    let bucket = seen.get(hour);
    if (bucket === undefined) seen.set(hour, (bucket = monthHourOf(hour)));
    const key = `${r[0]}|${bucket}|${r[2]}|${r[3]}`;
    const row = merged.get(key);
    if (!row) merged.set(key, [r[0] ?? 0, bucket, r[2] ?? 0, r[3] ?? 0, ...r.slice(4)]);
    else for (let c = 4; c < bucketWidth; c++) row[c] = (row[c] ?? 0) + (r[c] ?? 0);
  }
  return [...merged.values()];
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
  function add(daily: ArrayLike<number>): void {
    // (point, day, survey, misuse) → (bucket, point, survey, misuse) at each level.
    const rows = refold(daily, (at) =>
      periodLevels.map((level) => [
        periodBucket(daily[at + 1] ?? 0, level),
        daily[at] ?? 0,
        daily[at + 2] ?? 0,
        daily[at + 3] ?? 0,
      ]),
    );
    upsertBuckets(upsert, flatRows(rows));
  }

  return { add };
}
