// Named reads of display names: surveys (their stored question text) and experience points (v2 tree, else v1 folders).
import type Database from 'better-sqlite3';
import { named, statement } from '../statements.ts';

const reads = {
  surveys: named(
    'names.surveys',
    `SELECT s.survey_id AS id, coalesce(s.question_text, q.question_text) AS name FROM v2_survey s
     LEFT JOIN v2_question q ON q.question_id = s.question_id
     WHERE s.survey_id IN (SELECT value FROM json_each(@ids))`,
  ),
  points: named(
    'names.points',
    `SELECT value AS id, coalesce(
       (SELECT name FROM experience_point WHERE experience_point_id = value),
       (SELECT name FROM v1_folder WHERE folder_key = value)) AS name
     FROM json_each(?)`,
  ),
};

/** Question texts of the stored v2 surveys among `ids` (a survey without a text maps to null; unknown ids are absent). */
export function surveyNames(db: Database.Database, ids: Iterable<number>): Map<number, string | null> {
  const rows = statement(db, reads.surveys).all({ ids: JSON.stringify([...ids]) }) as {
    id: number;
    name: string | null;
  }[];
  return new Map(rows.map((n) => [n.id, n.name]));
}

/** Names of experience points (v2 tree, else v1 folders) for a set of ids. */
export function pointNames(db: Database.Database, ids: Iterable<number>): Map<number, string> {
  const list = JSON.stringify([...new Set(ids)]);
  const rows = statement(db, reads.points).all(list) as { id: number; name: string | null }[];
  const out = new Map<number, string>();
  for (const r of rows) if (r.name !== null) out.set(r.id, r.name);
  return out;
}
