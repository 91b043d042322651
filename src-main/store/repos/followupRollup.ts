// Follow-up rollups (migration 0009): per point and local day (v2_followup_rollup_daily) and per tree node and
// period (v2_followup_node_rollup), recounted from the follow-up facts over the days a page touched, inside the
// page's transaction; the node rollup rebuilt from the point rollup when the tree changes.
import type Database from 'better-sqlite3';
import { statement } from '../statements.ts';
import { periodBucketSql } from '../periodBuckets.ts';
import { ancestorsOf } from './nodeRollup.ts';

const msPerDay = 86_400_000;
const key = 'survey_id, misuse, followup_question_id, followup_option_id, label_id';

export interface FollowupRollup {
  /** Recounts the point rollup of each point's days `[from, to)` from the facts, and moves the change to its nodes. */
  recount(touched: ReadonlyMap<number, readonly [number, number]>): void;
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
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS followup_touched (point INTEGER PRIMARY KEY, d1 INTEGER, d2 INTEGER);
    CREATE TEMP TABLE IF NOT EXISTS followup_up (point INTEGER, node INTEGER, PRIMARY KEY (point, node)) WITHOUT ROWID`);
  // Composed statements through the connection's one cache (statements.ts), prepared once per text.
  const sql = (text: string): Database.Statement => statement(db, text);
  const tree = (): ((point: number) => number[]) =>
    ancestorsOf(
      sql('SELECT experience_point_id AS id, parent_id AS parent FROM experience_point').all() as {
        id: number;
        parent: number | null;
      }[],
    );
  // The touched points' rows of the point rollup, each at every level, into each node above the point.
  const moveToNodes = (sign: 1 | -1): void => {
    sql(
      `INSERT INTO v2_followup_node_rollup (node_id, bucket, ${key}, n)
       SELECT u.node, ${periodBucketSql('r.local_day', 'l.value')} AS b, r.survey_id, r.misuse,
         r.followup_question_id, r.followup_option_id, r.label_id, ${sign} * sum(r.n)
       FROM temp.followup_touched t
       JOIN v2_followup_rollup_daily r ON r.experience_point_id = t.point AND r.local_day >= t.d1 AND r.local_day < t.d2
       JOIN temp.followup_up u ON u.point = t.point CROSS JOIN json_each('[0,1,2]') l
       GROUP BY u.node, b, ${key.replace(/(\w+)/g, 'r.$1')}
       ON CONFLICT (node_id, bucket, ${key}) DO UPDATE SET n = n + excluded.n`,
    ).run();
  };

  function recount(touched: ReadonlyMap<number, readonly [number, number]>): void {
    if (!touched.size) return;
    const up = tree();
    sql('DELETE FROM temp.followup_touched').run();
    sql('DELETE FROM temp.followup_up').run();
    const addTouched = sql('INSERT INTO temp.followup_touched (point, d1, d2) VALUES (?, ?, ?)');
    const addUp = sql('INSERT INTO temp.followup_up (point, node) VALUES (?, ?)');
    for (const [point, [d1, d2]] of touched) {
      addTouched.run(point, d1, d2);
      for (const node of up(point)) addUp.run(point, node);
    }
    moveToNodes(-1);
    const clear = sql(
      'DELETE FROM v2_followup_rollup_daily WHERE experience_point_id = ? AND local_day >= ? AND local_day < ?',
    );
    for (const [point, [d1, d2]] of touched) clear.run(point, d1, d2);
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
  }

  function rebuildNodes(): void {
    const up = tree();
    const points = sql('SELECT DISTINCT experience_point_id FROM v2_followup_rollup_daily')
      .pluck()
      .all() as number[];
    const pairs = points.flatMap((p) => up(p).map((node) => [p, node]));
    sql('DELETE FROM v2_followup_node_rollup').run();
    sql(
      `INSERT INTO v2_followup_node_rollup (node_id, bucket, ${key}, n)
       SELECT o.value ->> 1, ${periodBucketSql('r.local_day', 'l.value')} AS b, r.survey_id, r.misuse,
         r.followup_question_id, r.followup_option_id, r.label_id, sum(r.n)
       FROM json_each(@pairs) o JOIN v2_followup_rollup_daily r ON r.experience_point_id = o.value ->> 0
       CROSS JOIN json_each('[0,1,2]') l
       GROUP BY 1, b, ${key.replace(/(\w+)/g, 'r.$1')}`,
    ).run({ pairs: JSON.stringify(pairs) });
  }

  return { recount, rebuildNodes };
}
