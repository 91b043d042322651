// Named reads of a ranking: the tree with each node's type, presses per point of two periods from the period rollup
// (migration 0009), and per point and day from the daily rollup for the sparklines.
import type Database from 'better-sqlite3';
import type { FeedbackScale } from '#shared/contract.ts';
import { keptUntilChange } from '../keptUntilChange.ts';
import { named, statement } from '../statements.ts';

export interface RankingNode {
  id: number;
  parent: number | null;
  name: string;
  type: string;
}

/** What a ranking counts: the scale's surveys (and the chosen ones), misuse left out unless asked. */
export interface RankingFilter {
  scale: FeedbackScale;
  /** How many buttons the scale has: the columns read. */
  buttons: number;
  includeMisuse?: boolean;
  surveyIds?: readonly number[];
}

const nodesRead = named(
  'ranking.nodes',
  'SELECT experience_point_id AS id, parent_id AS parent, name, type FROM experience_point',
);

/** The tree, read again only when the file has changed since (5,117 nodes of `xlarge` were ~3 ms a ranking). Frozen. */
export const rankingNodes = (db: Database.Database): readonly RankingNode[] =>
  keptUntilChange(db, 'ranking.nodes', () => Object.freeze(statement(db, nodesRead).all() as RankingNode[]));

function conditions(f: RankingFilter): { where: string[]; params: Record<string, unknown> } {
  const where: string[] = [];
  const params: Record<string, unknown> = { scale: f.scale };
  if (!f.includeMisuse) where.push('r.misuse = 0');
  where.push('r.survey_id IN (SELECT s.survey_id FROM v2_survey s WHERE s.feedback_scale = @scale)');
  if (f.surveyIds) {
    params.surveyIds = JSON.stringify(f.surveyIds);
    where.push('r.survey_id IN (SELECT value FROM json_each(@surveyIds))');
  }
  return { where, params };
}

/**
 * `[point, current (1) or previous (0), presses per button…]` over bucket ranges `[lo, hi, current, sign]` of the
 * period rollup, each added or taken away (a week minus the days outside the period). Time first: each bucket range
 * holds every point. LIMIT -1 keeps the ranges a subquery of their own, so their JSON is read once, not once per row.
 */
export function periodCountsPerPoint(
  db: Database.Database,
  f: RankingFilter,
  ranges: readonly (readonly number[])[],
): number[][] {
  const c = conditions(f);
  const sums = Array.from({ length: f.buttons }, (_, i) => `sum(r.n${i} * s.sign)`).join(', ');
  return statement(
    db,
    `SELECT r.experience_point_id AS p, s.cur, ${sums}
     FROM (SELECT value ->> 0 AS lo, value ->> 1 AS hi, value ->> 2 AS cur, value ->> 3 AS sign
       FROM json_each(@ranges) LIMIT -1) s
     CROSS JOIN v2_button_rollup_period r ON r.bucket >= s.lo AND r.bucket < s.hi
     WHERE ${c.where.join(' AND ')} GROUP BY 1, 2`,
  )
    .raw(true)
    .all({ ...c.params, ranges: JSON.stringify(ranges) }) as number[][];
}

/** `[point, day, presses per button…]` of the points `leaves` on days `[from, to)` from the daily rollup. */
export function dailyCountsOfPoints(
  db: Database.Database,
  f: RankingFilter,
  leaves: readonly number[],
  from: number,
  to: number,
): number[][] {
  const c = conditions(f);
  const sums = Array.from({ length: f.buttons }, (_, i) => `sum(r.n${i})`).join(', ');
  return statement(
    db,
    `SELECT r.experience_point_id AS p, r.local_day AS d, ${sums}
     FROM v2_button_rollup_daily r WHERE r.experience_point_id IN (SELECT value FROM json_each(@leaves))
       AND r.local_day >= @from AND ${['r.local_day < @to', ...c.where].join(' AND ')} GROUP BY 1, 2`,
  )
    .raw(true)
    .all({ ...c.params, from, to, leaves: JSON.stringify(leaves) }) as number[][];
}
