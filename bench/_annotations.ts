// The annotation question of `npm run bench -- queries`: a note's before/after estimate, matched on weekday × hour
// (four weeks each side), on one country and on the whole tree, each with a DuckDB counterpart over the raw presses.
import type Database from 'better-sqlite3';
import { annotationEffect } from '../src-main/analytics/annotationEffect.ts';
import { duckRows, type Duck } from './_duckdb.ts';

interface Question {
  name: string;
  project: () => number;
  duck: (d: Duck) => Promise<number>;
}

/** `note`: the note's day (28 days before it and 28 from it are read); `country`: a child of the root. */
export function annotationQuestions(
  _sdb: Database.Database,
  o: { country: number; note: string },
): Question[] {
  const ms = (date: string): number => Date.parse(date);
  const day = 86_400_000;
  const four = `survey IN (SELECT survey FROM survey WHERE scale = 'four')`;
  const duck = (within: string) => (d: Duck) =>
    duckRows(
      d,
      `SELECT p.local_time >= ${ms(o.note)} AS after, (p.local_time // 86400000 + 3) % 7 AS weekday,
         (p.local_time // 3600000) % 24 AS hour, p.button, count(*) AS n
       FROM press p ${within ? 'JOIN closure c ON c.point = p.point' : ''}
       WHERE p.local_time >= ${ms(o.note) - 28 * day} AND p.local_time < ${ms(o.note) + 28 * day}
         AND p.misuse = 0 AND p.${four} ${within}
       GROUP BY 1, 2, 3, 4`,
    );
  return [
    {
      name: 'annotation before/after: Happy Index matched on weekday × hour, 28 d each side, one country',
      project: () =>
        annotationEffect(_sdb, { experiencePointId: o.country, from: o.note, to: o.note, scale: 'four' })
          .matchedCells,
      duck: duck(`AND c.ancestor = ${o.country}`),
    },
    {
      name: 'annotation before/after: the same on the whole tree',
      project: () =>
        annotationEffect(_sdb, { experiencePointId: null, from: o.note, to: o.note, scale: 'four' })
          .matchedCells,
      duck: duck(''),
    },
  ];
}
