// The questions of intervals and "why it changed" for `npm run bench -- queries`: the Overview's figures and trend
// with their 95% intervals, and the change split by child and by survey, each with a DuckDB counterpart.
import type Database from 'better-sqlite3';
import { explainChange } from '../src-main/analytics/explain.ts';
import { runQuery } from '../src-main/analytics/query.ts';
import { duckRows, type Duck } from './_duckdb.ts';

interface Question {
  name: string;
  project: () => number;
  duck: (d: Duck) => Promise<number>;
}

/** `country`: a child of the root; dates yyyy-MM-dd; `ms` a date's local milliseconds. */
export function intervalQuestions(
  sdb: Database.Database,
  o: { country: number; today: string; d30: string; d60: string; d90: string; d180: string },
): Question[] {
  const ms = (date: string): number => Date.parse(date);
  const four = `survey IN (SELECT survey FROM survey WHERE scale = 'four')`;
  const rootChildren = (
    sdb
      .prepare(
        `SELECT experience_point_id FROM experience_point
         WHERE parent_id = (SELECT experience_point_id FROM experience_point WHERE parent_id IS NULL)`,
      )
      .pluck()
      .all() as number[]
  ).join(', ');
  const explainDuck = (by: 'point' | 'survey', within: string) => (d: Duck) =>
    duckRows(
      d,
      `SELECT ${by === 'point' ? 'c.ancestor' : 'p.survey'} AS part, p.local_time >= ${ms(o.d30)} AS current,
         count(*) AS n, sum(p.button) AS w
       FROM press p ${by === 'point' ? 'JOIN closure c ON c.point = p.point' : ''}
       WHERE p.local_time >= ${ms(o.d60)} AND p.local_time < ${ms(o.today)} AND p.misuse = 0 AND p.${four} ${within}
       GROUP BY 1, 2`,
    );
  return [
    {
      name: 'overview ± 95%: presses + Happy Index with intervals, 30 d vs previous 30 d (z of the change)',
      project: () =>
        runQuery(sdb, {
          measures: ['presses', 'happyIndex'],
          groupBy: [],
          filter: { from: o.d30, to: o.today, scale: 'four' },
          comparison: { kind: 'previousPeriod' },
          interval: true,
        }).length,
      duck: (d) =>
        duckRows(
          d,
          `SELECT local_time >= ${ms(o.d30)} AS current, count(*) AS n, avg(button) AS mean, var_pop(button) AS v
           FROM press WHERE local_time >= ${ms(o.d60)} AND local_time < ${ms(o.today)} AND misuse = 0 AND ${four}
           GROUP BY 1`,
        ),
    },
    {
      name: 'trend band: Happy Index ± 95% per day, 90 d vs previous 90 d, whole tree',
      project: () =>
        runQuery(sdb, {
          measures: ['happyIndex', 'presses'],
          groupBy: ['day'],
          filter: { from: o.d90, to: o.today, scale: 'four' },
          comparison: { kind: 'previousPeriod' },
          interval: true,
        }).length,
      duck: (d) =>
        duckRows(
          d,
          `SELECT local_time // 86400000 AS day, count(*) AS n, avg(button) AS mean, var_pop(button) AS v FROM press
           WHERE local_time >= ${ms(o.d180)} AND local_time < ${ms(o.today)} AND misuse = 0 AND ${four}
           GROUP BY 1 ORDER BY 1`,
        ),
    },
    {
      name: 'why it changed: Happy Index 30 d vs previous, split over the root’s children (+ reasons)',
      project: () =>
        explainChange(sdb, {
          filter: { from: o.d30, to: o.today },
          scales: ['four'],
          measure: 'happyIndex',
          by: 'point',
          comparison: 'previousPeriod',
        }).rows.length,
      duck: explainDuck('point', `AND c.ancestor IN (${rootChildren})`),
    },
    {
      name: 'why it changed: Happy Index 30 d vs previous, one country, split over its surveys (+ reasons)',
      project: () =>
        explainChange(sdb, {
          filter: { from: o.d30, to: o.today, experiencePointIds: [o.country] },
          scales: ['four'],
          measure: 'happyIndex',
          by: 'survey',
          comparison: 'previousPeriod',
        }).rows.length,
      duck: explainDuck('survey', `AND p.point IN (SELECT point FROM closure WHERE ancestor = ${o.country})`),
    },
  ];
}
