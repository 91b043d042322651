// Rollups per tree node (migrations 0006, 0009; v1: 0011): each press counts into every proper ancestor of its point and into
// node -1 (every press). Kept current from the points' buckets on the write path (a recount adds its differences)
// and rebuilt from the point rollups when the tree changes (v2's hours: from the facts, 0020). Runs inside the
// caller's transaction.
import type Database from 'better-sqlite3';
import { numbered, statement } from '../statements.ts';
import { upsertBuckets } from './bucketUpsert.ts';
import { BucketSums } from './bucketSums.ts';
import { monthHourOf, monthHourSql } from '../periodBuckets.ts';
import { bucketWidth } from './feedbackBatch.ts';
import { distinctKeysCte } from '../treeSql.ts';

/** The node that stands for every press of the store. */
export const allNodes = -1;

const counters = Array.from({ length: 11 }, (_, i) => `n${i}`);

export type Grain = 'hourly' | 'daily' | 'weekhour';

/**
 * Where one source's node rollups come from: per grain the node table and its bucket column, the point rollup (or
 * view) it is counted from and the node bucket as an expression over that table's bucket column (the month ×
 * hour-of-week rollup, 0009, has no point table of its own: it is folded from the hourly node rollup); the tree; the points
 * with presses; and the node row's survey over a point row (v1 node rows are not split by survey: 0).
 */
export interface NodeRollupSource {
  tables: Record<Grain, { node: string; bucket: string; point: string; from: string }>;
  tree: string;
  points: string;
  survey: string;
}

const grainTables = (
  prefix: 'v1' | 'v2',
  point: (grain: 'hourly' | 'daily') => string,
): NodeRollupSource['tables'] => ({
  hourly: {
    node: `${prefix}_node_rollup_hourly`,
    bucket: 'local_hour',
    point: point('hourly'),
    from: 'local_hour',
  },
  daily: {
    node: `${prefix}_node_rollup_daily`,
    bucket: 'local_day',
    point: point('daily'),
    from: 'local_day',
  },
  weekhour: {
    node: `${prefix}_node_rollup_weekhour`,
    bucket: 'month_hour',
    point: point('hourly'),
    from: monthHourSql('local_hour'),
  },
});

/** v2: the daily button rollup per experience point, and the facts by hour (migrations 0006, 0009, 0020). */
export const v2NodeSource: NodeRollupSource = {
  tables: grainTables('v2', (grain) =>
    grain === 'hourly' ? 'v2_button_presses_hourly' : 'v2_button_rollup_daily',
  ),
  tree: 'SELECT experience_point_id AS id, parent_id AS parent FROM experience_point',
  // One seek per point along the daily rollup's key instead of a scan.
  points: `WITH RECURSIVE ${distinctKeysCte('p', 'experience_point_id', 'v2_button_rollup_daily')}
       SELECT experience_point_id AS id FROM p WHERE experience_point_id IS NOT NULL`,
  survey: 'r.survey_id',
};

/**
 * v1 (migration 0011): the v1 analytics views per folder (summed results as misuse 0, raw presses beyond them as
 * misuse 1; every raw press by hour), over the folder tree. Node rows have survey 0: a v1 survey belongs to one
 * folder, so rows per survey would be as many as the points' and a whole-tree question would grow with the tree.
 */
export const v1NodeSource: NodeRollupSource = {
  tables: grainTables('v1', (grain) => `v1_analytics_${grain}`),
  tree: 'SELECT folder_key AS id, parent_key AS parent FROM v1_folder',
  points: 'SELECT DISTINCT folder_key FROM v1_survey',
  survey: '0',
};

/** Point → its proper ancestors in the tree (nearest first; a cycle ends the walk), then -1. */
export function ancestorsOf(
  tree: readonly { id: number; parent: number | null }[],
): (point: number) => number[] {
  const parent = new Map(tree.map((n) => [n.id, n.parent]));
  const cache = new Map<number, number[]>();
  return (point) => {
    let up = cache.get(point);
    if (up) return up;
    up = [];
    const seen = new Set([point]);
    for (let p = parent.get(point); p != null && parent.has(p) && !seen.has(p); p = parent.get(p)) {
      up.push(p);
      seen.add(p);
    }
    up.push(allNodes);
    cache.set(point, up);
    return up;
  };
}

/**
 * Hourly node rows (node, hour key, survey, misuse, n0..n10, flat) → month × hour-of-week node rows, merged into
 * `into` (the hour → bucket mapping remembered: a batch has a few hundred distinct hours); a view of its rows.
 */
function weekhourRows(hourlyNodeRows: ArrayLike<number>, into: BucketSums): Int32Array {
  const seen = new Map<number, number>();
  into.reset();
  for (let at = 0; at < hourlyNodeRows.length; at += bucketWidth) {
    const r = hourlyNodeRows;
    const hour = r[at + 1] ?? 0;
    let bucket = seen.get(hour);
    if (bucket === undefined) seen.set(hour, (bucket = monthHourOf(hour)));
    into.add(r[at] ?? 0, bucket, r[at + 2] ?? 0, r[at + 3] ?? 0, r, at);
  }
  return into.nonZero();
}

export interface NodeRollup {
  /**
   * Adds point buckets (`bucketWidth` numbers each: point, bucket, survey, misuse, n0..n10; counts may be negative,
   * a recount's differences) to the node rollup of `grain`, all-zero node rows left out; hourly ones also to the
   * month × hour-of-week node rollup, folded from the hourly node rows.
   */
  add(grain: 'hourly' | 'daily', pointBuckets: ArrayLike<number>): void;
  /** Empties the node rollups and counts them again from the point rollups (after a tree change). */
  rebuild(): void;
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: it prepares its statements once and returns the short methods that share them
export function createNodeRollup(db: Database.Database, source: NodeRollupSource = v2NodeSource): NodeRollup {
  const tables = source.tables;
  // Composed statements through the connection's one cache (statements.ts), prepared once per text.
  const sql = (text: string): Database.Statement => statement(db, text);
  const ancestors = (): ((point: number) => number[]) =>
    ancestorsOf(sql(source.tree).all() as { id: number; parent: number | null }[]);
  const tuple = `(${Array.from({ length: bucketWidth }, () => '?').join(',')})`;
  // Per grain, the upsert of k rows: its text built once per k (not on every call).
  const upserts = Object.fromEntries(
    (['hourly', 'daily', 'weekhour'] as const).map((grain) => {
      const t = tables[grain];
      const text = numbered(
        `nodeRollup.upsert.${t.node}`,
        (rows) =>
          `INSERT INTO ${t.node} (node_id, ${t.bucket}, survey_id, misuse, ${counters.join(', ')})
       VALUES ${Array.from({ length: rows }, () => tuple).join(',')}
       ON CONFLICT (node_id, ${t.bucket}, survey_id, misuse) DO UPDATE SET
       ${counters.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`,
      );
      return [grain, (rows: number): Database.Statement => statement(db, text(rows))];
    }),
  ) as Record<Grain, (rows: number) => Database.Statement>;

  // Node buckets of a batch, merged across its points (many points share their group's bucket), per grain: kept
  // from batch to batch (bucketSums.ts).
  const sums = { hourly: new BucketSums(), daily: new BucketSums(), weekhour: new BucketSums() };

  function add(grain: 'hourly' | 'daily', flat: ArrayLike<number>): void {
    const up = ancestors();
    const into = sums[grain];
    into.reset();
    for (let at = 0; at < flat.length; at += bucketWidth) {
      const bucket = flat[at + 1] ?? 0;
      const survey = flat[at + 2] ?? 0;
      const misuse = flat[at + 3] ?? 0;
      for (const node of up(flat[at] ?? 0)) into.add(node, bucket, survey, misuse, flat, at);
    }
    // Buckets that add nothing (a recount that found what was there) are not written.
    const rows = into.nonZero();
    upsertBuckets(upserts[grain], rows);
    if (grain === 'hourly') upsertBuckets(upserts.weekhour, weekhourRows(rows, sums.weekhour));
  }

  function rebuild(): void {
    const up = ancestors();
    const points = sql(source.points).pluck().all() as number[];
    // Points with the same ancestors are summed together first, then each sum goes to each of those nodes: the point
    // rows are sorted once, not once per ancestor (as migration 0006 does).
    const sets = new Map<string, number>();
    const pointSet = points.map((p) => {
      const key = up(p).join(',');
      let id = sets.get(key);
      if (id === undefined) sets.set(key, (id = sets.size));
      return [p, id];
    });
    const setNodes = [...sets].flatMap(([key, id]) => key.split(',').map((node) => [id, Number(node)]));
    // The sorter of the points' rows (on `xlarge` 102 M presses by hour) works in two threads: the whole rebuild there
    // 121.7 → 76.5 s. The point → set pairs are materialized once, not extracted from JSON per row.
    const threads = Number(db.pragma('threads', { simple: true }));
    db.pragma('threads = 2');
    try {
      for (const grain of ['daily', 'hourly'] as const) {
        const t = tables[grain];
        sql(`DELETE FROM ${t.node}`).run();
        sql(
          `WITH ps(point, set_id) AS MATERIALIZED (SELECT value ->> 0, value ->> 1 FROM json_each(@pointSet))
           INSERT INTO ${t.node}
           SELECT n.value ->> 1, b.bucket, b.survey_id, b.misuse, ${counters.map((c) => `sum(b.${c})`).join(', ')}
           FROM (SELECT s.set_id, r.${t.bucket} AS bucket, ${source.survey} AS survey_id, r.misuse,
                   ${counters.map((c) => `sum(r.${c}) AS ${c}`).join(', ')}
                 FROM ps s JOIN ${t.point} r ON r.experience_point_id = s.point
                 GROUP BY 1, 2, 3, 4) b
           JOIN json_each(@setNodes) n ON n.value ->> 0 = b.set_id
           GROUP BY 1, 2, 3, 4`,
        ).run({ pointSet: JSON.stringify(pointSet), setNodes: JSON.stringify(setNodes) });
      }
    } finally {
      db.pragma(`threads = ${threads}`);
    }
    // Month × hour of the week: folded from the hourly node rollup just counted (fewer rows than the points').
    const w = tables.weekhour;
    sql(`DELETE FROM ${w.node}`).run();
    sql(
      `INSERT INTO ${w.node} SELECT node_id, ${w.from} AS b, survey_id, misuse, ${counters.map((c) => `sum(${c})`).join(', ')}
       FROM ${tables.hourly.node} GROUP BY node_id, b, survey_id, misuse`,
    ).run();
  }

  return { add, rebuild };
}
