// Named reads of the anomaly search: each node's counts per local day (points from the period rollup's day buckets,
// groups from the daily node rollup) and a busy point's counts per local hour, over the days tested and their baseline.
import type Database from 'better-sqlite3';
import { keptUntilChange } from './keptUntilChange.ts';
import { pressHours } from './reads/rollupRead.ts';
import { statement } from './statements.ts';

/** What is counted per cell: `[negative, presses]` for the negative share, presses per button 0..10 otherwise. */
export type AnomalyCounting = 'negative' | 'buttons';

export interface AnomalyReadFilter {
  /** Local day numbers: first inclusive, last exclusive. */
  fromDay: number;
  toDay: number;
  /** Only these surveys (absent: all). */
  surveyIds?: readonly number[];
  /** Only surveys on these scales (absent: all). */
  scales?: readonly string[];
  includeMisuse: boolean;
}

export interface AnomalyCountRow {
  id: number;
  /** A local day number, or a local hour key (hours since 1970-01-01 on the wall clock). */
  key: number;
  counts: number[];
}

export interface AnomalyTreeNode {
  id: number;
  name: string;
  parent: number | null;
  type: 'GROUP' | 'EXPERIENCE_POINT';
}

const buttons = Array.from({ length: 11 }, (_, i) => `sum(r.n${i}) AS c${i}`).join(', ');
const all = Array.from({ length: 11 }, (_, i) => `r.n${i}`).join(' + ');
const red = Array.from({ length: 7 }, (_, i) => `r.n${i}`).join(' + ');
/** Red faces: 0 and 1 on four and five faces (DECISIONS.md), 0–6 (detractors) on NPS. */
const negative = `sum(CASE WHEN s.feedback_scale = 'nps' THEN ${red} ELSE r.n0 + r.n1 END) AS c0, sum(${all}) AS c1`;

function where(filter: AnomalyReadFilter, params: Record<string, unknown>): string {
  const out: string[] = [];
  if (!filter.includeMisuse) out.push('r.misuse = 0');
  if (filter.surveyIds) {
    out.push('r.survey_id IN (SELECT value FROM json_each(@surveyIds))');
    params.surveyIds = JSON.stringify(filter.surveyIds);
  }
  if (filter.scales) {
    out.push('s.feedback_scale IN (SELECT value FROM json_each(@scales))');
    params.scales = JSON.stringify(filter.scales);
  }
  return out.map((w) => ` AND ${w}`).join('');
}

/**
 * The rows one at a time (iterated: the caller keeps only what it counts; a year of a busy world's hours is a million
 * rows, some 300 MB as arrays). Consume them before the connection runs anything else.
 */
function* rows(
  db: Database.Database,
  sql: string,
  params: Record<string, unknown>,
  width: number,
): Generator<AnomalyCountRow, void, undefined> {
  for (const r of statement(db, sql).raw().iterate(params) as IterableIterator<number[]>)
    yield { id: r[0] ?? 0, key: r[1] ?? 0, counts: r.slice(2, 2 + width) };
}

/** Rows per count read: iterated once, in the read's order. */
export type AnomalyRows = Iterable<AnomalyCountRow>;

/**
 * Counts per (point, local day) of the points `ids` (absent: every point), from the period rollup's day buckets:
 * the time-first key makes the days one key range whatever the number of points, grouped in key order (no sort).
 */
export function pointDayCounts(
  db: Database.Database,
  counting: AnomalyCounting,
  filter: AnomalyReadFilter,
  ids?: readonly number[],
): AnomalyRows {
  const params: Record<string, unknown> = { fromDay: filter.fromDay, toDay: filter.toDay };
  let points = '';
  if (ids) {
    points = ' AND r.experience_point_id IN (SELECT value FROM json_each(@ids))';
    params.ids = JSON.stringify(ids);
  }
  const sql = `SELECT r.experience_point_id, r.bucket, ${counting === 'negative' ? negative : buttons}
    FROM v2_button_rollup_period r JOIN v2_survey s ON s.survey_id = r.survey_id
    WHERE r.bucket >= @fromDay AND r.bucket < @toDay${points}${where(filter, params)}
    GROUP BY r.bucket, r.experience_point_id`;
  return rows(db, sql, params, counting === 'negative' ? 2 : 11);
}

/** Counts per (group, local day) from the daily node rollup: every press of the group's subtree, each once. */
export function nodeDayCounts(
  db: Database.Database,
  counting: AnomalyCounting,
  filter: AnomalyReadFilter,
  ids: readonly number[],
): AnomalyRows {
  if (ids.length === 0) return [];
  const params: Record<string, unknown> = {
    fromDay: filter.fromDay,
    toDay: filter.toDay,
    ids: JSON.stringify(ids),
  };
  const sql = `SELECT r.node_id, r.local_day, ${counting === 'negative' ? negative : buttons}
    FROM v2_node_rollup_daily r JOIN v2_survey s ON s.survey_id = r.survey_id
    WHERE r.node_id IN (SELECT value FROM json_each(@ids)) AND r.local_day >= @fromDay AND r.local_day < @toDay
      ${where(filter, params)}
    GROUP BY r.node_id, r.local_day`;
  return rows(db, sql, params, counting === 'negative' ? 2 : 11);
}

/** Counts per (point, local hour) of the points `ids`, from the facts: one key range per point, in hour order. */
export function pointHourCounts(
  db: Database.Database,
  counting: AnomalyCounting,
  filter: AnomalyReadFilter,
  ids: readonly number[],
): AnomalyRows {
  if (ids.length === 0) return [];
  const params: Record<string, unknown> = {
    fromMs: filter.fromDay * 86_400_000,
    toMs: filter.toDay * 86_400_000,
    ids: JSON.stringify(ids),
  };
  const sql = `SELECT r.experience_point_id, r.local_hour, ${counting === 'negative' ? negative : buttons}
    FROM ${pressHours} r JOIN v2_survey s ON s.survey_id = r.survey_id
    WHERE r.experience_point_id IN (SELECT value FROM json_each(@ids))
      AND r.local_time >= @fromMs AND r.local_time < @toMs${where(filter, params)}
    GROUP BY r.experience_point_id, r.local_hour`;
  return rows(db, sql, params, counting === 'negative' ? 2 : 11);
}

/** The stored tree: every node with its name, parent and type (kept until the file changes; frozen: shared). */
export function anomalyTree(db: Database.Database): readonly AnomalyTreeNode[] {
  return keptUntilChange(db, 'anomaly.tree', () =>
    Object.freeze(
      db
        .prepare<[], AnomalyTreeNode>(
          'SELECT experience_point_id AS id, name, parent_id AS parent, type FROM experience_point ORDER BY 1',
        )
        .all(),
    ),
  );
}

/**
 * Per local day of [fromDay, toDay) with presses (misuse excluded, stored surveys): `[day, presses, red, Σ point ×
 * presses, Σ point × red]`, from the period rollup's day buckets. Two reads that give the same numbers for a day saw
 * the same counts of the negative share on every point that day, up to a change that keeps all four sums (the
 * anomaly tests computed ahead use it to find the first day a sync changed).
 */
export function anomalyDaySignatures(db: Database.Database, fromDay: number, toDay: number): number[][] {
  return statement(
    db,
    `SELECT bucket, sum(n), sum(k), sum(experience_point_id * n), sum(experience_point_id * k) FROM (
         SELECT r.bucket, r.experience_point_id, ${all} AS n,
           CASE WHEN s.feedback_scale = 'nps' THEN ${red} ELSE r.n0 + r.n1 END AS k
         FROM v2_button_rollup_period r JOIN v2_survey s ON s.survey_id = r.survey_id
         WHERE r.bucket >= ? AND r.bucket < ? AND r.misuse = 0)
       GROUP BY bucket`,
  )
    .raw()
    .all(fromDay, toDay) as number[][];
}
