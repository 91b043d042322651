// The second route for the views' numbers: plain SQL over the store's fact table (not the rollups the engine reads),
// joined to the stored survey definitions for the scale; misuse left out, as the views do by default.
import Database from 'better-sqlite3';

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

export interface Span {
  scale: string;
  first: string;
  last: string;
}

/** The newest local day that holds a press (misuse included: the app's anchor for presets). */
export function lastDay(storePath: string): string {
  return withDb(storePath, (db) => {
    const row = db.prepare('SELECT max(local_day) AS day FROM v2_button_feedback').get() as { day: string };
    return row.day;
  });
}

/** Presses per button index in the span. */
export function pressesPerButton(storePath: string, span: Span): Map<number, number> {
  return withDb(storePath, (db) => {
    const rows = db
      .prepare(`SELECT f.button_index AS b, COUNT(*) AS n ${facts} GROUP BY f.button_index`)
      .all(span) as { b: number; n: number }[];
    return new Map(rows.map((r) => [r.b, r.n]));
  });
}

/** Presses per month `yyyy-MM` in the span. */
export function pressesPerMonth(storePath: string, span: Span): Map<string, number> {
  return withDb(storePath, (db) => {
    const rows = db
      .prepare(`SELECT substr(f.local_day, 1, 7) AS m, COUNT(*) AS n ${facts} GROUP BY m`)
      .all(span) as { m: string; n: number }[];
    return new Map(rows.map((r) => [r.m, r.n]));
  });
}

/** Presses per `weekday/hour` (ISO weekday, local hour of the point's own clock) in the span. */
export function pressesPerHourOfWeek(storePath: string, span: Span): Map<string, number> {
  return withDb(storePath, (db) => {
    const rows = db
      .prepare(
        `SELECT f.local_weekday AS d, f.local_hour AS h, COUNT(*) AS n ${facts} GROUP BY f.local_weekday, f.local_hour`,
      )
      .all(span) as { d: number; h: number; n: number }[];
    return new Map(rows.map((r) => [`${r.d}/${r.h}`, r.n]));
  });
}

/** Days in the span with a press on local weekday `d` (ISO) in local hour `h`: the Data view's rows of that cell. */
export function daysWithPressesAt(storePath: string, span: Span, d: number, h: number): number {
  return withDb(storePath, (db) => {
    const row = db
      .prepare(
        `SELECT COUNT(DISTINCT f.local_day) AS n ${facts} AND f.local_weekday = @d AND f.local_hour = @h`,
      )
      .get({ ...span, d, h }) as { n: number };
    return row.n;
  });
}

/** Presses in the whole subtree of each child of the tree's root, by child id (children without presses left out). */
export function pressesPerRootChild(storePath: string, span: Span): Map<number, number> {
  return withDb(storePath, (db) => {
    const rows = db
      .prepare(
        `WITH RECURSIVE sub(top, id) AS (
           SELECT c.experience_point_id, c.experience_point_id FROM experience_point c
             WHERE c.parent_id = (SELECT experience_point_id FROM experience_point WHERE parent_id IS NULL)
           UNION ALL SELECT sub.top, e.experience_point_id FROM experience_point e JOIN sub ON e.parent_id = sub.id)
         SELECT sub.top AS id, COUNT(*) AS n ${facts.replace('WHERE', 'JOIN sub ON sub.id = f.experience_point_id WHERE')}
         GROUP BY sub.top`,
      )
      .all(span) as { id: number; n: number }[];
    return new Map(rows.map((r) => [r.id, r.n]));
  });
}

/** Presses per button in each month (`yyyy-MM`) or day (`yyyy-MM-dd`) of the span: bucket → button → count. */
export function pressesPerBucketButton(
  storePath: string,
  span: Span,
  grain: 'month' | 'day',
): Map<string, Map<number, number>> {
  const bucket = grain === 'month' ? 'substr(f.local_day, 1, 7)' : 'f.local_day';
  return withDb(storePath, (db) => {
    const rows = db
      .prepare(
        `SELECT ${bucket} AS k, f.button_index AS b, COUNT(*) AS n ${facts} GROUP BY k, f.button_index`,
      )
      .all(span) as { k: string; b: number; n: number }[];
    const out = new Map<string, Map<number, number>>();
    for (const r of rows) out.set(r.k, (out.get(r.k) ?? new Map<number, number>()).set(r.b, r.n));
    return out;
  });
}

/** Happy Index of presses per button on a scale of k buttons: 100 · Σ(i · nᵢ) / ((k − 1) · N), written out here. */
export function happyIndexOf(perButton: Map<number, number>, k: number): number {
  let n = 0;
  let weighted = 0;
  for (const [i, c] of perButton) {
    n += c;
    weighted += i * c;
  }
  return (100 * weighted) / ((k - 1) * n);
}
