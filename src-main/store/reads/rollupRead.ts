// Named reads of the press rollups the query engine asks (migrations 0006, 0009, 0011): which source answers, the
// tree to group by, and one read of presses per button over branches of daily, hourly or month × hour-of-week rows.
import type Database from 'better-sqlite3';
import type { PressSource, QueryFilter } from '#shared/contract.ts';
import type { Grain } from '../repos/nodeRollup.ts';
import { keptUntilChange } from '../keptUntilChange.ts';
import { named, statement } from '../statements.ts';
import { treeWalkCte } from '../treeSql.ts';

const buttons = Array.from({ length: 11 }, (_, i) => i);

/** One row of a read: the keys asked (null when not read) and presses per button. */
export interface ReadRow {
  /** Hour key (hours since 1970-01-01T00 local) when `hourly`, else the local day number; null when not read. */
  t: number | null;
  point: number | null;
  survey: number | null;
  hourOfDay: number | null;
  weekday: number | null;
  counts: number[];
}

const reads = {
  v2Any: named('rollup.v2Any', 'SELECT EXISTS (SELECT 1 FROM v2_button_rollup_daily) AS x'),
  v1Table: named('rollup.v1Table', "SELECT count(*) FROM sqlite_schema WHERE name = 'v1_press_rollup_daily'"),
  v1Any: named('rollup.v1Any', 'SELECT EXISTS (SELECT 1 FROM v1_press_rollup_daily)'),
  v2Tree: named(
    'tree.v2Nodes',
    'SELECT experience_point_id AS id, parent_id AS parent, name FROM experience_point',
  ),
  v1Tree: named('tree.v1Nodes', 'SELECT folder_key AS id, parent_key AS parent, name FROM v1_folder'),
  v2TreeAny: named('tree.v2Any', 'SELECT EXISTS (SELECT 1 FROM experience_point)'),
  v2Walk: named(
    'tree.v2Walk',
    `WITH RECURSIVE ${treeWalkCte}
     SELECT e.experience_point_id, e.name, e.parent_id, e.type FROM walk w JOIN experience_point e ON e.experience_point_id = w.id
     ORDER BY w.depth, e.name, e.experience_point_id`,
  ),
  v1Folders: named(
    'tree.v1Folders',
    `SELECT f.folder_key AS id, f.name, f.parent_key AS parent,
       EXISTS (SELECT 1 FROM v1_survey s WHERE s.folder_key = f.folder_key) AS leaf
     FROM v1_folder f ORDER BY f.depth, f.name, f.folder_key`,
  ),
};

/**
 * v2 presses whenever the store holds any (v2 is authoritative: a company synced through both versions is never
 * counted twice); the v1 views only when v2 holds none and v1 some.
 */
export function pressOrigin(db: Database.Database): PressSource {
  if (statement(db, reads.v2Any).pluck().get()) return 'v2';
  if (!statement(db, reads.v1Table).pluck().get()) return 'v2';
  return statement(db, reads.v1Any).pluck().get() ? 'v1' : 'v2';
}

/** A node of the tree analytics group by: experience points, or a v1-only store's folders. */
export interface NamedNode {
  id: number;
  parent: number | null;
  name: string;
}

/**
 * The tree analytics group by, read again only when the file has changed since (5,117 nodes of `xlarge` were ~1 ms
 * of every question asking about a point). Frozen: every caller shares it.
 */
export function treeNodes(db: Database.Database, origin: PressSource): readonly NamedNode[] {
  return keptUntilChange(db, `tree.${origin}`, () =>
    Object.freeze(statement(db, origin === 'v1' ? reads.v1Tree : reads.v2Tree).all() as NamedNode[]),
  );
}

export const hasExperiencePoints = (db: Database.Database): boolean =>
  Boolean(statement(db, reads.v2TreeAny).pluck().get());

/** The stored v2 tree walked from its roots: parents before children, by name within a level. */
export const walkedTree = (
  db: Database.Database,
): { experience_point_id: number; name: string; parent_id: number | null; type: string }[] =>
  statement(db, reads.v2Walk).all() as never;

/** A v1-only store's folders, parents first; `leaf`: the folder holds surveys. */
export const v1Folders = (
  db: Database.Database,
): { id: number; name: string; parent: number | null; leaf: number }[] =>
  statement(db, reads.v1Folders).all() as never;

/** A source's node rollup of one grain (v2: migrations 0006, 0009; v1: 0011, same shape). */
export const nodeTable = (origin: PressSource, grain: Grain): string => `${origin}_node_rollup_${grain}`;
/** v2's presses per point by hour: the facts, one row a press, in the rollups' shape (migration 0020). */
export const pressHours = 'v2_button_presses_hourly';
/**
 * A source's rollup per point: v2's daily button rollup or its presses by hour, or the v1 views of the same shape.
 */
export const pointTable = (origin: PressSource, grain: 'hourly' | 'daily'): string =>
  origin === 'v1' ? `v1_analytics_${grain}` : grain === 'hourly' ? pressHours : 'v2_button_rollup_daily';

/**
 * Presses of surveys on `@scale`: the rollup's survey joined to its stored definition (a semi-join: the few survey
 * ids of that scale are looked up once, then each rollup row is one probe, so the rollup scan stays as it was). A
 * v1-only store lists four-button surveys only (DECISIONS.md "Scales in v1").
 */
export function scaleCondition(origin: PressSource): string {
  return origin === 'v1'
    ? "@scale = 'four'"
    : 'r.survey_id IN (SELECT s.survey_id FROM v2_survey s WHERE s.feedback_scale = @scale)';
}

/** One part of a read: a rollup table, its id column, node → group pairs (JSON) or null, its bucket bounds. */
export interface BoundBranch {
  table: string;
  id: string;
  map: string | null;
  /** In the table's own bucket numbers; null: unbounded. */
  lo: number | null;
  hi: number | null;
}

/** What one read of the rollups groups by and filters on. */
export interface RollupShape {
  origin: PressSource;
  /** Read a time bucket (hour key when hourly, else day number): for a time grain. */
  time: boolean;
  hourOfDay: boolean;
  weekday: boolean;
  point: boolean;
  survey: boolean;
  filter: Pick<QueryFilter, 'surveyIds' | 'weekdays' | 'hoursOfDay' | 'includeMisuse' | 'scale'>;
}

/** Per rollup table: its bucket column and the local hour of day, weekday and time bucket as expressions. */
function columnsOf(table: string): { bucket: string; hour: string; weekday: string } {
  if (table.endsWith('_weekhour'))
    return { bucket: 'r.month_hour', hour: 'r.month_hour % 24', weekday: 'r.month_hour % 168 / 24 + 1' };
  if (table.endsWith('_hourly'))
    return { bucket: 'r.local_hour', hour: 'r.local_hour % 24', weekday: '(r.local_hour / 24 + 3) % 7 + 1' };
  return { bucket: 'r.local_day', hour: 'NULL', weekday: '(r.local_day + 3) % 7 + 1' };
}

function branchSql(shape: RollupShape, b: BoundBranch, i: number): string {
  const f = shape.filter;
  const c = columnsOf(b.table);
  const where: string[] = [];
  // The presses by hour are bounded on the facts' key (an instant), so that a range of hours is a key range.
  const [range, unit] = b.table === pressHours ? ['r.local_time', ' * 3600000'] : [c.bucket, ''];
  if (b.lo !== null) where.push(`${range} >= @lo${i}${unit}`);
  if (b.hi !== null) where.push(`${range} < @hi${i}${unit}`);
  if (f.surveyIds) where.push('r.survey_id IN (SELECT value FROM json_each(@surveyIds))');
  // Not a join alone: a WHERE term is pushed into the v1 daily view (a compound), so each part seeks its folders.
  if (b.map && b.table.startsWith('v1_analytics_'))
    where.push(`r.${b.id} IN (SELECT value ->> 0 FROM json_each(@map${i}))`);
  if (f.weekdays) where.push(`${c.weekday} IN (SELECT value FROM json_each(@weekdays))`);
  if (f.hoursOfDay) where.push(`${c.hour} IN (SELECT value FROM json_each(@hoursOfDay))`);
  if (!f.includeMisuse) where.push('r.misuse = 0');
  if (f.scale) where.push(scaleCondition(shape.origin));
  return [
    `SELECT ${shape.time ? c.bucket : 'NULL'} AS t, ${shape.point ? (b.map ? 'm.g' : `r.${b.id}`) : 'NULL'} AS p,`,
    `${shape.hourOfDay ? c.hour : 'NULL'} AS h, ${shape.weekday ? c.weekday : 'NULL'} AS w,`,
    `${shape.survey ? 'r.survey_id' : 'NULL'} AS s, ${buttons.map((k) => `r.n${k}`).join(', ')}`,
    b.map
      ? `FROM (SELECT value ->> 0 AS id, value ->> 1 AS g FROM json_each(@map${i})) m JOIN ${b.table} r ON r.${b.id} = m.id`
      : `FROM ${b.table} r`,
    where.length ? `WHERE ${where.join(' AND ')}` : '',
  ].join(' ');
}

/** The statement of a read: its branches' rows summed per asked key. */
export function rollupSql(shape: RollupShape, branches: readonly BoundBranch[]): string {
  const parts = branches.map((b, i) => branchSql(shape, b, i));
  const groups = [
    shape.time ? 't' : '',
    shape.hourOfDay ? 'h' : '',
    shape.weekday ? 'w' : '',
    shape.point ? 'p' : '',
    shape.survey ? 's' : '',
  ].filter(Boolean);
  return [
    `SELECT t, p, s, h, w, ${buttons.map((k) => `sum(n${k})`).join(', ')} FROM (${parts.join('\nUNION ALL\n')})`,
    groups.length ? `GROUP BY ${groups.join(', ')}` : '',
  ].join('\n');
}

/** Reads presses per button of the branches (each statement shape prepared once per connection). */
export function readRollups(
  db: Database.Database,
  shape: RollupShape,
  branches: readonly BoundBranch[],
): ReadRow[] {
  const f = shape.filter;
  const params: Record<string, unknown> = {};
  if (f.surveyIds) params.surveyIds = JSON.stringify(f.surveyIds);
  if (f.weekdays) params.weekdays = JSON.stringify(f.weekdays);
  if (f.hoursOfDay) params.hoursOfDay = JSON.stringify(f.hoursOfDay);
  if (f.scale) params.scale = f.scale;
  branches.forEach((b, i) => {
    if (b.map) params[`map${i}`] = b.map;
    if (b.lo !== null) params[`lo${i}`] = b.lo;
    if (b.hi !== null) params[`hi${i}`] = b.hi;
  });
  const raw = statement(db, rollupSql(shape, branches)).raw(true).all(params) as (number | null)[][];
  return raw.map((v) => ({
    t: v[0] ?? null,
    point: v[1] ?? null,
    survey: v[2] ?? null,
    hourOfDay: v[3] ?? null,
    weekday: v[4] ?? null,
    counts: v.slice(5).map(Number),
  }));
}
