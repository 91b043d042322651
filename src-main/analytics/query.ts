// QuerySpec → SQL over the daily or hourly rollup → result rows with their measures, and the tree for pickers.
import type Database from 'better-sqlite3';
import { parseLocalDate } from '#shared/calendar.ts';
import type {
  ExperiencePointLevel,
  PressSource,
  QueryRow,
  QuerySpec,
  TreeItem,
  TreeItemType,
} from '#shared/contract.ts';
import { parseQuerySpec } from '#shared/contract.ts';
import { bucketKeys, buttonsOfAll, fillBuckets, planComparison, timeGrainOf } from './comparison.ts';
import {
  foldGroups,
  groupKey,
  measureEstimates,
  measureValues,
  pressedButtons,
  sortRows,
  writeComparison,
  writeIntervals,
  type Group,
  type KeyValue,
  type ReadRow,
} from './queryFold.ts';
import { nodeSources, pointGroups, type TreeNode } from './pointGroups.ts';
import { allNodes, type Grain } from '../store/repos/nodeRollup.ts';
import { splitMonths } from '../store/periodBuckets.ts';

const buttons = Array.from({ length: 11 }, (_, i) => i);

/**
 * Where presses are read from: the v2 rollups, or — for a store synced through v1 alone — the v1 node rollups and
 * views of the same shape (survey ids are v1 survey keys, experience point ids folder keys; docs/SYNC-SOURCES.md).
 */
export type PressOrigin = PressSource;

/**
 * What is wrong with a spec that did not come through the boundary check (which now checks meaning too: real
 * dates, from before to, one time grain, what each measure needs); null when it is fine.
 */
export function querySpecProblem(spec: QuerySpec): string | null {
  const checked = parseQuerySpec(spec);
  return checked.ok ? null : checked.message;
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
  return prepared(db, 'SELECT EXISTS (SELECT 1 FROM v1_press_rollup_daily)').pluck().get() ? 'v1' : 'v2';
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

/** One part of a read: a rollup table, its id column, and node → group pairs (JSON) or null for every row. */
interface Branch {
  table: string;
  id: string;
  map: string | null;
}

/** A branch with its bucket bounds (in the table's own bucket numbers; null: unbounded). */
interface BoundBranch extends Branch {
  lo: number | null;
  hi: number | null;
}

/** Day numbers before and after any stored day: the open ends of a range split into months. */
const [firstDay, afterLastDay] = [0, 100_000];

/** Per rollup table: its bucket column and the local hour of day, weekday and time bucket as expressions. */
function columnsOf(table: string): { bucket: string; hour: string; weekday: string } {
  if (table.endsWith('_weekhour'))
    return { bucket: 'r.month_hour', hour: 'r.month_hour % 24', weekday: 'r.month_hour % 168 / 24 + 1' };
  if (table.endsWith('_hourly'))
    return { bucket: 'r.local_hour', hour: 'r.local_hour % 24', weekday: '(r.local_hour / 24 + 3) % 7 + 1' };
  return { bucket: 'r.local_day', hour: 'NULL', weekday: '(r.local_day + 3) % 7 + 1' };
}

/**
 * The branches of a read of days `[from, to)` with their bounds. Without a time grain, a node's hours are read
 * as whole months of the month × hour-of-week rollup plus the hourly rows of the days before and after them.
 */
function boundBranches(plan: ReadPlan, from: number | null, to: number | null): BoundBranch[] {
  const perDay = plan.hourly ? 24 : 1;
  const bounds = (lo: number | null, hi: number | null, unit: number) => ({
    lo: lo === null ? null : lo * unit,
    hi: hi === null ? null : hi * unit,
  });
  return plan.branches.flatMap((b): BoundBranch[] => {
    if (!plan.hourly || plan.time || b.table !== nodeTable(plan.origin, 'hourly'))
      return [{ ...b, ...bounds(from, to, perDay) }];
    const split = splitMonths(from ?? firstDay, to ?? afterLastDay);
    return [
      ...(split.months
        ? [
            {
              ...b,
              table: nodeTable(plan.origin, 'weekhour'),
              ...bounds(split.months[0], split.months[1], 168),
            },
          ]
        : []),
      ...split.edges.map(([lo, hi]) => ({ ...b, ...bounds(lo, hi, 24) })),
    ];
  });
}

/** What one read of the rollups groups by and filters on. */
interface ReadPlan {
  origin: PressOrigin;
  /** Hourly rollups (hour keys) instead of the daily ones (day numbers). */
  hourly: boolean;
  /** Read a time bucket (hour key when hourly, else day number): for a time grain. */
  time: boolean;
  hourOfDay: boolean;
  weekday: boolean;
  point: boolean;
  survey: boolean;
  branches: Branch[];
  spec: QuerySpec;
}

function readSql(plan: ReadPlan, branches: readonly BoundBranch[]): string {
  const f = plan.spec.filter;
  const parts = branches.map((b, i) => {
    const c = columnsOf(b.table);
    const where: string[] = [];
    if (b.lo !== null) where.push(`${c.bucket} >= @lo${i}`);
    if (b.hi !== null) where.push(`${c.bucket} < @hi${i}`);
    if (f.surveyIds) where.push('r.survey_id IN (SELECT value FROM json_each(@surveyIds))');
    // Not a join alone: a WHERE term is pushed into the v1 daily view (a compound), so each part seeks its folders.
    if (b.map && b.table.startsWith('v1_analytics_'))
      where.push(`r.${b.id} IN (SELECT value ->> 0 FROM json_each(@map${i}))`);
    if (f.weekdays) where.push(`${c.weekday} IN (SELECT value FROM json_each(@weekdays))`);
    if (f.hoursOfDay) where.push(`${c.hour} IN (SELECT value FROM json_each(@hoursOfDay))`);
    if (!f.includeMisuse) where.push('r.misuse = 0');
    if (f.scale) where.push(scaleCondition(plan.origin));
    return [
      `SELECT ${plan.time ? c.bucket : 'NULL'} AS t, ${plan.point ? (b.map ? 'm.g' : `r.${b.id}`) : 'NULL'} AS p,`,
      `${plan.hourOfDay ? c.hour : 'NULL'} AS h, ${plan.weekday ? c.weekday : 'NULL'} AS w,`,
      `${plan.survey ? 'r.survey_id' : 'NULL'} AS s, ${buttons.map((k) => `r.n${k}`).join(', ')}`,
      b.map
        ? `FROM (SELECT value ->> 0 AS id, value ->> 1 AS g FROM json_each(@map${i})) m JOIN ${b.table} r ON r.${b.id} = m.id`
        : `FROM ${b.table} r`,
      where.length ? `WHERE ${where.join(' AND ')}` : '',
    ].join(' ');
  });
  const groups = [
    plan.time ? 't' : '',
    plan.hourOfDay ? 'h' : '',
    plan.weekday ? 'w' : '',
    plan.point ? 'p' : '',
    plan.survey ? 's' : '',
  ].filter(Boolean);
  return [
    `SELECT t, p, s, h, w, ${buttons.map((k) => `sum(n${k})`).join(', ')} FROM (${parts.join('\nUNION ALL\n')})`,
    groups.length ? `GROUP BY ${groups.join(', ')}` : '',
  ].join('\n');
}

/** Reads presses per button of `from`–`to` (local day numbers, `to` exclusive; absent: unbounded). */
function read(db: Database.Database, plan: ReadPlan, from: number | null, to: number | null): ReadRow[] {
  const f = plan.spec.filter;
  const branches = boundBranches(plan, from, to);
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
  const raw = prepared(db, readSql(plan, branches)).raw(true).all(params) as (number | null)[][];
  return raw.map((v) => ({
    t: v[0] ?? null,
    point: v[1] ?? null,
    survey: v[2] ?? null,
    hourOfDay: v[3] ?? null,
    weekday: v[4] ?? null,
    counts: v.slice(5).map(Number),
  }));
}

/** The tree analytics group by: experience points, or a v1-only store's folders. */
function treeNodes(db: Database.Database, origin: PressOrigin): (TreeNode & { name: string })[] {
  const sql =
    origin === 'v1'
      ? 'SELECT folder_key AS id, parent_key AS parent, name FROM v1_folder'
      : 'SELECT experience_point_id AS id, parent_id AS parent, name FROM experience_point';
  return prepared(db, sql).all() as (TreeNode & { name: string })[];
}

/** A source's node rollup of one grain (v2: migrations 0006, 0009; v1: 0011, same shape). */
const nodeTable = (origin: PressOrigin, grain: Grain): string => `${origin}_node_rollup_${grain}`;
/** A source's rollup per point: v2's button rollups, or the v1 views of the same shape. */
const pointTable = (origin: PressOrigin, grain: 'hourly' | 'daily'): string =>
  origin === 'v1' ? `v1_analytics_${grain}` : `v2_button_rollup_${grain}`;

/**
 * Which rollup rows a question reads. Per leaf: the point rollup of the selected subtrees; otherwise the node
 * rollups (a node's subtree in a few rows per bucket, whatever the tree's breadth) plus the point rollup of the
 * selected nodes' own presses. v1 node rows are not split by survey (survey 0): a question that groups or filters
 * by survey reads the v1 point views (a survey's rows are one key range there).
 */
function branchesOf(
  tree: readonly TreeNode[],
  spec: QuerySpec,
  origin: PressOrigin,
  level: ExperiencePointLevel | null,
  hourly: boolean,
): Branch[] {
  const selected = spec.filter.experiencePointIds;
  const grain = hourly ? 'hourly' : 'daily';
  const bySurvey = spec.filter.surveyIds !== undefined || spec.groupBy.includes('surveyId');
  if (level === 'leaves' || (origin === 'v1' && bySurvey)) {
    const map = pointGroups(tree, selected, level);
    return [
      { table: pointTable(origin, grain), id: 'experience_point_id', map: map ? JSON.stringify(map) : null },
    ];
  }
  const { nodes, points } = nodeSources(tree, selected, level, allNodes);
  const branches: Branch[] = [{ table: nodeTable(origin, grain), id: 'node_id', map: JSON.stringify(nodes) }];
  if (points.length)
    branches.push({
      table: pointTable(origin, grain),
      id: 'experience_point_id',
      map: JSON.stringify(points),
    });
  return branches;
}

/**
 * Rows of a QuerySpec from the rollups: presses per button are read per group (the daily rollup unless hours
 * are asked or filtered), folded into the asked time grain, then measured; with a comparison, the comparison
 * period is read the same way and each row is paired with its counterpart bucket. Rows are sorted by the grouping
 * keys in the order asked; groups without presses (in either period) are left out, except in a comparison over a time
 * grain, which has a row for every bucket of the period (zero counts, null measures where nothing was pressed).
 */
export function runQuery(db: Database.Database, spec: QuerySpec): QueryRow[] {
  const f = spec.filter;
  const origin = f.source ?? pressOrigin(db);
  const byPoint = spec.groupBy.includes('experiencePointId');
  const level = byPoint ? (spec.experiencePointLevel ?? 'leaves') : null;
  const needsTree = f.experiencePointIds !== undefined || level === 'children' || byPoint;
  const tree = needsTree ? treeNodes(db, origin) : [];
  const grain = timeGrainOf(spec.groupBy);
  const hourly = grain === 'hour' || spec.groupBy.includes('hourOfDay') || f.hoursOfDay !== undefined;
  const plan: ReadPlan = {
    origin,
    hourly,
    time: grain !== null,
    hourOfDay: spec.groupBy.includes('hourOfDay'),
    weekday: spec.groupBy.includes('weekday'),
    point: byPoint,
    survey: spec.groupBy.includes('surveyId'),
    branches: branchesOf(tree, spec, origin, level, hourly),
    spec,
  };
  const from = f.from === undefined ? null : parseLocalDate(f.from);
  const to = f.to === undefined ? null : parseLocalDate(f.to);
  const current = foldGroups(read(db, plan, from, to), spec.groupBy, plan.hourly);
  const dims = spec.groupBy.filter((d) => d !== 'buttonIndex');
  const previous = new Map<string, Group>();
  if (spec.comparison && from !== null && to !== null) {
    const cmp = planComparison(spec.comparison, from, to, grain);
    const before = foldGroups(read(db, plan, cmp.from, cmp.to), spec.groupBy, plan.hourly);
    // Counterpart time key → current time key, over every bucket of the period (so a bucket pressed only in the
    // comparison period still gets its row).
    const forward = new Map<KeyValue | null, KeyValue>();
    if (grain) for (const key of bucketKeys(grain, from, to)) forward.set(cmp.counterpart(key), key);
    for (const group of before.values()) {
      const keys = { ...group.keys };
      if (grain) {
        const now = forward.get(keys[grain] ?? null);
        if (now === undefined) continue;
        keys[grain] = now;
      }
      const id = groupKey(keys, dims);
      previous.set(id, group);
      if (!current.has(id)) current.set(id, { keys, counts: new Array<number>(11).fill(0) });
    }
  }
  // A comparison over a time grain is dense: every bucket of the period, for each combination of the other keys
  // seen in either period, and every button of the scale (else every button pressed in either period).
  const dense = spec.comparison !== undefined && grain !== null && from !== null && to !== null;
  if (dense) fillBuckets(current, grain, bucketKeys(grain, from, to), dims);
  const denseButtons = dense ? buttonsOfAll(spec, current, previous) : null;
  if (spec.groupBy.length === 0 && current.size === 0) current.set('[]', { keys: {}, counts: [] });
  const names = byPoint ? new Map(tree.map((n) => [n.id, n.name])) : null;
  const rows: QueryRow[] = [];
  for (const [id, group] of current) {
    const before = spec.comparison ? (previous.get(id) ?? { keys: group.keys, counts: [] }) : undefined;
    const base: QueryRow = Object.assign({}, group.keys);
    if (names && group.keys.experiencePointId !== undefined) {
      const pointId = Number(group.keys.experiencePointId);
      base.experiencePointName = names.get(pointId) ?? String(pointId);
    }
    // A row per pressed button; without buttons, a row per group with presses (the one total row always).
    const buttonsOfRow = spec.groupBy.includes('buttonIndex')
      ? (denseButtons ?? pressedButtons(group.counts, before?.counts))
      : dense || spec.groupBy.length === 0 || pressedButtons(group.counts, before?.counts).length > 0
        ? [null]
        : [];
    for (const button of buttonsOfRow) {
      const row: QueryRow = button === null ? { ...base } : { ...base, buttonIndex: button };
      const values = measureValues(spec, group.counts, button);
      Object.assign(row, values);
      if (before) writeComparison(row, values, measureValues(spec, before.counts, button));
      if (spec.interval)
        writeIntervals(
          row,
          measureEstimates(spec, group.counts, button),
          before ? measureEstimates(spec, before.counts, button) : undefined,
        );
      rows.push(row);
    }
  }
  return sortRows(rows, spec.groupBy);
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
