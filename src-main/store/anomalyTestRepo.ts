// The anomaly search's precomputed tests (migration 0015): each question's window and its packed records per node.
import type Database from 'better-sqlite3';
import { statement } from './statements.ts';

export interface AnomalyWindow {
  syncRunId: number;
  fromDay: number;
  toDay: number;
}

/** Packed record kinds: tested days, tested hours, a point's presses per day. */
export const dayTestKind = 0;
export const hourTestKind = 1;
export const pointDaysKind = 2;

/** The newest day with presses in the period rollup's day buckets, or null. */
export function newestPressDay(db: Database.Database): number | null {
  const v = statement(db, 'SELECT max(bucket) FROM v2_button_rollup_period WHERE bucket < 1000000')
    .pluck()
    .get() as number | null;
  return v ?? null;
}

export function anomalyWindow(db: Database.Database, question: string): AnomalyWindow | null {
  const row = statement(
    db,
    'SELECT sync_run_id AS syncRunId, from_day AS fromDay, to_day AS toDay FROM v2_anomaly_window WHERE question = ?',
  ).get(question) as AnomalyWindow | undefined;
  return row ?? null;
}

/**
 * The records of `question` of one kind whose key (a day for kind 0, a point otherwise) lies in [from, to), by key
 * in key order, as Float64 arrays (stride: 7 for tests, 2 for presses).
 */
export function anomalyRecords(
  db: Database.Database,
  question: string,
  kind: number,
  from = Number.MIN_SAFE_INTEGER,
  to = Number.MAX_SAFE_INTEGER,
): Map<number, Float64Array> {
  const rows = statement(
    db,
    'SELECT key, data FROM v2_anomaly_test WHERE question = ? AND kind = ? AND key >= ? AND key < ? ORDER BY key',
  )
    .raw()
    .all(question, kind, from, to) as [number, Buffer][];
  const out = new Map<number, Float64Array>();
  for (const [id, data] of rows) {
    // Copied: a Buffer from SQLite need not be 8-byte aligned.
    const copy = new Float64Array(data.length / 8);
    new Uint8Array(copy.buffer).set(data);
    out.set(id, copy);
  }
  return out;
}

/** Replaces every record and the window of `question`. Call inside a transaction. */
export function writeAnomalyTests(
  db: Database.Database,
  question: string,
  window: AnomalyWindow,
  records: readonly { key: number; kind: number; data: Float64Array }[],
): void {
  statement(db, 'DELETE FROM v2_anomaly_test WHERE question = ?').run(question);
  const insert = statement(db, 'INSERT INTO v2_anomaly_test (question, kind, key, data) VALUES (?, ?, ?, ?)');
  for (const r of records)
    insert.run(question, r.kind, r.key, Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength));
  statement(
    db,
    `INSERT INTO v2_anomaly_window (question, sync_run_id, from_day, to_day) VALUES (?, ?, ?, ?)
     ON CONFLICT (question) DO UPDATE SET sync_run_id = excluded.sync_run_id, from_day = excluded.from_day,
       to_day = excluded.to_day`,
  ).run(question, window.syncRunId, window.fromDay, window.toDay);
}
