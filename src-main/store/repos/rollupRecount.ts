// Swapping a staged window of button feedbacks into the facts: the window's stored rows of the scope are deleted,
// the staged rows inserted, and the hourly and daily rollups of the touched points (their nodes and periods)
// recounted. Runs inside the caller's transaction.
import type Database from 'better-sqlite3';
import type { SwapSpec } from './buttonFeedbackRepo.ts';
import type { NodeRollup } from './nodeRollup.ts';
import type { PressPeriodRollup } from './pressPeriodRollup.ts';

const msPerHour = 3_600_000;
const msPerDay = 86_400_000;
const factColumns =
  'experience_point_id, local_time, feedback_id, utc_offset_min, survey_id, smiley_id, button_index, misuse, position, ui';
const counters = Array.from({ length: 11 }, (_, i) => `n${i}`);
const countsFromFacts = counters.map((_, i) => `sum(button_index = ${i})`).join(', ');

export interface RollupRecount {
  /** Replaces the scope's rows of `[fromMs, toMs)` by the stream's staged rows and clears the stage. */
  swap(spec: SwapSpec): { removed: number; inserted: number };
  /** Recounts both rollups of one point over `[fromMs, toMs)` (whole days) from the facts. */
  recountPoint(point: number, fromMs: number, toMs: number): void;
}

export function createRollupRecount(
  db: Database.Database,
  nodes: NodeRollup,
  periods: PressPeriodRollup,
): RollupRecount {
  const cache = new Map<string, Database.Statement>();
  const sql = (text: string): Database.Statement => {
    let s = cache.get(text);
    if (!s) cache.set(text, (s = db.prepare(text)));
    return s;
  };

  function recountPoint(point: number, fromMs: number, toMs: number): void {
    const hours: [number, number] = [Math.floor(fromMs / msPerHour), Math.ceil(toMs / msPerHour)];
    const days: [number, number] = [Math.floor(fromMs / msPerDay), Math.ceil(toMs / msPerDay)];
    // The node and period rollups lose the point's old counts here and get its new ones back below.
    nodes.applyPoint('hourly', point, ...hours, -1);
    nodes.applyPoint('weekhour', point, ...hours, -1);
    nodes.applyPoint('daily', point, ...days, -1);
    periods.applyPoint(point, ...days, -1);
    sql(
      'DELETE FROM v2_button_rollup_hourly WHERE experience_point_id = ? AND local_hour >= ? AND local_hour < ?',
    ).run(point, ...hours);
    sql(
      'DELETE FROM v2_button_rollup_daily WHERE experience_point_id = ? AND local_day >= ? AND local_day < ?',
    ).run(point, ...days);
    // Integer division of non-negative wall-clock ms: the same buckets as Math.floor on the write path.
    sql(
      `INSERT INTO v2_button_rollup_hourly (experience_point_id, local_hour, survey_id, misuse, ${counters.join(', ')})
       SELECT experience_point_id, local_time / ${msPerHour}, survey_id, misuse, ${countsFromFacts}
       FROM v2_button_feedback WHERE experience_point_id = ? AND local_time >= ? AND local_time < ? GROUP BY 2, 3, 4`,
    ).run(point, hours[0] * msPerHour, hours[1] * msPerHour);
    sql(
      `INSERT INTO v2_button_rollup_daily (experience_point_id, local_day, survey_id, misuse, ${counters.join(', ')})
       SELECT experience_point_id, local_time / ${msPerDay}, survey_id, misuse, ${countsFromFacts}
       FROM v2_button_feedback WHERE experience_point_id = ? AND local_time >= ? AND local_time < ? GROUP BY 2, 3, 4`,
    ).run(point, days[0] * msPerDay, days[1] * msPerDay);
    nodes.applyPoint('hourly', point, ...hours, 1);
    nodes.applyPoint('weekhour', point, ...hours, 1);
    nodes.applyPoint('daily', point, ...days, 1);
    periods.applyPoint(point, ...days, 1);
  }

  /** The points whose rows the swap replaces: the scope's subtree, or every point with rows in those days. */
  function scopePoints(spec: SwapSpec): number[] {
    if (spec.scope !== null)
      return sql(
        `WITH RECURSIVE sub(id) AS (SELECT ? UNION SELECT e.experience_point_id FROM experience_point e JOIN sub ON e.parent_id = sub.id)
         SELECT id FROM sub`,
      )
        .pluck()
        .all(spec.scope) as number[];
    return sql(
      'SELECT DISTINCT experience_point_id FROM v2_button_rollup_daily WHERE local_day >= ? AND local_day < ?',
    )
      .pluck()
      .all(Math.floor(spec.fromMs / msPerDay), Math.ceil(spec.toMs / msPerDay)) as number[];
  }

  function swap(spec: SwapSpec): { removed: number; inserted: number } {
    const points = new Set(scopePoints(spec));
    let removed = 0;
    for (const p of points)
      removed += sql(
        'DELETE FROM v2_button_feedback WHERE experience_point_id = ? AND local_time >= ? AND local_time < ?',
      ).run(p, spec.fromMs, spec.toMs).changes;
    const staged = sql(
      `SELECT experience_point_id AS point, min(local_time) AS lo, max(local_time) AS hi
       FROM v2_button_feedback_stage WHERE stream = ? GROUP BY 1`,
    ).all(spec.stream) as { point: number; lo: number; hi: number }[];
    const inserted = sql(
      `INSERT INTO v2_button_feedback (${factColumns}) SELECT ${factColumns} FROM v2_button_feedback_stage
       WHERE stream = ? ORDER BY experience_point_id, local_time, feedback_id ON CONFLICT DO NOTHING`,
    ).run(spec.stream).changes;
    sql('DELETE FROM v2_button_feedback_stage WHERE stream = ?').run(spec.stream);
    // Recount whole days: the window, widened to any staged row the service placed outside it.
    const ranges = new Map<number, [number, number]>();
    for (const p of points) ranges.set(p, [spec.fromMs, spec.toMs]);
    for (const s of staged) {
      const [lo, hi] = ranges.get(s.point) ?? [spec.fromMs, spec.toMs];
      ranges.set(s.point, [Math.min(lo, s.lo), Math.max(hi, s.hi + 1)]);
    }
    for (const [p, [lo, hi]] of ranges)
      recountPoint(p, Math.floor(lo / msPerDay) * msPerDay, Math.ceil(hi / msPerDay) * msPerDay);
    return { removed, inserted };
  }

  return { swap, recountPoint };
}
