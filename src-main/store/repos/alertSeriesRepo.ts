// Named reads for alert replay: the specifications with their scale, the service's alerts, each specification
// pair's presses packed as columns (table v2_alert_series, migration 0014) and what tells a packed series is stale.
import type Database from 'better-sqlite3';
import { statement } from '../statements.ts';
import { decodeInstants, decodeOffsets, encodeInstants, encodeOffsets } from './seriesCodec.ts';

export interface AlertSpecRow {
  alertSpecificationId: number;
  experiencePointId: number;
  experiencePointName: string | null;
  surveyId: number;
  /** v2 feedbackScale of the survey; null when the survey is not stored. */
  scale: string | null;
  type: string;
  parameters: string;
}

export interface ServiceAlertRow {
  alertId: number;
  alertSpecificationId: number;
  beginUtc: number;
  beginTime: string;
  endUtc: number | null;
  endTime: string | null;
  parameters: string;
}

/** One pair's presses (misuse excluded), instant order, ties in feedback id order. */
export interface PackedSeries {
  utc: Float64Array;
  offsetMin: Int16Array;
  button: Uint8Array;
}

export interface StoredSeries extends PackedSeries {
  syncRunId: number;
  signature: string;
  lastUtc: number | null;
}

/** Every specification (or one), with its survey's scale and its point's name, by id. */
export function alertSpecifications(db: Database.Database, id?: number): AlertSpecRow[] {
  return statement(
    db,
    `SELECT s.alert_specification_id AS alertSpecificationId, s.experience_point_id AS experiencePointId,
       e.name AS experiencePointName, s.survey_id AS surveyId, v.feedback_scale AS scale,
       s.alert_specification_type AS type, s.parameters
     FROM v2_alert_specification s
     LEFT JOIN v2_survey v ON v.survey_id = s.survey_id
     LEFT JOIN experience_point e ON e.experience_point_id = s.experience_point_id
     WHERE @id IS NULL OR s.alert_specification_id = @id
     ORDER BY s.alert_specification_id`,
  ).all({ id: id ?? null }) as AlertSpecRow[];
}

/**
 * The service's alerts of one specification (read through its point's index), oldest first. Read in each
 * specification's turn, never all at once: `xlarge`'s 193,153 alerts as row objects were ~50 MB of the heap through a
 * replay of every specification (docs/BENCHMARKS.md, 2026-11-29).
 */
export function serviceAlertsOf(db: Database.Database, spec: AlertSpecRow): ServiceAlertRow[] {
  return statement(
    db,
    `SELECT alert_id AS alertId, alert_specification_id AS alertSpecificationId, begin_utc AS beginUtc,
       begin_time AS beginTime, end_utc AS endUtc, end_time AS endTime, parameters
     FROM v2_alert WHERE experience_point_id = ? AND alert_specification_id = ?
     ORDER BY begin_utc, alert_id`,
  ).all(spec.experiencePointId, spec.alertSpecificationId) as ServiceAlertRow[];
}

/** The newest sync run's id (0 when the file has none): a series built before it may be stale. */
export function newestSyncRun(db: Database.Database): number {
  return Number(statement(db, 'SELECT coalesce(max(sync_run_id), 0) FROM sync_run').pluck().get());
}

/**
 * What a pair's series is built from, in a few numbers: its presses, presses per button and their instants summed
 * (misuse excluded), from the facts (the point's key range; no rows are kept). A press added, removed, moved or given
 * another button changes it. (Before migration 0020 it was read from the hourly point rollup: a signature stored then
 * differs once, and its series is built again.)
 */
export function pairSignature(db: Database.Database, pointId: number, surveyId: number): string {
  const r = statement(
    db,
    `SELECT count(*) AS presses, ${Array.from({ length: 11 }, (_, k) => `total(button_index = ${k})`).join(', ')},
       total(local_time) AS instants
     FROM v2_button_feedback WHERE experience_point_id = ? AND survey_id = ? AND misuse = 0`,
  )
    .raw()
    .get(pointId, surveyId) as number[];
  return r.join(':');
}

/** The pair's presses from the facts (one range of the primary key per point, sorted by instant). */
export function readPairPresses(db: Database.Database, pointId: number, surveyId: number): PackedSeries {
  const rows = statement(
    db,
    `SELECT local_time - utc_offset_min * 60000, utc_offset_min, button_index FROM v2_button_feedback
     WHERE experience_point_id = ? AND survey_id = ? AND misuse = 0
     ORDER BY local_time - utc_offset_min * 60000, feedback_id`,
  )
    .raw()
    .iterate(pointId, surveyId) as IterableIterator<[number, number, number]>;
  // Iterated into columns that grow by doubling: a busy pair's rows as arrays were tens of MB of the thread's heap.
  let out: PackedSeries = {
    utc: new Float64Array(1024),
    offsetMin: new Int16Array(1024),
    button: new Uint8Array(1024),
  };
  let n = 0;
  for (const r of rows) {
    if (n === out.utc.length) out = grown(out, n * 2);
    out.utc[n] = r[0];
    out.offsetMin[n] = r[1];
    out.button[n] = r[2];
    n++;
  }
  return {
    utc: out.utc.subarray(0, n),
    offsetMin: out.offsetMin.subarray(0, n),
    button: out.button.subarray(0, n),
  };
}

/** The columns copied into new ones of `length` rows. */
function grown(s: PackedSeries, length: number): PackedSeries {
  const out = {
    utc: new Float64Array(length),
    offsetMin: new Int16Array(length),
    button: new Uint8Array(length),
  };
  out.utc.set(s.utc);
  out.offsetMin.set(s.offsetMin);
  out.button.set(s.button);
  return out;
}

function bytes(a: ArrayBufferView): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

export function writeSeries(
  db: Database.Database,
  pointId: number,
  surveyId: number,
  series: PackedSeries,
  syncRunId: number,
  signature: string,
): void {
  const n = series.utc.length;
  statement(
    db,
    `INSERT OR REPLACE INTO v2_alert_series
       (experience_point_id, survey_id, presses, sync_run_id, signature, last_utc, utc, offset_min, button)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    pointId,
    surveyId,
    n,
    syncRunId,
    signature,
    n > 0 ? series.utc[n - 1] : null,
    encodeInstants(series.utc),
    encodeOffsets(series.offsetMin),
    bytes(series.button),
  );
}

/** Marks a series as checked against a newer sync run (its signature did not change). */
export function touchSeries(
  db: Database.Database,
  pointId: number,
  surveyId: number,
  syncRunId: number,
): void {
  statement(
    db,
    'UPDATE v2_alert_series SET sync_run_id = ? WHERE experience_point_id = ? AND survey_id = ?',
  ).run(syncRunId, pointId, surveyId);
}

/** The stored series' stamps, without their columns: `point:survey` → sync run and signature. */
export function seriesStamps(db: Database.Database): Map<string, { syncRunId: number; signature: string }> {
  const rows = statement(
    db,
    'SELECT experience_point_id AS p, survey_id AS s, sync_run_id AS run, signature FROM v2_alert_series',
  ).all() as { p: number; s: number; run: number; signature: string }[];
  return new Map(rows.map((r) => [`${r.p}:${r.s}`, { syncRunId: r.run, signature: r.signature }]));
}

/** The newest press over every stored series (epoch ms), or null. */
export function newestSeriesPress(db: Database.Database): number | null {
  const v = statement(db, 'SELECT max(last_utc) FROM v2_alert_series').pluck().get() as number | null;
  return v ?? null;
}

export function readSeries(db: Database.Database, pointId: number, surveyId: number): StoredSeries | null {
  const r = statement(
    db,
    `SELECT presses, sync_run_id, signature, last_utc, utc, offset_min, button FROM v2_alert_series
     WHERE experience_point_id = ? AND survey_id = ?`,
  ).get(pointId, surveyId) as
    | {
        presses: number;
        sync_run_id: number;
        signature: string;
        last_utc: number | null;
        utc: Buffer;
        offset_min: Buffer;
        button: Buffer;
      }
    | undefined;
  if (!r) return null;
  return {
    syncRunId: r.sync_run_id,
    signature: r.signature,
    lastUtc: r.last_utc,
    utc: decodeInstants(r.utc, r.presses),
    offsetMin: decodeOffsets(r.offset_min, r.presses),
    button: new Uint8Array(r.button.buffer, r.button.byteOffset, r.button.byteLength),
  };
}

/** Drops series of pairs that no longer have a specification. */
export function dropOrphanSeries(db: Database.Database): void {
  statement(
    db,
    `DELETE FROM v2_alert_series WHERE NOT EXISTS (SELECT 1 FROM v2_alert_specification s
       WHERE s.experience_point_id = v2_alert_series.experience_point_id AND s.survey_id = v2_alert_series.survey_id)`,
  ).run();
}

export interface StoredReplaySummary {
  alertSpecificationId: number;
  syncRunId: number;
  parameters: string;
  /** JSON: the AlertReplaySpecification and its weeks, flat: [Monday's day number, service, replayed, Monday, …]. */
  summary: string;
  /** What the summary was computed from besides the parameters (the scale, the type, the service's alerts). */
  inputs: string;
}

/** Which specification's summary was computed as of which sync run and with which parameters (not the summary). */
export function summaryStamps(
  db: Database.Database,
): Map<number, { syncRunId: number; parameters: string; inputs: string | null }> {
  const rows = statement(
    db,
    'SELECT alert_specification_id AS id, sync_run_id AS run, parameters, inputs FROM v2_alert_replay_summary',
  ).all() as { id: number; run: number; parameters: string; inputs: string | null }[];
  return new Map(rows.map((r) => [r.id, { syncRunId: r.run, parameters: r.parameters, inputs: r.inputs }]));
}

/**
 * Per specification with alerts, what tells its service alerts changed: their count, and their ids, beginnings,
 * ends and parameters' lengths summed (one read of v2_alert grouped by specification).
 */
export function serviceAlertSignatures(db: Database.Database): Map<number, string> {
  const rows = statement(
    db,
    `SELECT alert_specification_id AS id, count(*) || ':' || total(alert_id) || ':' || total(begin_utc) || ':' ||
       total(coalesce(end_utc, -1)) || ':' || total(length(parameters)) AS signature
     FROM v2_alert GROUP BY alert_specification_id`,
  ).all() as { id: number; signature: string }[];
  return new Map(rows.map((r) => [r.id, r.signature]));
}

/** Marks a stored summary as current for `syncRunId` (a sync that changed nothing it was computed from). */
export function touchReplaySummary(db: Database.Database, specificationId: number, syncRunId: number): void {
  statement(db, 'UPDATE v2_alert_replay_summary SET sync_run_id = ? WHERE alert_specification_id = ?').run(
    syncRunId,
    specificationId,
  );
}

export function replaySummaries(db: Database.Database): StoredReplaySummary[] {
  return statement(
    db,
    `SELECT alert_specification_id AS alertSpecificationId, sync_run_id AS syncRunId, parameters, summary, inputs
     FROM v2_alert_replay_summary ORDER BY alert_specification_id`,
  ).all() as StoredReplaySummary[];
}

export function writeReplaySummary(db: Database.Database, row: StoredReplaySummary): void {
  statement(
    db,
    `INSERT OR REPLACE INTO v2_alert_replay_summary (alert_specification_id, sync_run_id, parameters, summary, inputs)
     VALUES (@alertSpecificationId, @syncRunId, @parameters, @summary, @inputs)`,
  ).run(row);
}

/** Drops summaries of specifications no longer stored. */
export function dropOrphanSummaries(db: Database.Database): void {
  statement(
    db,
    `DELETE FROM v2_alert_replay_summary WHERE alert_specification_id NOT IN
       (SELECT alert_specification_id FROM v2_alert_specification)`,
  ).run();
}
