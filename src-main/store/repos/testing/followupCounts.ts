// For tests: the follow-up rollups as stored, and the same counted from the follow-up facts by plain SQL (a second
// route: calendar keys from SQLite's own date functions, nodes by a recursive walk up the stored tree).
import { expect } from 'vitest';
import type { Store } from '../../db.ts';

const label = `CASE WHEN r.label_id = 0 THEN NULL ELSE (SELECT option_text FROM v2_followup_label WHERE label_id = r.label_id) END`;

/** Both rollups as stored (labels as text, rows summing to 0 left out: a recount may leave them). */
export function storedFollowups(s: Store): { points: unknown[]; nodes: unknown[] } {
  const cols = 'r.survey_id, r.misuse, r.followup_question_id, r.followup_option_id';
  return {
    points: s.db
      .prepare(
        `SELECT r.experience_point_id AS id, r.local_day AS b, ${cols}, ${label} AS label, r.n
         FROM v2_followup_rollup_daily r WHERE r.n <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7`,
      )
      .all(),
    nodes: s.db
      .prepare(
        `SELECT r.node_id AS id, r.bucket AS b, ${cols}, ${label} AS label, r.n
         FROM v2_followup_node_rollup r WHERE r.n <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7`,
      )
      .all(),
  };
}

/**
 * The same from the facts by plain SQL: the local date's day number, its week's Monday (SQLite 'weekday 1' after
 * going back 6 days) + 1000000, its month's first day ('start of month') + 2000000; selections per option text and
 * distinct feedbacks per question (option -1); nodes through a recursive walk up the stored tree, and -1.
 */
export function followupsFromFacts(s: Store): { points: unknown[]; nodes: unknown[] } {
  const dayOf = (d: string): string => `CAST(julianday(${d}) - 2440587.5 AS INTEGER)`;
  const rows = `WITH f AS (SELECT *, date(local_time / 1000, 'unixepoch') AS date FROM v2_followup_feedback),
    sel AS (
      SELECT experience_point_id AS point, date, survey_id, misuse, followup_question_id AS q, followup_option_id AS o,
        option_text AS label, count(*) AS n FROM f GROUP BY 1, 2, 3, 4, 5, 6, 7
      UNION ALL
      SELECT point, date, survey_id, misuse, q, -1, NULL, count(*) FROM (SELECT DISTINCT experience_point_id AS point,
        local_time, feedback_id, date, survey_id, misuse, followup_question_id AS q FROM f) GROUP BY 1, 2, 3, 4, 5),
    up(point, node) AS (
      SELECT e.experience_point_id, e.parent_id FROM experience_point e WHERE e.parent_id IS NOT NULL
      UNION SELECT up.point, e.parent_id FROM up JOIN experience_point e ON e.experience_point_id = up.node
      WHERE e.parent_id IS NOT NULL),
    node_of(point, node) AS (SELECT point, node FROM up UNION ALL SELECT DISTINCT point, -1 FROM sel),
    level(b, date) AS (SELECT ${dayOf('d.date')}, d.date FROM (SELECT DISTINCT date FROM sel) d
      UNION ALL SELECT 1000000 + ${dayOf("date(d.date, '-6 days', 'weekday 1')")}, d.date FROM (SELECT DISTINCT date FROM sel) d
      UNION ALL SELECT 2000000 + ${dayOf("date(d.date, 'start of month')")}, d.date FROM (SELECT DISTINCT date FROM sel) d)`;
  return {
    points: s.db
      .prepare(
        `${rows} SELECT point AS id, ${dayOf('date')} AS b, survey_id, misuse, q AS followup_question_id,
           o AS followup_option_id, label, sum(n) AS n FROM sel GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7`,
      )
      .all(),
    nodes: s.db
      .prepare(
        `${rows} SELECT o.node AS id, l.b, sel.survey_id, sel.misuse, sel.q AS followup_question_id,
           sel.o AS followup_option_id, sel.label, sum(sel.n) AS n
         FROM sel JOIN node_of o ON o.point = sel.point JOIN level l ON l.date = sel.date
         GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7`,
      )
      .all(),
  };
}

export const expectEqualToFacts = (s: Store): void => {
  const expected = followupsFromFacts(s);
  expect(expected.points.length).toBeGreaterThan(0);
  expect(storedFollowups(s)).toEqual(expected);
};
