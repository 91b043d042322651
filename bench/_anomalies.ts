// The anomaly questions for `npm run bench -- queries`: the Unusual list of the whole tree over 30 days as the app
// asks it (answers kept per connection until a sync writes), the same as the first ask after a sync (from the tests
// the sync stored), and one country over 90 days the same way; DuckDB counts red presses per point and day over the
// same days.
import type { Store } from '../src-main/store/db.ts';
import { findAnomalies } from '../src-main/analytics/anomalies.ts';
import { searchCommentPage } from '../src-main/analytics/comments.ts';
import { followupSummary } from '../src-main/analytics/followups.ts';
import { anomaliesOnce, answerAnomalies, refreshAnomalyTests } from '../src-main/app/anomalyService.ts';
import { duckRows, type Duck } from './_duckdb.ts';

interface Question {
  name: string;
  project: () => number;
  duck: (d: Duck) => Promise<number>;
}

const dayMs = 86_400_000;
const before = (date: string, days: number): string =>
  new Date(Date.parse(date) - days * dayMs).toISOString().slice(0, 10);

export function anomalyQuestions(
  store: Store,
  o: { country: number; point: number; today: string },
): Question[] {
  const d30 = before(o.today, 30);
  const d90 = before(o.today, 90);
  const year = `${o.today.slice(0, 4)}-01-01`;
  // What a sync does when it finishes (app/syncService.ts): the tests since 1 January of last year brought up to it;
  // here once from the start (a first sync), then as a sync that changed nothing and one that changed the last day.
  const timed = (label: string, options: { full?: boolean }) => {
    const cpu = process.cpuUsage();
    const r = refreshAnomalyTests(store.db, options);
    const used = process.cpuUsage(cpu);
    console.log(
      `anomaly tests ${label}: ${r.ms.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU (${r.tests} cells tested, from ${r.recomputedFrom ?? '—'})`,
    );
  };
  timed('precomputed from the start', { full: true });
  timed('brought up to a sync that changed nothing', {});
  const fresh = (a: Parameters<typeof findAnomalies>[1]) => {
    const t0 = performance.now();
    const n = findAnomalies(store.db, a).rows.length;
    console.log(
      `  the same computed afresh (before 0015): ${(performance.now() - t0).toFixed(0)} ms, ${n} rows`,
    );
  };
  fresh({ filter: { from: d30, to: o.today }, measure: 'negativeShare' });
  fresh({ filter: { from: d90, to: o.today, experiencePointIds: [o.country] }, measure: 'negativeShare' });
  const red = (from: string, within: string) => (d: Duck) =>
    duckRows(
      d,
      `SELECT p.point, p.local_time // ${dayMs} AS day, count(*) AS n,
         sum(CASE WHEN s.scale = 'nps' THEN p.button <= 6 ELSE p.button <= 1 END::INTEGER) AS red
       FROM press p JOIN survey s ON s.survey = p.survey ${within}
       WHERE p.local_time >= ${Date.parse(before(from, 56))} AND p.local_time < ${Date.parse(o.today)} AND p.misuse = 0
       GROUP BY 1, 2`,
    );
  // The explanation of the most unusual worse day of the whole tree's 30 days: what "Why?" asks (the three follow-up
  // answers chosen most after a red answer, that point and day) and what its link opens (Comments of that point and
  // day, the first page).
  const top = anomaliesOnce(store.db, {
    filter: { from: d30, to: o.today },
    measure: 'negativeShare',
  }).rows.find((r) => r.worse && r.hour === null);
  const why = top
    ? {
        experiencePointIds: [top.experiencePointId],
        from: top.day,
        to: before(top.day, -1),
      }
    : { experiencePointIds: [o.point], from: before(o.today, 1), to: o.today };
  console.log(`  explanation asked of ${why.experiencePointIds[0]} on ${why.from}`);
  return [
    {
      name: 'anomalies: Unusual in this period, whole tree, 30 d (as the app asks again: kept until a sync)',
      project: () =>
        answerAnomalies(store, { filter: { from: d30, to: o.today }, measure: 'negativeShare' }).rows.length,
      duck: red(d30, ''),
    },
    {
      name: 'anomalies, first ask after a sync: whole tree, 30 d, from the tests stored by the sync',
      project: () =>
        anomaliesOnce(store.db, { filter: { from: d30, to: o.today }, measure: 'negativeShare' }).rows.length,
      duck: red(d30, ''),
    },
    {
      name: 'anomalies, first ask after a sync: one country, 90 d, from the tests stored by the sync',
      project: () =>
        anomaliesOnce(store.db, {
          filter: { from: d90, to: o.today, experiencePointIds: [o.country] },
          measure: 'negativeShare',
        }).rows.length,
      duck: red(d90, `JOIN closure c ON c.point = p.point AND c.ancestor = ${o.country}`),
    },
    {
      name: `anomalies, trend markers (first ask after a sync): the busiest point, last 90 d`,
      project: () =>
        anomaliesOnce(store.db, {
          filter: { from: d90, to: o.today, experiencePointIds: [o.point] },
          measure: 'negativeShare',
        }).rows.length,
      duck: red(d90, `JOIN closure c ON c.point = p.point AND c.ancestor = ${o.point}`),
    },
    {
      name: `anomalies, trend markers (first ask after a sync): the busiest point, this year (${year} …)`,
      project: () =>
        anomaliesOnce(store.db, {
          filter: { from: year, to: o.today, experiencePointIds: [o.point] },
          measure: 'negativeShare',
        }).rows.length,
      duck: red(year, `JOIN closure c ON c.point = p.point AND c.ancestor = ${o.point}`),
    },
    {
      name: `anomalies, trend markers (first ask after a sync): whole tree, this year (${year} …)`,
      project: () =>
        anomaliesOnce(store.db, { filter: { from: year, to: o.today }, measure: 'negativeShare' }).rows
          .length,
      duck: red(year, ''),
    },
    {
      name: "anomalies, an explanation (Why?): the point and day's three follow-up answers chosen most after a red one",
      project: () =>
        followupSummary(store.db, { filter: why, side: 'painPoint', limit: 3 }).sides[0]?.options.length ?? 0,
      duck: async (d) =>
        await duckRows(
          d,
          `SELECT label, count(*) FROM followup WHERE positive = 0 AND misuse = 0 AND point = ${why.experiencePointIds[0]}
             AND local_time >= ${Date.parse(why.from)} AND local_time < ${Date.parse(why.to)} GROUP BY 1 ORDER BY 2 DESC LIMIT 3`,
        ),
    },
    {
      name: "anomalies, the link into Comments: that point and day's first page (the comment search's own question)",
      project: () => searchCommentPage(store.db, { filter: why, limit: 50 }).hits.length,
      duck: async (d) =>
        await duckRows(
          d,
          `SELECT id, point, local_time, text FROM comment WHERE spam = 0 AND misuse = 0 AND point = ${why.experiencePointIds[0]}
             AND local_time >= ${Date.parse(why.from)} AND local_time < ${Date.parse(why.to)}
           ORDER BY local_time DESC, id DESC LIMIT 50`,
        ),
    },
  ];
}
