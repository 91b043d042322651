// v1 node rollups (migration 0011) kept current by a window replace: the difference a replace makes to a survey's rows of the v1 analytics views goes to every ancestor folder.
import type Database from 'better-sqlite3';
import { statement } from '../statements.ts';
import { monthHourSql } from '../periodBuckets.ts';
import { ancestorsOf, createNodeRollup, v1NodeSource } from './nodeRollup.ts';

const counts = ['n0', 'n1', 'n2', 'n3'];

/** Bucket ranges `[lo, hi)` a window can touch: local days and local hours. */
export interface V1Buckets {
  days: readonly [number, number];
  hours: readonly [number, number];
}

export interface V1NodeRollup {
  /**
   * Call before a survey's facts of `buckets` change: notes what the views hold there now and returns the function
   * to call after the change, which adds the difference (new rows minus old) to the survey's folder's ancestors.
   */
  change(surveyKey: number, folderKey: number, buckets: V1Buckets): () => void;
  /** Empties the v1 node rollups and counts them again from the views (after a tree change). */
  rebuild(): void;
}

/**
 * The differences are summed and upserted in SQL (a window is one survey: its rows share no bucket with another
 * point's, so nothing merges across points, and a statement per node row would be most of the sync's time).
 */
export function createV1NodeRollup(db: Database.Database): V1NodeRollup {
  const rebuilt = createNodeRollup(db, v1NodeSource);
  const { daily, hourly, weekhour } = v1NodeSource.tables;
  // Composed statements through the connection's one cache (statements.ts), prepared once per text.
  const sql = (text: string): Database.Statement => statement(db, text);
  let ready = false;
  const ensureTemp = (): void => {
    if (ready) return;
    db.exec(`CREATE TEMP TABLE IF NOT EXISTS v1_node_delta (grain INTEGER NOT NULL, bucket INTEGER NOT NULL,
      misuse INTEGER NOT NULL, n0 INTEGER NOT NULL, n1 INTEGER NOT NULL, n2 INTEGER NOT NULL, n3 INTEGER NOT NULL)`);
    ready = true;
  };
  const grains = [
    [0, daily, 'days'],
    [1, hourly, 'hours'],
  ] as const;
  /** The survey's view rows of both grains into the delta table, counts × sign. */
  const note = (surveyKey: number, b: V1Buckets, sign: 1 | -1): void => {
    for (const [grain, t, range] of grains)
      sql(
        `INSERT INTO temp.v1_node_delta SELECT ${grain}, ${t.bucket}, misuse, ${counts.map((c) => `${sign} * ${c}`).join(', ')}
         FROM ${t.point} WHERE survey_id = ? AND ${t.bucket} >= ? AND ${t.bucket} < ?`,
      ).run(surveyKey, ...b[range]);
  };
  /** Adds the summed differences of one grain (a bucket expression over the delta's) to every node of `nodes`. */
  const apply = (grain: number, t: { node: string; bucket: string }, bucket: string, nodes: string): void => {
    sql(
      `INSERT INTO ${t.node} (node_id, ${t.bucket}, survey_id, misuse, ${counts.join(', ')})
       SELECT a.value, ${bucket} AS b, 0, d.misuse, ${counts.map((c) => `sum(d.${c})`).join(', ')}
       FROM temp.v1_node_delta d CROSS JOIN json_each(@nodes) a WHERE d.grain = ${grain}
       GROUP BY 1, 2, 4 HAVING ${counts.map((c) => `sum(d.${c}) <> 0`).join(' OR ')}
       ON CONFLICT (node_id, ${t.bucket}, survey_id, misuse) DO UPDATE SET
       ${counts.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`,
    ).run({ nodes });
  };
  const tree = (): { id: number; parent: number | null }[] =>
    sql(v1NodeSource.tree).all() as { id: number; parent: number | null }[];
  return {
    change(surveyKey, folderKey, buckets) {
      ensureTemp();
      sql('DELETE FROM temp.v1_node_delta').run();
      note(surveyKey, buckets, -1);
      return () => {
        note(surveyKey, buckets, 1);
        const up = JSON.stringify(ancestorsOf(tree())(folderKey));
        apply(0, daily, 'd.bucket', up);
        apply(1, hourly, 'd.bucket', up);
        apply(1, weekhour, monthHourSql('d.bucket'), up);
        sql('DELETE FROM temp.v1_node_delta').run();
      };
    },
    rebuild: () => rebuilt.rebuild(),
  };
}
