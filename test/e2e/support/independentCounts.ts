// The second route for expected numbers: reads the SQLite facts directly (not the rollups the app's query uses).
import Database from 'better-sqlite3';

export interface GroupChoice {
  id: number;
  name: string;
}

/** Presses per local day and button of a subtree, misuse left out (the chart's rule), straight from the facts. */
export function countsBySubtree(storePath: string, rootId: number): Map<string, number> {
  const db = new Database(storePath, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `WITH RECURSIVE sub(id) AS (
           SELECT experience_point_id FROM experience_point WHERE experience_point_id = @root
           UNION SELECT e.experience_point_id FROM experience_point e JOIN sub ON e.parent_id = sub.id)
         SELECT local_day AS day, button_index AS button, COUNT(*) AS n
         FROM v2_button_feedback WHERE misuse = 0 AND experience_point_id IN (SELECT id FROM sub)
         GROUP BY local_day, button_index`,
      )
      .all({ root: rootId }) as Array<{ day: string; button: number; n: number }>;
    return new Map(rows.map((r) => [`${r.day}/${r.button}`, r.n]));
  } finally {
    db.close();
  }
}

/** A group directly under the root whose subtree holds some, but not all, presses: picking it must change the chart. */
export function pickGroup(storePath: string): { root: GroupChoice; group: GroupChoice } {
  const db = new Database(storePath, { readonly: true, fileMustExist: true });
  try {
    const root = db
      .prepare(
        `SELECT experience_point_id AS id, name FROM experience_point WHERE parent_id IS NULL ORDER BY id LIMIT 1`,
      )
      .get() as GroupChoice | undefined;
    if (!root) throw new Error('the store holds no tree');
    const groups = db
      .prepare(
        `SELECT experience_point_id AS id, name FROM experience_point WHERE parent_id = ? AND type = 'GROUP' ORDER BY id`,
      )
      .all(root.id) as GroupChoice[];
    const total = sum(countsBySubtree(storePath, root.id));
    const group = groups.find((g) => {
      const n = sum(countsBySubtree(storePath, g.id));
      return n > 0 && n < total;
    });
    if (!group) throw new Error('no group under the root holds a proper part of the presses');
    return { root, group };
  } finally {
    db.close();
  }
}

export function sum(counts: Map<string, number>): number {
  let n = 0;
  for (const v of counts.values()) n += v;
  return n;
}
