// The second route for the follow-ups, comments, alerts, people and reconciliation views: plain SQL over the synced
// tables (not the analytics code the views ask), and JavaScript where a rule is simpler there.
import Database from 'better-sqlite3';

function read<T>(storePath: string, run: (db: Database.Database) => T): T {
  const db = new Database(storePath, { readonly: true, fileMustExist: true });
  try {
    return run(db);
  } finally {
    db.close();
  }
}

/** Times each pain-point option (by its text) was chosen, misuse left out, most first. */
export function painPointCounts(storePath: string): Array<{ option: string; n: number }> {
  return read(
    storePath,
    (db) =>
      db
        .prepare(
          `SELECT f.option_text AS option, COUNT(*) AS n
         FROM v2_followup_feedback f JOIN v2_followup_question q USING (followup_question_id)
         WHERE q.positive = 0 AND f.misuse = 0 GROUP BY f.option_text ORDER BY n DESC, option`,
        )
        .all() as Array<{ option: string; n: number }>,
  );
}

/** Comments neither spam nor misuse; with `word`, only those where it stands as a whole word (any case). */
export function commentCount(storePath: string, word?: string): number {
  const rows = read(
    storePath,
    (db) =>
      db
        .prepare(`SELECT text, text_in_english AS en FROM v2_text_feedback WHERE spam = 0 AND misuse = 0`)
        .all() as Array<{ text: string | null; en: string | null }>,
  );
  if (!word) return rows.length;
  const re = new RegExp(`(^|[^\\p{L}\\p{N}])${word}([^\\p{L}\\p{N}]|$)`, 'iu');
  return rows.filter((r) => re.test(r.text ?? '') || re.test(r.en ?? '')).length;
}

/** Every alert, and those still open (no end). */
export function alertCounts(storePath: string): { all: number; open: number; acknowledged: number } {
  return read(
    storePath,
    (db) =>
      db
        .prepare(
          `SELECT COUNT(*) AS "all", SUM(end_time IS NULL) AS open, SUM(acknowledged) AS acknowledged FROM v2_alert`,
        )
        .get() as { all: number; open: number; acknowledged: number },
  );
}

/** Feedbacks with demographics per gender, misuse left out. */
export function genderCounts(storePath: string): Map<string, number> {
  const rows = read(
    storePath,
    (db) =>
      db
        .prepare(`SELECT gender, COUNT(*) AS n FROM v2_demographics WHERE misuse = 0 GROUP BY gender`)
        .all() as Array<{ gender: string | null; n: number }>,
  );
  return new Map(rows.map((r) => [r.gender ?? '', r.n]));
}

/** v1 summed results and v1 raw presses over local days [from, to] (inclusive), every survey. */
export function v1Totals(storePath: string, from: string, to: string): { summed: number; raw: number } {
  const day = (d: string): number => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  return read(storePath, (db) => {
    const summed = db
      .prepare(
        `SELECT COALESCE(SUM(n0 + n1 + n2 + n3), 0) AS n FROM v1_summed_result WHERE local_day BETWEEN ? AND ?`,
      )
      .get(day(from), day(to)) as { n: number };
    const raw = db
      .prepare(`SELECT COALESCE(SUM(presses), 0) AS n FROM v1_press WHERE local_day BETWEEN ? AND ?`)
      .get(from, to) as { n: number };
    return { summed: summed.n, raw: raw.n };
  });
}

/** The digits of a formatted number ("1,379" → 1379). */
export function digits(text: string | null): number {
  return Number((text ?? '').replace(/[^\d]/g, ''));
}
