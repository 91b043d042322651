// The second route for intervals and the change's split: means, variances and counts by plain SQL over the fact table.
import Database from 'better-sqlite3';
import type { Span } from './viewCounts.ts';

const facts = `FROM v2_button_feedback f JOIN v2_survey s ON s.survey_id = f.survey_id
  WHERE f.misuse = 0 AND s.feedback_scale = @scale AND f.local_day BETWEEN @first AND @last`;

function withDb<T>(storePath: string, run: (db: Database.Database) => T): T {
  const db = new Database(storePath, { readonly: true, fileMustExist: true });
  try {
    return run(db);
  } finally {
    db.close();
  }
}

export interface Moments {
  n: number;
  /** Mean button index. */
  mean: number;
  /** Population variance Σ(i − x̄)²/N. */
  variance: number;
}

const momentColumns = `COUNT(*) AS n, AVG(f.button_index) AS mean,
  AVG(f.button_index * f.button_index) - AVG(f.button_index) * AVG(f.button_index) AS variance`;

/** Per local day of the span: N, mean index and variance. */
export function momentsPerDay(storePath: string, span: Span): Map<string, Moments> {
  return withDb(storePath, (db) => {
    const rows = db
      .prepare(`SELECT f.local_day AS day, ${momentColumns} ${facts} GROUP BY f.local_day`)
      .all(span) as (Moments & { day: string })[];
    return new Map(rows.map((r) => [r.day, r]));
  });
}

/** The whole span's N, mean index and variance. */
export function momentsOf(storePath: string, span: Span): Moments {
  return withDb(storePath, (db) => db.prepare(`SELECT ${momentColumns} ${facts}`).get(span) as Moments);
}

/** Per child of the tree's root (its whole subtree): N and Σ index, by child id. */
export function sumsPerRootChild(storePath: string, span: Span): Map<number, { n: number; sum: number }> {
  return withDb(storePath, (db) => {
    const rows = db
      .prepare(
        `WITH RECURSIVE sub(top, id) AS (
           SELECT c.experience_point_id, c.experience_point_id FROM experience_point c
             WHERE c.parent_id = (SELECT experience_point_id FROM experience_point WHERE parent_id IS NULL)
           UNION ALL SELECT sub.top, e.experience_point_id FROM experience_point e JOIN sub ON e.parent_id = sub.id)
         SELECT sub.top AS id, COUNT(*) AS n, SUM(f.button_index) AS sum
         ${facts.replace('WHERE', 'JOIN sub ON sub.id = f.experience_point_id WHERE')} GROUP BY sub.top`,
      )
      .all(span) as { id: number; n: number; sum: number }[];
    return new Map(rows.map((r) => [r.id, r]));
  });
}
