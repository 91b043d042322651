// The anomaly questions for `npm run bench -- queries`: the Unusual list of the whole tree over 30 days as the app
// asks it (answers kept per connection until a sync writes), the same computed afresh (the first ask after a sync),
// and one country over 90 days afresh; DuckDB counts red presses per point and day over the same days.
import type { Store } from '../src-main/store/db.ts';
import { findAnomalies } from '../src-main/analytics/anomalies.ts';
import { answerAnomalies } from '../src-main/app/anomalyService.ts';
import { duckRows, type Duck } from './_duckdb.ts';

interface Question {
  name: string;
  project: () => number;
  duck: (d: Duck) => Promise<number>;
}

const dayMs = 86_400_000;
const before = (date: string, days: number): string =>
  new Date(Date.parse(date) - days * dayMs).toISOString().slice(0, 10);

export function anomalyQuestions(store: Store, o: { country: number; today: string }): Question[] {
  const d30 = before(o.today, 30);
  const d90 = before(o.today, 90);
  const red = (from: string, within: string) => (d: Duck) =>
    duckRows(
      d,
      `SELECT p.point, p.local_time // ${dayMs} AS day, count(*) AS n,
         sum(CASE WHEN s.scale = 'nps' THEN p.button <= 6 ELSE p.button <= 1 END::INTEGER) AS red
       FROM press p JOIN survey s ON s.survey = p.survey ${within}
       WHERE p.local_time >= ${Date.parse(before(from, 56))} AND p.local_time < ${Date.parse(o.today)} AND p.misuse = 0
       GROUP BY 1, 2`,
    );
  return [
    {
      name: 'anomalies: Unusual in this period, whole tree, 30 d (as the app asks again: kept until a sync)',
      project: () =>
        answerAnomalies(store, { filter: { from: d30, to: o.today }, measure: 'negativeShare' }).rows.length,
      duck: red(d30, ''),
    },
    {
      name: 'anomalies, first ask after a sync: whole tree, 30 d, computed afresh',
      project: () =>
        findAnomalies(store.db, { filter: { from: d30, to: o.today }, measure: 'negativeShare' }).rows.length,
      duck: red(d30, ''),
    },
    {
      name: 'anomalies, first ask after a sync: one country, 90 d, computed afresh',
      project: () =>
        findAnomalies(store.db, {
          filter: { from: d90, to: o.today, experiencePointIds: [o.country] },
          measure: 'negativeShare',
        }).rows.length,
      duck: red(d90, `JOIN closure c ON c.point = p.point AND c.ancestor = ${o.country}`),
    },
  ];
}
