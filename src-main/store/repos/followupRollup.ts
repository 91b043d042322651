// Follow-up rollups (migration 0009): per point and local day (v2_followup_rollup_daily) and per tree node and
// period (v2_followup_node_rollup), recounted from the follow-up facts over the days pages touched; the node rollup
// rebuilt from the point rollup when the tree changes. A page notes its days (v2_followup_rollup_pending, migration
// 0021) in its own transaction, and they are recounted when the writer settles them: every page by default, every
// few pages on a sync's history (one recount of a point's days instead of one per page that touched the point).
import type Database from 'better-sqlite3';
import { statement } from '../statements.ts';
import { periodBucketSql } from '../periodBuckets.ts';
import { ancestorsOf } from './nodeRollup.ts';

const msPerDay = 86_400_000;
const key = 'survey_id, misuse, followup_question_id, followup_option_id, label_id';

export interface FollowupRollup {
  /** Notes each point's days `[from, to)` for the next `settle` (widening a point's noted range). */
  note(touched: ReadonlyMap<number, readonly [number, number]>): void;
  /**
   * Recounts the point rollup of every noted point's days from the facts, moves the change to its nodes, and clears
   * the notes (inside the caller's transaction). Returns the points recounted.
   */
  settle(): number;
  /** Empties the node rollup and counts it again from the point rollup (after a tree change). */
  rebuildNodes(): void;
}

/** Widens `touched`'s range of `point` to hold days `[from, to)`. */
export function touch(touched: Map<number, [number, number]>, point: number, from: number, to: number): void {
  const range = touched.get(point);
  if (!range) touched.set(point, [from, to]);
  else touched.set(point, [Math.min(range[0], from), Math.max(range[1], to)]);
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: it prepares its statements once and returns the short methods that share them
export function createFollowupRollup(db: Database.Database): FollowupRollup {
  // The points being recounted, with their days and the class of their ancestors (points under the same parent
  // share one), and each class's nodes.
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS followup_touched
      (point INTEGER PRIMARY KEY, d1 INTEGER, d2 INTEGER, grp INTEGER NOT NULL);
    CREATE TEMP TABLE IF NOT EXISTS followup_up (grp INTEGER, node INTEGER, PRIMARY KEY (grp, node)) WITHOUT ROWID`);
  // Composed statements through the connection's one cache (statements.ts), prepared once per text.
  const sql = (text: string): Database.Statement => statement(db, text);
  const tree = (): ((point: number) => number[]) =>
    ancestorsOf(
      sql('SELECT experience_point_id AS id, parent_id AS parent FROM experience_point').all() as {
        id: number;
        parent: number | null;
      }[],
    );
  /** Fills temp.followup_touched and temp.followup_up with these points and days. */
  const stage = (points: Iterable<readonly [number, number, number]>): void => {
    const up = tree();
    sql('DELETE FROM temp.followup_touched').run();
    sql('DELETE FROM temp.followup_up').run();
    const addTouched = sql('INSERT INTO temp.followup_touched (point, d1, d2, grp) VALUES (?, ?, ?, ?)');
    const addUp = sql('INSERT INTO temp.followup_up (grp, node) VALUES (?, ?)');
    const classes = new Map<string, number>();
    for (const [point, d1, d2] of points) {
      const nodes = up(point);
      const name = nodes.join(',');
      let grp = classes.get(name);
      if (grp === undefined) {
        grp = classes.size;
        classes.set(name, grp);
        for (const node of nodes) addUp.run(grp, node);
      }
      addTouched.run(point, d1, d2, grp);
    }
  };
  // The staged points' rows of the point rollup, each at every level, into each node above the point. Summed per
  // class of points first (points under one parent have the same nodes above them): on `xlarge` 5,077 points under
  // 40 groups, so the rows multiplied by nodes and levels are a class's, not every point's (docs/BENCHMARKS.md).
  const moveToNodes = (sign: 1 | -1): void => {
    const k = key.replace(/(\w+)/g, 'g.$1');
    sql(
      `INSERT INTO v2_followup_node_rollup (node_id, bucket, ${key}, n)
       SELECT u.node, ${periodBucketSql('g.local_day', 'l.value')} AS b, ${k}, ${sign} * sum(g.n)
       FROM (SELECT t.grp, r.local_day, ${key.replace(/(\w+)/g, 'r.$1')}, sum(r.n) AS n
         FROM temp.followup_touched t
         JOIN v2_followup_rollup_daily r ON r.experience_point_id = t.point AND r.local_day >= t.d1 AND r.local_day < t.d2
         GROUP BY t.grp, r.local_day, ${key.replace(/(\w+)/g, 'r.$1')}) g
       JOIN temp.followup_up u ON u.grp = g.grp CROSS JOIN json_each('[0,1,2]') l
       GROUP BY u.node, b, ${k}
       ON CONFLICT (node_id, bucket, ${key}) DO UPDATE SET n = n + excluded.n`,
    ).run();
  };

  function note(touched: ReadonlyMap<number, readonly [number, number]>): void {
    const noteDays = sql(
      `INSERT INTO v2_followup_rollup_pending (experience_point_id, d1, d2) VALUES (?, ?, ?)
       ON CONFLICT (experience_point_id) DO UPDATE SET d1 = min(d1, excluded.d1), d2 = max(d2, excluded.d2)`,
    );
    for (const [point, [d1, d2]] of touched) noteDays.run(point, d1, d2);
  }

  function settle(): number {
    const noted = sql('SELECT experience_point_id, d1, d2 FROM v2_followup_rollup_pending').raw().all() as [
      number,
      number,
      number,
    ][];
    if (!noted.length) return 0;
    stage(noted);
    moveToNodes(-1);
    const clear = sql(
      'DELETE FROM v2_followup_rollup_daily WHERE experience_point_id = ? AND local_day >= ? AND local_day < ?',
    );
    for (const [point, d1, d2] of noted) clear.run(point, d1, d2);
    const facts = `FROM temp.followup_touched t JOIN v2_followup_feedback f ON f.experience_point_id = t.point
      AND f.local_time >= t.d1 * ${msPerDay} AND f.local_time < t.d2 * ${msPerDay}`;
    sql(
      `INSERT INTO v2_followup_label (option_text) SELECT DISTINCT f.option_text ${facts}
       WHERE f.option_text IS NOT NULL ORDER BY 1 ON CONFLICT (option_text) DO NOTHING`,
    ).run();
    sql(
      `INSERT INTO v2_followup_rollup_daily (experience_point_id, local_day, ${key}, n)
       SELECT f.experience_point_id, f.local_time / ${msPerDay}, f.survey_id, f.misuse, f.followup_question_id,
         f.followup_option_id, coalesce(l.label_id, 0), count(*)
       ${facts} LEFT JOIN v2_followup_label l ON l.option_text = f.option_text
       GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    ).run();
    // Option -1: the feedbacks that chose an option of the question, each once.
    sql(
      `INSERT INTO v2_followup_rollup_daily (experience_point_id, local_day, ${key}, n)
       SELECT experience_point_id, local_time / ${msPerDay}, survey_id, misuse, followup_question_id, -1, 0, count(*)
       FROM (SELECT DISTINCT f.experience_point_id, f.local_time, f.feedback_id, f.survey_id, f.misuse,
         f.followup_question_id ${facts})
       GROUP BY 1, 2, 3, 4, 5`,
    ).run();
    moveToNodes(1);
    sql('DELETE FROM v2_followup_rollup_pending').run();
    return noted.length;
  }

  function rebuildNodes(): void {
    const points = sql('SELECT DISTINCT experience_point_id FROM v2_followup_rollup_daily')
      .pluck()
      .all() as number[];
    sql('DELETE FROM v2_followup_node_rollup').run();
    // Every day of every point (local days fit well inside ±2^31).
    stage(points.map((point) => [point, -(2 ** 31), 2 ** 31] as const));
    moveToNodes(1);
  }

  return { note, settle, rebuildNodes };
}
