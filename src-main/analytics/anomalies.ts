// Unusual moments: every node's days (and a busy point's hours) of a period tested against the same weekday (and hour)
// of the 8 weeks before, false discoveries controlled over all of them together (docs/ANOMALIES.md).
import type Database from 'better-sqlite3';
import { formatLocalDay, parseLocalDate } from '#shared/calendar.ts';
import type { AnomalyAnswer, AnomalyArgs, AnomalyRow, FeedbackScale } from '#shared/contract.ts';
import {
  benjaminiHochberg,
  median,
  testCell,
  type Cell,
  type CellTest,
  type TestRules,
} from '#shared/metrics/anomalyStats.ts';
import { happyIndexEstimateOn, shareEstimate, type Estimate } from '#shared/metrics/intervals.ts';
import {
  anomalyTree,
  nodeDayCounts,
  pointDayCounts,
  pointHourCounts,
  type AnomalyCountRow,
  type AnomalyReadFilter,
  type AnomalyTreeNode,
} from '../store/anomalyReads.ts';
import { CellsBuilder } from './anomalyCells.ts';
import { childrenOf } from './pointGroups.ts';

/** Baseline weeks: the same weekday (and hour) of the 8 weeks before. */
export const baselineWeeks = 8;
/** False discovery rate over every test of one answer. */
export const falseDiscoveryRate = 0.05;
/** A day is tested with 20 presses, against at least 4 weeks of 5 presses or more. */
export const dayRules: Omit<TestRules, 'range'> = { minPresses: 20, minWeekPresses: 5, minWeeks: 4 };
/** An hour is tested with 30 presses, against at least 4 weeks of 10 presses or more in that hour. */
export const hourRules: Omit<TestRules, 'range'> = { minPresses: 30, minWeekPresses: 10, minWeeks: 4 };
/** Hours are tested only on points whose median day (of the days read) has this many presses. */
export const busyPointDay = 240;

export interface Tested extends CellTest {
  node: AnomalyTreeNode;
  day: number;
  hour: number | null;
  presses: number;
}

/** The selection's nodes: each selected id with its whole subtree (absent: every node of the tree). */
export function selectedNodes(
  tree: readonly AnomalyTreeNode[],
  selected?: readonly number[],
): AnomalyTreeNode[] {
  if (!selected) return [...tree];
  const { children } = childrenOf(tree);
  const byId = new Map(tree.map((n) => [n.id, n]));
  const out = new Map<number, AnomalyTreeNode>();
  const stack = selected.filter((id) => byId.has(id));
  while (stack.length) {
    const id = stack.pop() ?? 0;
    const n = byId.get(id);
    if (!n || out.has(id)) continue;
    out.set(id, n);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out.values()];
}

/**
 * The reads' rows as cells per node and key (rows read one at a time; each node's cells packed: anomalyCells.ts).
 * Iterated in ascending key order; a key read twice adds up.
 */
export function cells(
  reads: readonly Iterable<AnomalyCountRow>[],
  pressesOf: (c: readonly number[]) => number,
): Map<number, ReadonlyMap<number, Cell>> {
  const builders = new Map<number, CellsBuilder>();
  for (const rows of reads)
    for (const r of rows) {
      let b = builders.get(r.id);
      if (!b) builders.set(r.id, (b = new CellsBuilder(r.counts.length)));
      b.add(r.key, r.counts);
    }
  const out = new Map<number, ReadonlyMap<number, Cell>>();
  for (const [id, b] of builders) out.set(id, b.build(pressesOf));
  return out;
}

/** The measure's estimate of a cell's counts, its presses, and its range. */
export function measureOf(args: AnomalyArgs) {
  if (args.measure === 'negativeShare')
    return {
      estimate: (c: readonly number[]): Estimate | null => shareEstimate(c[0] ?? 0, c[1] ?? 0),
      presses: (c: readonly number[]) => c[1] ?? 0,
      range: 1,
    };
  const scale: FeedbackScale = args.scales?.[0] ?? 'four';
  return {
    estimate: (c: readonly number[]): Estimate | null => happyIndexEstimateOn(c, scale),
    presses: (c: readonly number[]) => c.reduce((a, b) => a + b, 0),
    range: 100,
  };
}

export type Measure = ReturnType<typeof measureOf>;

/** Each node's days of the period against the same weekday of the weeks before. */
export function dayTests(
  nodes: readonly AnomalyTreeNode[],
  days: Map<number, ReadonlyMap<number, Cell>>,
  fromDay: number,
  toDay: number,
  measure: Measure,
): Tested[] {
  const tested: Tested[] = [];
  const rules = { ...dayRules, range: measure.range };
  for (const node of nodes) {
    const own = days.get(node.id);
    if (!own) continue;
    for (let day = fromDay; day < toDay; day++) {
      const cell = own.get(day);
      if (!cell) continue;
      const weeks = Array.from({ length: baselineWeeks }, (_, k) => own.get(day - 7 * (k + 1)));
      const t = testCell(cell, weeks, measure.estimate, rules);
      if (t) tested.push({ ...t, node, day, hour: null, presses: cell.presses });
    }
  }
  return tested;
}

/** A busy point's hours of the period against the same weekday and hour of the weeks before. */
export function hourTests(
  busy: readonly AnomalyTreeNode[],
  hours: Map<number, ReadonlyMap<number, Cell>>,
  fromDay: number,
  measure: Measure,
): Tested[] {
  const tested: Tested[] = [];
  const rules = { ...hourRules, range: measure.range };
  for (const node of busy) {
    const own = hours.get(node.id);
    if (!own) continue;
    for (const [key, cell] of own) {
      if (key < fromDay * 24) continue;
      const weeks = Array.from({ length: baselineWeeks }, (_, k) => own.get(key - 168 * (k + 1)));
      const t = testCell(cell, weeks, measure.estimate, rules);
      if (t) tested.push({ ...t, node, day: Math.floor(key / 24), hour: key % 24, presses: cell.presses });
    }
  }
  return tested;
}

export function findAnomalies(db: Database.Database, args: AnomalyArgs): AnomalyAnswer {
  const fromDay = parseLocalDate(args.filter.from);
  const toDay = parseLocalDate(args.filter.to);
  if (fromDay === null || toDay === null) throw new RangeError('filter.from and filter.to must be dates');
  const measure = measureOf(args);
  const counting = countingOf(args);
  const read: AnomalyReadFilter = {
    fromDay: fromDay - 7 * baselineWeeks,
    toDay,
    includeMisuse: args.filter.includeMisuse === true,
    ...(args.filter.surveyIds ? { surveyIds: args.filter.surveyIds } : {}),
    ...(args.scales ? { scales: args.scales } : {}),
  };
  const nodes = selectedNodes(anomalyTree(db), args.filter.experiencePointIds);
  const groups = nodes.filter((n) => n.type === 'GROUP').map((n) => n.id);
  const pointRows = pointDayCounts(
    db,
    counting,
    read,
    args.filter.experiencePointIds ? nodes.map((n) => n.id) : undefined,
  );
  const days = cells([pointRows, nodeDayCounts(db, counting, read, groups)], measure.presses);

  const tested = dayTests(nodes, days, fromDay, toDay, measure);
  const busy = nodes.filter(
    (n) =>
      n.type === 'EXPERIENCE_POINT' &&
      median([...(days.get(n.id)?.values() ?? [])].map((c) => c.presses)) >= busyPointDay,
  );
  const hourRows = pointHourCounts(
    db,
    counting,
    read,
    busy.map((n) => n.id),
  );
  tested.push(...hourTests(busy, cells([hourRows], measure.presses), fromDay, measure));
  return answerOf(args, tested);
}

/** What the reads count for the measure of `args`. */
export function countingOf(args: AnomalyArgs): 'negative' | 'buttons' {
  return args.measure === 'negativeShare' ? 'negative' : 'buttons';
}

/** The answer from every test of a question: false discoveries controlled over all of them, the flagged rows. */
export function answerOf(args: AnomalyArgs, tested: readonly Tested[]): AnomalyAnswer {
  const q = benjaminiHochberg(tested.map((t) => t.p));
  const rows: AnomalyRow[] = [];
  tested.forEach((t, i) => {
    const qi = q[i] ?? 1;
    if (qi > falseDiscoveryRate) return;
    rows.push({
      experiencePointId: t.node.id,
      name: t.node.name,
      type: t.node.type,
      day: formatLocalDay(t.day),
      hour: t.hour,
      measure: args.measure,
      value: t.value,
      baseline: t.baseline,
      z: t.z,
      q: qi,
      presses: t.presses,
      weeks: t.weeks,
      worse: args.measure === 'negativeShare' ? t.z > 0 : t.z < 0,
    });
  });
  // Days are yyyy-MM-dd: their code-unit order is their calendar order (no locale collation, which is slow).
  rows.sort((a, b) => Math.abs(b.z) - Math.abs(a.z) || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return { measure: args.measure, from: args.filter.from, to: args.filter.to, tests: tested.length, rows };
}
