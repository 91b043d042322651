// QuerySpec → SQL over the daily or hourly rollup → result rows (counts), and the experience-point tree for pickers.
import type Database from 'better-sqlite3';
import type {
  GroupDimension,
  QueryRow,
  QuerySpec,
  TreeItem,
  TreeItemType,
} from '../../src-shared/contract.ts';
import { formatLocalDay, formatLocalHour, parseLocalDate } from '../api/localTime.ts';

const buttons = Array.from({ length: 11 }, (_, i) => i);
const sums = buttons.map((i) => `sum(r.n${i}) AS s${i}`).join(', ');
const buttonCount = `CASE b.button_index ${buttons.map((i) => `WHEN ${i} THEN agg.s${i}`).join(' ')} END`;
const buttonValues = `(SELECT column1 AS button_index FROM (VALUES ${buttons.map((i) => `(${i})`).join(', ')}))`;

/**
 * Where presses are read from: the v2 rollups, or — for a store synced through v1 alone — the v1 views of the same
 * shape (survey ids are v1 survey keys there, experience point ids are folder keys; docs/SYNC-SOURCES.md).
 */
export type PressOrigin = 'v2' | 'v1';

/**
 * Which rollup a spec reads: the daily one unless it groups by hour (24× fewer rows for tree-wide day views).
 * `time` is that table's bucket column; `dims` the SQL of each grouping other than the button index.
 */
function source(
  hourly: boolean,
  origin: PressOrigin,
): {
  table: string;
  time: string;
  dims: Record<Exclude<GroupDimension, 'buttonIndex'>, string>;
} {
  const v1 = origin === 'v1';
  return {
    table: hourly
      ? v1
        ? 'v1_analytics_hourly'
        : 'v2_button_rollup_hourly'
      : v1
        ? 'v1_analytics_daily'
        : 'v2_button_rollup_daily',
    time: hourly ? 'r.local_hour' : 'r.local_day',
    dims: {
      day: hourly ? 'r.local_hour / 24' : 'r.local_day',
      hour: 'r.local_hour',
      experiencePointId: 'r.experience_point_id',
      surveyId: 'r.survey_id',
    },
  };
}

/** Meaning checks the shape check cannot make; null when the spec is fine. */
export function querySpecProblem(spec: QuerySpec): string | null {
  const { from, to } = spec.filter;
  if (from !== undefined && parseLocalDate(from) === null) return `filter.from '${from}' is not a real date`;
  if (to !== undefined && parseLocalDate(to) === null) return `filter.to '${to}' is not a real date`;
  if (from !== undefined && to !== undefined && from >= to) return 'filter.from must be before filter.to';
  return null;
}

const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** Each distinct query shape is prepared once per connection. */
export function prepared(db: Database.Database, sql: string): Database.Statement {
  let cache = statementCache.get(db);
  if (!cache) statementCache.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/**
 * v2 presses whenever the store holds any (v2 is authoritative: a company synced through both versions is never
 * counted twice); the v1 views only when v2 holds none and v1 some.
 */
export function pressOrigin(db: Database.Database): PressOrigin {
  if (prepared(db, 'SELECT EXISTS (SELECT 1 FROM v2_button_rollup_daily) AS x').pluck().get()) return 'v2';
  const v1 = prepared(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'v1_press_rollup_daily'")
    .pluck()
    .get();
  if (!v1) return 'v2';
  return prepared(db, 'SELECT EXISTS (SELECT 1 FROM v1_press_rollup_daily) AS x').pluck().get() ? 'v1' : 'v2';
}

/**
 * Presses of surveys on `@scale`: the rollup's survey joined to its stored definition (a semi-join: the few survey
 * ids of that scale are looked up once, then each rollup row is one probe, so the rollup scan stays as it was). A
 * v1-only store lists four-button surveys only (DECISIONS.md "Scales in v1").
 */
export function scaleCondition(origin: PressOrigin): string {
  return origin === 'v1'
    ? "@scale = 'four'"
    : 'r.survey_id IN (SELECT s.survey_id FROM v2_survey s WHERE s.feedback_scale = @scale)';
}

/** `selected_point(id)`: the ids of `@pointIds` and everything below them (ids missing from the tree still match). */
export function selectedPointCte(origin: PressOrigin): string {
  return `selected_point(id) AS (SELECT value FROM json_each(@pointIds)
          UNION SELECT ${
            origin === 'v1'
              ? 'e.folder_key FROM v1_folder e JOIN selected_point s ON e.parent_key = s.id'
              : 'e.experience_point_id FROM experience_point e JOIN selected_point s ON e.parent_id = s.id'
          })`;
}

export function buildQuerySql(spec: QuerySpec, origin: PressOrigin = 'v2'): string {
  const f = spec.filter;
  const dims = [...new Set(spec.groupBy)];
  const byButton = dims.includes('buttonIndex');
  const groups = dims.filter((d): d is Exclude<GroupDimension, 'buttonIndex'> => d !== 'buttonIndex');
  const src = source(groups.includes('hour'), origin);
  const where: string[] = [];
  if (f.experiencePointIds) where.push('r.experience_point_id IN (SELECT id FROM selected_point)');
  if (f.surveyIds) where.push('r.survey_id IN (SELECT value FROM json_each(@surveyIds))');
  if (f.from !== undefined) where.push(`${src.time} >= @from`);
  if (f.to !== undefined) where.push(`${src.time} < @to`);
  if (!f.includeMisuse) where.push('r.misuse = 0');
  if (f.scale) where.push(scaleCondition(origin));
  // Aggregate first (one row per group with 11 sums), then turn the few group rows into one row per button.
  const agg = [
    `SELECT ${[...groups.map((d, i) => `${src.dims[d]} AS g${i}`), sums].join(', ')}`,
    `FROM ${src.table} r`,
    where.length ? `WHERE ${where.join(' AND ')}` : '',
    groups.length ? `GROUP BY ${groups.map((_, i) => `g${i}`).join(', ')}` : '',
  ];
  const columns = dims.map(
    (d, i) => `${d === 'buttonIndex' ? 'b.button_index' : `agg.g${groups.indexOf(d)}`} AS d${i}`,
  );
  const count = byButton ? buttonCount : `coalesce(${buttons.map((i) => `agg.s${i}`).join(' + ')}, 0)`;
  const order = dims.length ? `ORDER BY ${dims.map((_, i) => `d${i}`).join(', ')}` : '';
  return [
    `WITH RECURSIVE ${f.experiencePointIds ? `${selectedPointCte(origin)}, ` : ''}agg AS (${agg.filter(Boolean).join(' ')})`,
    `SELECT ${[...columns, `${count} AS count`].join(', ')} FROM agg`,
    byButton ? `CROSS JOIN ${buttonValues} b WHERE ${buttonCount} > 0` : '',
    order,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Counts from the rollups, grouped by the asked dimensions (in that order), ordered by them. Groups whose count
 * is zero are left out. Local dates: `from` inclusive, `to` exclusive; misuse is left out unless asked for; with
 * `scale`, only presses of surveys on that scale.
 */
export function runQuery(db: Database.Database, spec: QuerySpec): QueryRow[] {
  const f = spec.filter;
  const dims = [...new Set(spec.groupBy)];
  const params: Record<string, unknown> = {};
  if (f.experiencePointIds) params.pointIds = JSON.stringify(f.experiencePointIds);
  if (f.surveyIds) params.surveyIds = JSON.stringify(f.surveyIds);
  if (f.scale) params.scale = f.scale;
  const perDay = dims.includes('hour') ? 24 : 1; // the bucket unit of the rollup read
  if (f.from !== undefined) params.from = (parseLocalDate(f.from) ?? 0) * perDay;
  if (f.to !== undefined) params.to = (parseLocalDate(f.to) ?? 0) * perDay;
  const raw = prepared(db, buildQuerySql(spec, pressOrigin(db)))
    .raw(true)
    .all(params) as unknown[][];
  return raw.map((values) => {
    const row: Partial<QueryRow> = {};
    dims.forEach((d, i) => {
      const v = Number(values[i]);
      if (d === 'day') row.day = formatLocalDay(v);
      else if (d === 'hour') row.hour = formatLocalHour(v);
      else row[d] = v;
    });
    return { ...row, count: Number(values[dims.length]) };
  });
}

interface TreeRow {
  experience_point_id: number;
  name: string;
  parent_id: number | null;
  type: TreeItemType;
}

/** The stored tree, parents before children (roots first, then by name within a level). */
export function listTree(db: Database.Database): TreeItem[] {
  if (
    pressOrigin(db) === 'v1' &&
    !prepared(db, 'SELECT EXISTS (SELECT 1 FROM experience_point)').pluck().get()
  )
    return listV1Folders(db);
  const rows = prepared(
    db,
    `WITH RECURSIVE walk(id, depth) AS (
       SELECT experience_point_id, 0 FROM experience_point
        WHERE parent_id IS NULL OR parent_id NOT IN (SELECT experience_point_id FROM experience_point)
       UNION ALL SELECT e.experience_point_id, w.depth + 1 FROM experience_point e JOIN walk w ON e.parent_id = w.id)
     SELECT e.experience_point_id, e.name, e.parent_id, e.type FROM walk w JOIN experience_point e ON e.experience_point_id = w.id
     ORDER BY w.depth, e.name, e.experience_point_id`,
  ).all() as TreeRow[];
  return rows.map((r) => ({
    experiencePointId: r.experience_point_id,
    name: r.name,
    parent: r.parent_id,
    type: r.type,
  }));
}

/** A v1-only store's folder tree in the same shape: folders holding surveys are the experience points. */
function listV1Folders(db: Database.Database): TreeItem[] {
  const rows = prepared(
    db,
    `SELECT f.folder_key AS id, f.name, f.parent_key AS parent,
       EXISTS (SELECT 1 FROM v1_survey s WHERE s.folder_key = f.folder_key) AS leaf
     FROM v1_folder f ORDER BY f.depth, f.name, f.folder_key`,
  ).all() as { id: number; name: string; parent: number | null; leaf: number }[];
  return rows.map((r) => ({
    experiencePointId: r.id,
    name: r.name,
    parent: r.parent,
    type: r.leaf ? 'EXPERIENCE_POINT' : 'GROUP',
  }));
}
