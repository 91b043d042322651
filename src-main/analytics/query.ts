// QuerySpec → SQL over the hourly rollup → result rows (counts), and the experience-point tree for pickers.
import type Database from 'better-sqlite3';
import type {
  GroupDimension,
  QueryRow,
  QuerySpec,
  TreeItem,
  TreeItemType,
} from '../../src-shared/contract.ts';
import { formatLocalDay, formatLocalHour, parseLocalDate } from '../api/localTime.ts';

const buttonCount = Array.from({ length: 11 }, (_, i) => `WHEN ${i} THEN r.n${i}`).join(' ');
const allButtons = Array.from({ length: 11 }, (_, i) => `r.n${i}`).join(' + ');

/** SQL expression and result column of each dimension; rows come back in this dimension order. */
const dimensionSql: Record<GroupDimension, string> = {
  day: 'r.local_hour / 24',
  hour: 'r.local_hour',
  buttonIndex: 'b.button_index',
  experiencePointId: 'r.experience_point_id',
  surveyId: 'r.survey_id',
};

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
function prepared(db: Database.Database, sql: string): Database.Statement {
  let cache = statementCache.get(db);
  if (!cache) statementCache.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

export function buildQuerySql(spec: QuerySpec): string {
  const f = spec.filter;
  const dims = [...new Set(spec.groupBy)];
  const byButton = dims.includes('buttonIndex');
  const where: string[] = [];
  if (f.experiencePointIds) where.push('r.experience_point_id IN (SELECT id FROM selected_point)');
  if (f.surveyIds) where.push('r.survey_id IN (SELECT value FROM json_each(@surveyIds))');
  if (f.from !== undefined) where.push('r.local_hour >= @fromHour');
  if (f.to !== undefined) where.push('r.local_hour < @toHour');
  if (!f.includeMisuse) where.push('r.misuse = 0');
  const columns = dims.map((d, i) => `${dimensionSql[d]} AS d${i}`);
  const count = byButton ? `sum(CASE b.button_index ${buttonCount} END)` : `sum(${allButtons})`;
  return [
    // An id stands for its whole subtree; ids missing from the tree still match their own facts.
    f.experiencePointIds
      ? `WITH RECURSIVE selected_point(id) AS (SELECT value FROM json_each(@pointIds)
          UNION SELECT e.experience_point_id FROM experience_point e JOIN selected_point s ON e.parent_id = s.id)`
      : '',
    `SELECT ${[...columns, `${count} AS count`].join(', ')}`,
    'FROM v2_button_rollup_hourly r',
    byButton
      ? 'CROSS JOIN (WITH RECURSIVE n(button_index) AS (SELECT 0 UNION ALL SELECT button_index + 1 FROM n WHERE button_index < 10) SELECT button_index FROM n) b'
      : '',
    where.length ? `WHERE ${where.join(' AND ')}` : '',
    dims.length ? `GROUP BY ${dims.map((_, i) => `d${i}`).join(', ')}` : '',
    byButton ? 'HAVING count > 0' : '',
    dims.length ? `ORDER BY ${dims.map((_, i) => `d${i}`).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Counts from the hourly rollup, grouped by the asked dimensions (in that order), ordered by them. Groups whose count
 * is zero are left out. Local dates: `from` inclusive, `to` exclusive; misuse is left out unless asked for.
 */
export function runQuery(db: Database.Database, spec: QuerySpec): QueryRow[] {
  const f = spec.filter;
  const dims = [...new Set(spec.groupBy)];
  const params: Record<string, unknown> = {};
  if (f.experiencePointIds) params.pointIds = JSON.stringify(f.experiencePointIds);
  if (f.surveyIds) params.surveyIds = JSON.stringify(f.surveyIds);
  if (f.from !== undefined) params.fromHour = (parseLocalDate(f.from) ?? 0) * 24;
  if (f.to !== undefined) params.toHour = (parseLocalDate(f.to) ?? 0) * 24;
  const raw = prepared(db, buildQuerySql(spec)).raw(true).all(params) as unknown[][];
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
