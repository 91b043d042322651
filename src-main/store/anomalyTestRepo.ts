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
/**
 * Under kind 2, key -1 (no point has it): what the tests were computed from, `[tree hash, then per day with presses
 * of the days read: day, presses, red, Σ point × presses, Σ point × red]` (anomalyReads.ts, anomalyDaySignatures), so
 * a later sync recomputes only from the first day it changed.
 */
export const signatureKey = -1;

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
 * in key order, as Float64 arrays (their layout is the writer's: analytics/anomalyPrecomputed.ts).
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
    // A view on the Buffer when it is 8-byte aligned (a large blob has its own memory); copied otherwise.
    if (data.byteOffset % 8 === 0) {
      out.set(id, new Float64Array(data.buffer, data.byteOffset, data.length / 8));
      continue;
    }
    const copy = new Float64Array(data.length / 8);
    new Uint8Array(copy.buffer).set(data);
    out.set(id, copy);
  }
  return out;
}

/**
 * Stores the window of `question` and its records: the day records (kind 0) of [window.fromDay, keptUntil) stay,
 * every other day record goes; every hour and press-day record (kinds 1 and 2) is replaced by those of `records`.
 * `keptUntil` = window.fromDay replaces everything. Call inside a transaction.
 */
export function writeAnomalyTests(
  db: Database.Database,
  question: string,
  window: AnomalyWindow,
  keptUntil: number,
  records: readonly { key: number; kind: number; data: Float64Array }[],
): void {
  statement(db, 'DELETE FROM v2_anomaly_test WHERE question = ? AND kind <> 0').run(question);
  statement(db, 'DELETE FROM v2_anomaly_test WHERE question = ? AND kind = 0 AND (key < ? OR key >= ?)').run(
    question,
    window.fromDay,
    keptUntil,
  );
  const insert = statement(
    db,
    'INSERT OR REPLACE INTO v2_anomaly_test (question, kind, key, data) VALUES (?, ?, ?, ?)',
  );
  for (const r of records)
    insert.run(question, r.kind, r.key, Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength));
  statement(
    db,
    `INSERT INTO v2_anomaly_window (question, sync_run_id, from_day, to_day) VALUES (?, ?, ?, ?)
     ON CONFLICT (question) DO UPDATE SET sync_run_id = excluded.sync_run_id, from_day = excluded.from_day,
       to_day = excluded.to_day`,
  ).run(question, window.syncRunId, window.fromDay, window.toDay);
}

/** Marks the stored tests of `question` as current for `syncRunId` (a sync that changed nothing they read). */
export function restampAnomalyWindow(db: Database.Database, question: string, syncRunId: number): void {
  statement(db, 'UPDATE v2_anomaly_window SET sync_run_id = ? WHERE question = ?').run(syncRunId, question);
}

/** Drops the stored tests and windows of every question but `keep` (those of an older format, say). */
export function dropAnomalyQuestionsBut(db: Database.Database, keep: readonly string[]): void {
  const list = JSON.stringify(keep);
  statement(db, 'DELETE FROM v2_anomaly_test WHERE question NOT IN (SELECT value FROM json_each(?))').run(
    list,
  );
  statement(db, 'DELETE FROM v2_anomaly_window WHERE question NOT IN (SELECT value FROM json_each(?))').run(
    list,
  );
}
