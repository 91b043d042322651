// The questions of alert replay for `npm run bench -- queries`: the agreement of every specification with the
// service (the Alerts view's table, precomputed after the sync) and "what if" one specification's threshold were
// stricter (its pair's packed presses swept again, rows and weeks). DuckDB's counterpart counts, for the same pairs,
// each press's sliding window (RANGE over local time) and the presses where the rule's condition holds.
import type Database from 'better-sqlite3';
import { refreshAlertSeries, replayAlertSpecifications } from '../src-main/app/alertReplayService.ts';
import { readAlertRule } from '../src-main/analytics/alertRule.ts';
import { alertSpecifications } from '../src-main/store/repos/alertSeriesRepo.ts';
import { duckRows, type Duck } from './_duckdb.ts';

interface Question {
  name: string;
  project: () => number;
  duck: (d: Duck) => Promise<number>;
}

/** A specification's sliding-window condition in DuckDB: presses whose window makes it hold. */
function windowSql(
  pairs: {
    point: number;
    survey: number;
    windowMs: number;
    nps: boolean;
    threshold: number;
    count: number;
  }[],
): string {
  const values = pairs.map(
    (p) => `(${p.point}, ${p.survey}, ${p.windowMs}, ${p.nps ? 6 : 1}, ${p.threshold}, ${p.count})`,
  );
  return `WITH spec(point, survey, w, neg, threshold, count_threshold) AS (VALUES ${values.join(', ')}),
    win AS (
      SELECT s.point, s.survey, s.threshold, s.count_threshold,
        count(*) OVER w AS n, sum(CASE WHEN p.button <= s.neg THEN 1 ELSE 0 END) OVER w AS k
      FROM press p JOIN spec s ON p.point = s.point AND p.survey = s.survey
      WHERE p.misuse = 0
      WINDOW w AS (PARTITION BY s.point, s.survey, s.w ORDER BY p.local_time RANGE BETWEEN (s.w - 1) PRECEDING AND CURRENT ROW))
    SELECT point, survey, count(*) AS holding FROM win
    WHERE n >= count_threshold AND k * 100 >= threshold * n GROUP BY 1, 2`;
}

export function alertReplayQuestions(sdb: Database.Database): Question[] {
  // Work done after the sync (here, once, if the file was synced before it existed): the packed series and the
  // stored agreement of every specification (app/alertReplayService.ts).
  const t0 = performance.now();
  const refreshed = refreshAlertSeries(sdb);
  console.log(
    `alert replay prepared in ${(performance.now() - t0).toFixed(0)} ms (${refreshed.built} pairs packed, ${refreshed.presses} presses, ${refreshed.summaries} specifications replayed)`,
  );
  const specs = alertSpecifications(sdb);
  // The specification whose pair has the most presses, of a type with a percent threshold.
  const sizes = sdb
    .prepare('SELECT experience_point_id AS p, survey_id AS s, presses FROM v2_alert_series')
    .all() as { p: number; s: number; presses: number }[];
  const size = new Map(sizes.map((r) => [`${r.p}:${r.s}`, r.presses]));
  const biggest = specs
    .filter((s) => s.type === 'negative')
    .sort(
      (a, b) =>
        (size.get(`${b.experiencePointId}:${b.surveyId}`) ?? 0) -
        (size.get(`${a.experiencePointId}:${a.surveyId}`) ?? 0),
    )[0];
  if (!biggest) return [];
  const rule = readAlertRule(biggest.type, biggest.parameters);
  const stricter = rule.threshold + 10;
  const pairOf = (s: (typeof specs)[number], threshold: number) => {
    const r = readAlertRule(s.type, s.parameters);
    return {
      point: s.experiencePointId,
      survey: s.surveyId,
      windowMs: r.windowMin * 60_000,
      nps: s.scale === 'nps',
      threshold,
      count: r.countThreshold,
    };
  };
  const negatives = specs.filter((s) => s.type === 'negative');
  return [
    {
      name: `alert replay: agreement of every specification (${specs.length}) with the service's alerts, per week`,
      project: () => replayAlertSpecifications(sdb, { summary: true }).specifications.length,
      duck: async (d) =>
        await duckRows(
          d,
          windowSql(negatives.map((s) => pairOf(s, readAlertRule(s.type, s.parameters).threshold))),
        ),
    },
    {
      name: `alert what-if (as the Alerts view asks it: agreement and weeks): specification ${biggest.alertSpecificationId} (${size.get(`${biggest.experiencePointId}:${biggest.surveyId}`) ?? 0} presses) at threshold ${stricter}`,
      project: () =>
        replayAlertSpecifications(sdb, {
          specificationId: biggest.alertSpecificationId,
          threshold: stricter,
          summary: true,
        }).weeks.length,
      duck: async (d) => await duckRows(d, windowSql([pairOf(biggest, stricter)])),
    },
    {
      name: `alert what-if with every row (the CLI's \`alerts replay --spec\`): specification ${biggest.alertSpecificationId} at threshold ${stricter}`,
      project: () =>
        replayAlertSpecifications(sdb, { specificationId: biggest.alertSpecificationId, threshold: stricter })
          .rows.length,
      duck: async (d) => await duckRows(d, windowSql([pairOf(biggest, stricter)])),
    },
  ];
}
