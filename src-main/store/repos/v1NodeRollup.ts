// v1 node rollups (migration 0011) kept current by a window replace: the difference a replace makes to a survey's rows of the v1 analytics views goes to every ancestor folder.
import type Database from 'better-sqlite3';
import { createNodeRollup, v1NodeSource } from './nodeRollup.ts';
import { weekhourRows } from './pressPeriodRollup.ts';

const counters = Array.from({ length: 11 }, (_, i) => `n${i}`);

/** Bucket ranges `[lo, hi)` a window can touch: local days and local hours. */
export interface V1Buckets {
  days: readonly [number, number];
  hours: readonly [number, number];
}

export interface V1NodeRollup {
  /**
   * Call before a survey's facts of `buckets` change: reads what the views hold there now and returns the function
   * to call after the change, which adds the difference (new rows minus old) to the survey's folder's ancestors.
   */
  change(surveyKey: number, buckets: V1Buckets): () => void;
  /** Empties the v1 node rollups and counts them again from the views (after a tree change). */
  rebuild(): void;
}

export function createV1NodeRollup(db: Database.Database): V1NodeRollup {
  const nodes = createNodeRollup(db, v1NodeSource);
  const { daily, hourly } = v1NodeSource.tables;
  const cache = new Map<string, Database.Statement>();
  const rowsOf = (grain: typeof daily): Database.Statement => {
    const text = `SELECT experience_point_id, ${grain.bucket}, 0, misuse, ${counters.join(', ')} FROM ${grain.point}
       WHERE survey_id = ? AND ${grain.bucket} >= ? AND ${grain.bucket} < ?`;
    let s = cache.get(text);
    if (!s) cache.set(text, (s = db.prepare(text).raw(true)));
    return s;
  };
  /** The survey's point rows of both grains as flat buckets (point, bucket, 0, misuse, n0..n10), counts × sign. */
  const collect = (
    surveyKey: number,
    b: V1Buckets,
    sign: 1 | -1,
    out: { daily: number[]; hourly: number[] },
  ) => {
    for (const [grain, [lo, hi], into] of [
      [daily, b.days, out.daily],
      [hourly, b.hours, out.hourly],
    ] as const)
      for (const r of rowsOf(grain).all(surveyKey, lo, hi) as number[][])
        for (let i = 0; i < r.length; i++) into.push(i < 4 ? (r[i] ?? 0) : sign * (r[i] ?? 0));
  };
  return {
    change(surveyKey, buckets) {
      const deltas = { daily: [] as number[], hourly: [] as number[] };
      collect(surveyKey, buckets, -1, deltas);
      return () => {
        collect(surveyKey, buckets, 1, deltas);
        nodes.add('daily', deltas.daily);
        nodes.addRows('weekhour', weekhourRows(nodes.add('hourly', deltas.hourly)));
      };
    },
    rebuild: () => nodes.rebuild(),
  };
}
