// QuerySpec → a read of the daily or hourly rollups (store/reads/rollupRead.ts) → result rows with their measures,
// and the tree for pickers.
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
import { allNodes } from '../store/repos/nodeRollup.ts';
import { splitMonths } from '../store/periodBuckets.ts';
import {
  hasExperiencePoints,
  nodeTable,
  pointTable,
  pressOrigin,
  readRollups,
  treeNodes,
  v1Folders,
  walkedTree,
  type BoundBranch,
  type RollupShape,
} from '../store/reads/rollupRead.ts';

export { pressOrigin } from '../store/reads/rollupRead.ts';

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

/** One part of a read: a rollup table, its id column, and node → group pairs (JSON) or null for every row. */
type Branch = Omit<BoundBranch, 'lo' | 'hi'>;

/** Day numbers before and after any stored day: the open ends of a range split into months. */
const [firstDay, afterLastDay] = [0, 100_000];

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

/** What one read of the rollups groups by and filters on, and which rollups it reads. */
interface ReadPlan extends RollupShape {
  /** Hourly rollups (hour keys) instead of the daily ones (day numbers). */
  hourly: boolean;
  branches: Branch[];
}

/** Reads presses per button of `from`–`to` (local day numbers, `to` exclusive; absent: unbounded). */
const read = (db: Database.Database, plan: ReadPlan, from: number | null, to: number | null): ReadRow[] =>
  readRollups(db, plan, boundBranches(plan, from, to));

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

/** What a spec reads: the plan, the tree it groups by (when it needs one) and its time grain. */
function planOf(db: Database.Database, spec: QuerySpec) {
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
    filter: f,
  };
  return { plan, tree, grain, byPoint };
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
  const { plan, tree, grain, byPoint } = planOf(db, spec);
  const from = f.from === undefined ? null : parseLocalDate(f.from);
  const to = f.to === undefined ? null : parseLocalDate(f.to);
  const current = foldGroups(read(db, plan, from, to), spec.groupBy, plan.hourly);
  const dims = spec.groupBy.filter((d) => d !== 'buttonIndex');
  const previous =
    spec.comparison && from !== null && to !== null
      ? readComparison(db, plan, spec, current, { from, to, grain, dims })
      : new Map<string, Group>();
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
    rows.push(...rowsOfGroup(spec, group, before, { names, dense, denseButtons }));
  }
  return sortRows(rows, spec.groupBy);
}

/**
 * The comparison period's groups, keyed as the current period's (each time key moved to its counterpart bucket);
 * a group pressed only then gets an empty current group, so it still has its row.
 */
function readComparison(
  db: Database.Database,
  plan: ReadPlan,
  spec: QuerySpec,
  current: Map<string, Group>,
  p: { from: number; to: number; grain: ReturnType<typeof timeGrainOf>; dims: QuerySpec['groupBy'] },
): Map<string, Group> {
  const previous = new Map<string, Group>();
  if (!spec.comparison) return previous;
  const cmp = planComparison(spec.comparison, p.from, p.to, p.grain);
  const before = foldGroups(read(db, plan, cmp.from, cmp.to), spec.groupBy, plan.hourly);
  // Counterpart time key → current time key, over every bucket of the period (so a bucket pressed only in the
  // comparison period still gets its row).
  const forward = new Map<KeyValue | null, KeyValue>();
  const grain = p.grain;
  if (grain) for (const key of bucketKeys(grain, p.from, p.to)) forward.set(cmp.counterpart(key), key);
  for (const group of before.values()) {
    const keys = { ...group.keys };
    if (grain) {
      const now = forward.get(keys[grain] ?? null);
      if (now === undefined) continue;
      keys[grain] = now;
    }
    const id = groupKey(keys, p.dims);
    previous.set(id, group);
    if (!current.has(id)) current.set(id, { keys, counts: new Array<number>(11).fill(0) });
  }
  return previous;
}

/** The rows of one group: a row per pressed button; without buttons, one row when it has presses (or must show). */
function rowsOfGroup(
  spec: QuerySpec,
  group: Group,
  before: Group | undefined,
  o: { names: Map<number, string> | null; dense: boolean; denseButtons: number[] | null },
): QueryRow[] {
  const base: QueryRow = Object.assign({}, group.keys);
  if (o.names && group.keys.experiencePointId !== undefined) {
    const pointId = Number(group.keys.experiencePointId);
    base.experiencePointName = o.names.get(pointId) ?? String(pointId);
  }
  // A row per pressed button; without buttons, a row per group with presses (the one total row always).
  const buttonsOfRow = spec.groupBy.includes('buttonIndex')
    ? (o.denseButtons ?? pressedButtons(group.counts, before?.counts))
    : o.dense || spec.groupBy.length === 0 || pressedButtons(group.counts, before?.counts).length > 0
      ? [null]
      : [];
  return buttonsOfRow.map((button) => {
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
    return row;
  });
}

/** The stored tree, parents before children (roots first, then by name within a level). */
export function listTree(db: Database.Database): TreeItem[] {
  if (pressOrigin(db) === 'v1' && !hasExperiencePoints(db)) return listV1Folders(db);
  return walkedTree(db).map((r) => ({
    experiencePointId: r.experience_point_id,
    name: r.name,
    parent: r.parent_id,
    type: r.type as TreeItemType,
  }));
}

/** A v1-only store's folder tree in the same shape: folders holding surveys are the experience points. */
function listV1Folders(db: Database.Database): TreeItem[] {
  return v1Folders(db).map((r) => ({
    experiencePointId: r.id,
    name: r.name,
    parent: r.parent,
    type: r.leaf ? 'EXPERIENCE_POINT' : 'GROUP',
  }));
}
