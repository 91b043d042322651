// Swapping a staged window of button feedbacks into the facts: the window's stored rows of the scope that the stage
// does not hold as they are are deleted, the staged rows not yet stored inserted, and the daily rollup of the points
// that changed (their nodes and periods) recounted; the hourly node rollups get the rows deleted and inserted, by hour
// (a point's hours are the facts themselves, migration 0020). Runs inside the caller's transaction.
import type Database from 'better-sqlite3';
import { statement } from '../statements.ts';
import type { SwapSpec } from './swapSpec.ts';
import type { NodeRollup } from './nodeRollup.ts';
import type { PressPeriodRollup } from './pressPeriodRollup.ts';
import { distinctKeysCte, subtreeCte } from '../treeSql.ts';

const msPerHour = 3_600_000;
const msPerDay = 86_400_000;
const factColumns =
  'experience_point_id, local_time, feedback_id, utc_offset_min, survey_id, smiley_id, button_index, misuse, position, ui';
const counters = Array.from({ length: 11 }, (_, i) => `n${i}`);
const countsFromFacts = counters.map((_, i) => `sum(button_index = ${i})`).join(', ');
const daily = { table: 'v2_button_rollup_daily', bucket: 'local_day', width: msPerDay };
/** What a changed row's RETURNING gives: its point, instant, survey, misuse flag and button. */
type ChangedRow = [number, number, number, number, number];

export interface RollupRecount {
  /**
   * Makes the scope's rows of `[fromMs, toMs)` equal to the stream's staged rows and clears the stage. Returns the
   * rows really removed (gone, or changed at the service) and really inserted (new, or changed); a window re-fetched
   * with nothing new writes nothing but the stage.
   */
  swap(spec: SwapSpec): { removed: number; inserted: number };
  /** The points whose stored rows a swap of `spec` replaces (before `spec.points` narrows them). */
  points(spec: SwapSpec): number[];
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: it prepares its statements once and returns the short methods that share them
export function createRollupRecount(
  db: Database.Database,
  nodes: NodeRollup,
  periods: PressPeriodRollup,
): RollupRecount {
  // Composed statements through the connection's one cache (statements.ts), prepared once per text.
  const sql = (text: string): Database.Statement => statement(db, text);

  /** A point's daily rollup rows of `[lo, hi)` (day numbers), each pushed onto `out` with its counts times `sign`. */
  function collect(point: number, lo: number, hi: number, sign: 1 | -1, out: number[]): void {
    const t = daily;
    const rows = sql(
      `SELECT experience_point_id, ${t.bucket}, survey_id, misuse, ${counters.join(', ')} FROM ${t.table}
       WHERE experience_point_id = ? AND ${t.bucket} >= ? AND ${t.bucket} < ?`,
    )
      .raw(true)
      .all(point, lo, hi) as number[][];
    for (const r of rows)
      for (let i = 0; i < r.length; i++) out.push(i < 4 ? (r[i] ?? 0) : sign * (r[i] ?? 0));
  }

  /**
   * Recounts the daily rollup of one point over `[fromMs, toMs)` (whole days) from the facts; the differences to what
   * it held are pushed onto `deltas` (point buckets) for the node and period rollups.
   */
  function recountPoint(point: number, fromMs: number, toMs: number, deltas: number[]): void {
    const t = daily;
    const lo = Math.floor(fromMs / t.width);
    const hi = Math.ceil(toMs / t.width);
    collect(point, lo, hi, -1, deltas);
    sql(`DELETE FROM ${t.table} WHERE experience_point_id = ? AND ${t.bucket} >= ? AND ${t.bucket} < ?`).run(
      point,
      lo,
      hi,
    );
    // Integer division of non-negative wall-clock ms: the same buckets as Math.floor on the write path.
    sql(
      `INSERT INTO ${t.table} (experience_point_id, ${t.bucket}, survey_id, misuse, ${counters.join(', ')})
       SELECT experience_point_id, local_time / ${t.width}, survey_id, misuse, ${countsFromFacts}
       FROM v2_button_feedback WHERE experience_point_id = ? AND local_time >= ? AND local_time < ? GROUP BY 2, 3, 4`,
    ).run(point, lo * t.width, hi * t.width);
    collect(point, lo, hi, 1, deltas);
  }

  /** Rows deleted (`sign` −1) or inserted (1), counted into hourly point buckets keyed by point, hour, survey, misuse. */
  function countHours(rows: Iterable<ChangedRow>, sign: 1 | -1, into: Map<string, number[]>): number {
    let n = 0;
    for (const [point, localTime, survey, misuse, button] of rows) {
      const hour = Math.floor(localTime / msPerHour);
      const key = `${point}|${hour}|${survey}|${misuse}`;
      let row = into.get(key);
      if (!row) into.set(key, (row = [point, hour, survey, misuse, ...counters.map(() => 0)]));
      row[4 + button] = (row[4 + button] ?? 0) + sign;
      n++;
    }
    return n;
  }

  /**
   * The points whose rows the swap replaces: the scope's subtree, or every point with rows in those days (one seek
   * per point with rows, walking the daily rollup's key instead of scanning it).
   */
  function scopePoints(spec: SwapSpec): number[] {
    if (spec.scope !== null)
      return sql(
        `WITH RECURSIVE ${subtreeCte('sub', 'SELECT ?')}
         SELECT id FROM sub`,
      )
        .pluck()
        .all(spec.scope) as number[];
    return sql(
      `WITH RECURSIVE ${distinctKeysCte('p', 'experience_point_id', 'v2_button_rollup_daily')}
       SELECT p.experience_point_id FROM p WHERE p.experience_point_id IS NOT NULL
         AND EXISTS (SELECT 1 FROM v2_button_rollup_daily r
         WHERE r.experience_point_id = p.experience_point_id AND r.local_day >= ? AND r.local_day < ?)`,
    )
      .pluck()
      .all(Math.floor(spec.fromMs / msPerDay), Math.ceil(spec.toMs / msPerDay)) as number[];
  }

  function swap(spec: SwapSpec): { removed: number; inserted: number } {
    // Per point: how many rows changed, and the range to recount (the window, widened to staged rows outside it).
    const changed = new Map<number, { n: number; lo: number; hi: number }>();
    const note = (point: number, n: number, lo = spec.fromMs, hi = spec.toMs): void => {
      const c = changed.get(point) ?? { n: 0, lo: spec.fromMs, hi: spec.toMs };
      changed.set(point, { n: c.n + n, lo: Math.min(c.lo, lo), hi: Math.max(c.hi, hi) });
    };
    let removed = 0;
    const hours = new Map<string, number[]>();
    const changedColumns = 'experience_point_id, local_time, survey_id, misuse, button_index';
    for (const p of new Set(scopePoints(spec))) {
      if (spec.points && !spec.points.has(p)) continue;
      // A stored row stays when the stage holds it with every column the same (a re-fetch with nothing new).
      const deleted = sql(
        `DELETE FROM v2_button_feedback AS f
         WHERE experience_point_id = @p AND local_time >= @from AND local_time < @to AND NOT EXISTS (
           SELECT 1 FROM v2_button_feedback_stage s WHERE s.stream = @stream AND s.experience_point_id = @p
             AND s.local_time = f.local_time AND s.feedback_id = f.feedback_id
             AND s.utc_offset_min = f.utc_offset_min AND s.survey_id = f.survey_id AND s.smiley_id = f.smiley_id
             AND s.button_index = f.button_index AND s.misuse = f.misuse AND s.position IS f.position AND s.ui IS f.ui)
         RETURNING ${changedColumns}`,
      );
      const n = countHours(
        deleted.raw(true).iterate({ p, from: spec.fromMs, to: spec.toMs, stream: spec.stream }) as never,
        -1,
        hours,
      );
      removed += n;
      if (n > 0) note(p, n);
    }
    const staged = sql(
      `SELECT experience_point_id AS point, min(local_time) AS lo, max(local_time) AS hi
       FROM v2_button_feedback_stage WHERE stream = ? GROUP BY 1`,
    ).all(spec.stream) as { point: number; lo: number; hi: number }[];
    let inserted = 0;
    for (const s of staged) {
      const added = sql(
        `INSERT INTO v2_button_feedback (${factColumns}) SELECT ${factColumns} FROM v2_button_feedback_stage
         WHERE stream = ? AND experience_point_id = ? ORDER BY local_time, feedback_id ON CONFLICT DO NOTHING
         RETURNING ${changedColumns}`,
      );
      const n = countHours(added.raw(true).iterate(spec.stream, s.point) as never, 1, hours);
      inserted += n;
      if (n > 0) note(s.point, n, s.lo, s.hi + 1);
    }
    sql('DELETE FROM v2_button_feedback_stage WHERE stream = ?').run(spec.stream);
    // Recount whole days of the points that changed; their nodes and periods get the differences, merged across points.
    const deltas: number[] = [];
    for (const [p, c] of changed)
      recountPoint(p, Math.floor(c.lo / msPerDay) * msPerDay, Math.ceil(c.hi / msPerDay) * msPerDay, deltas);
    nodes.add('hourly', [...hours.values()].flat());
    nodes.add('daily', deltas);
    periods.add(deltas);
    return { removed, inserted };
  }

  return { swap, points: scopePoints };
}
