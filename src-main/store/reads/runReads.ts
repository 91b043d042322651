// Named reads the sync and the status line ask of the store: presses held in a window (from the daily rollups), the
// newest v1 press, the run history, and this connection's own write count (the anomaly answers' cache key).
import type Database from 'better-sqlite3';
import { allNodes } from '../repos/nodeRollup.ts';
import { prepared } from '../statements.ts';

const v2Sum = Array.from({ length: 11 }, (_, i) => `n${i}`).join(' + ');

/** v2 presses held in local days [from, to) (day numbers), from node -1 (every press) of the daily node rollup. */
export function v2PressesInDays(db: Database.Database, from: number, to: number): number {
  const n = prepared(
    db,
    'runs.v2PressesInDays',
    `SELECT coalesce(sum(${v2Sum}), 0) FROM v2_node_rollup_daily WHERE node_id = ${allNodes} AND local_day >= ? AND local_day < ?`,
  )
    .pluck()
    .get(from, to);
  return typeof n === 'number' ? n : 0;
}

/** v1 presses held in local days [from, to) (day numbers), from the daily rollup. */
export function v1PressesInDays(db: Database.Database, from: number, to: number): number {
  const n = prepared(
    db,
    'runs.v1PressesInDays',
    'SELECT coalesce(sum(n0 + n1 + n2 + n3), 0) FROM v1_press_rollup_daily WHERE local_day >= ? AND local_day < ?',
  )
    .pluck()
    .get(from, to);
  return typeof n === 'number' ? n : 0;
}

/** The newest v1 press stored (UTC milliseconds), per survey through the key, or null. */
export function newestV1PressMs(db: Database.Database): number | null {
  const ms = prepared(
    db,
    'runs.newestV1Press',
    'SELECT max((SELECT max(utc_time) FROM v1_press p WHERE p.survey_key = s.survey_key)) FROM v1_survey s',
  )
    .pluck()
    .get();
  return typeof ms === 'number' ? ms : null;
}

/** The newest `limit` sync runs first, whole rows as the file recorded them. */
export function newestRuns<R>(db: Database.Database, limit: number): R[] {
  return prepared<[number], R>(
    db,
    'runs.newest',
    'SELECT * FROM sync_run ORDER BY sync_run_id DESC LIMIT ?',
  ).all(limit);
}

/** How many rows this connection has changed since it opened (moves when it writes; data_version does not). */
export function ownChanges(db: Database.Database): number {
  const n = prepared(db, 'runs.ownChanges', 'SELECT total_changes()').pluck().get();
  return typeof n === 'number' ? n : 0;
}
