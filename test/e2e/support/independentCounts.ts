// The second route for expected numbers: reads the SQLite facts directly (not the rollups the app's query uses),
// joined to the stored survey definitions for the scale.
import Database from 'better-sqlite3';

export interface GroupChoice {
  id: number;
  name: string;
}

/** The selector's segments and the feedback scales each adds up (five_reversed has five's index meaning). */
export const scaleSegments = {
  '4 faces': ['four'],
  '5 faces': ['five', 'five_reversed'],
  'NPS 0–10': ['nps'],
} as const satisfies Record<string, readonly string[]>;
export type ScaleSegment = keyof typeof scaleSegments;

const subtree = `WITH RECURSIVE sub(id) AS (
    SELECT experience_point_id FROM experience_point WHERE experience_point_id = @root
    UNION SELECT e.experience_point_id FROM experience_point e JOIN sub ON e.parent_id = sub.id)`;

/**
 * Presses per local day and button of a subtree on the given feedback scales (absent: all), misuse left out (the
 * chart's rule), straight from the facts joined to the survey definitions.
 */
export function countsBySubtree(
  storePath: string,
  rootId: number,
  scales?: readonly string[],
): Map<string, number> {
  const db = new Database(storePath, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `${subtree}
         SELECT f.local_day AS day, f.button_index AS button, COUNT(*) AS n
         FROM v2_button_feedback f JOIN v2_survey s ON s.survey_id = f.survey_id
         WHERE f.misuse = 0 AND f.experience_point_id IN (SELECT id FROM sub)
           AND (@scales IS NULL OR s.feedback_scale IN (SELECT value FROM json_each(@scales)))
         GROUP BY f.local_day, f.button_index`,
      )
      .all({ root: rootId, scales: scales ? JSON.stringify(scales) : null }) as Array<{
      day: string;
      button: number;
      n: number;
    }>;
    return new Map(rows.map((r) => [`${r.day}/${r.button}`, r.n]));
  } finally {
    db.close();
  }
}

/** Presses of a subtree per selector segment (misuse left out), only segments with presses, most first. */
export function pressesBySegment(storePath: string, rootId: number): Array<[ScaleSegment, number]> {
  const db = new Database(storePath, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `${subtree}
         SELECT s.feedback_scale AS scale, COUNT(*) AS n
         FROM v2_button_feedback f JOIN v2_survey s ON s.survey_id = f.survey_id
         WHERE f.misuse = 0 AND f.experience_point_id IN (SELECT id FROM sub) GROUP BY 1`,
      )
      .all({ root: rootId }) as Array<{ scale: string; n: number }>;
    const segments = Object.entries(scaleSegments) as Array<[ScaleSegment, readonly string[]]>;
    return segments
      .map(([label, scales]): [ScaleSegment, number] => [
        label,
        rows.filter((r) => scales.includes(r.scale)).reduce((a, r) => a + r.n, 0),
      ])
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]);
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
