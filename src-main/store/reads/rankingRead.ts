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

/** Presses per point and button of two periods, as `periodCountsPerPoint` reads them. */
export interface PointPeriodCounts {
  /** The points read, in the order first met. */
  points: number[];
  /** Per point (at its position in `points` × 2 × buttons): the current period's presses per button, then the previous period's. */
  counts: Float64Array;
}

/**
 * Presses per point and button of two periods over bucket ranges `[lo, hi, weight in the previous period, weight in
 * the current]` of the period rollup, each range added (1), taken away (−1) or left out (0) of each period (a week
 * minus the days outside the period); a range both periods use (the days where they meet) is read once. Time first:
 * each bucket range holds every point. Each range's rows come back as one JSON array per column and are summed here:
 * grouping ~80k rows of `xlarge` by point in SQL (its sorter) and reading them row by row both cost more than this.
 */
export function periodCountsPerPoint(
  db: Database.Database,
  f: RankingFilter,
  ranges: readonly (readonly number[])[],
): PointPeriodCounts {
  const c = conditions(f);
  const columns = ['r.experience_point_id', ...Array.from({ length: f.buttons }, (_, i) => `r.n${i}`)];
  const read = statement(
    db,
    `SELECT ${columns.map((x) => `json_group_array(${x})`).join(', ')} FROM v2_button_rollup_period r
     WHERE r.bucket >= @lo AND r.bucket < @hi AND ${c.where.join(' AND ')}`,
  ).raw(true);
  const width = 2 * f.buttons;
  const slots = new Map<number, number>();
  const points: number[] = [];
  let counts: Float64Array<ArrayBuffer> = new Float64Array(width * 2); // grows by doubling
  for (const [lo = 0, hi = 0, prev = 0, cur = 0] of ranges) {
    const [ids = [], ...buttons] = (read.get({ ...c.params, lo, hi }) as string[]).map(
      (column) => JSON.parse(column) as number[],
    );
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k] ?? 0;
      let slot = slots.get(id);
      if (slot === undefined) {
        slots.set(id, (slot = points.push(id) - 1));
        if (points.length * width > counts.length) counts = grown(counts);
      }
      const at = slot * width;
      for (let b = 0; b < f.buttons; b++) {
        const n = buttons[b]?.[k] ?? 0;
        counts[at + b] = (counts[at + b] ?? 0) + n * cur;
        counts[at + f.buttons + b] = (counts[at + f.buttons + b] ?? 0) + n * prev;
      }
    }
  }
  return { points, counts };
}

function grown(counts: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const more = new Float64Array(counts.length * 2);
  more.set(counts);
  return more;
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
