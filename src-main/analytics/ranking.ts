// Rankings: experience points (or the children of a group, each with its subtree) ranked by a measure shrunk
// toward the parent's value, with presses, the change against the previous period and a sparkline per item.
import type Database from 'better-sqlite3';
import type {
  FeedbackScale,
  RankMeasure,
  RankedItem,
  Ranking,
  RankingArgs,
  TrendGrain,
} from '#shared/contract.ts';
import { positiveShare } from '#shared/metrics/buttonMetrics.ts';
import {
  averageEstimate,
  changeZ,
  happyIndexEstimateOn,
  npsEstimate,
  shareEstimate,
  type Estimate,
} from '#shared/metrics/intervals.ts';
import { averageAnswer, happyIndexOn, netPromoterScore } from '#shared/metrics/measures.ts';
import { scaleGroupOf } from '#shared/metrics/scales.ts';
import { defaultPriorWeight, shrinkToward } from '#shared/metrics/shrinkage.ts';
import { coverDays, periodLevels } from '../store/periodBuckets.ts';
import { dayNumber } from '../store/reads/feedbackFilter.ts';
import {
  dailyCountsOfPoints,
  periodCountsPerPoint,
  rankingNodes,
  type PointPeriodCounts,
  type RankingFilter,
} from '../store/reads/rankingRead.ts';
import { periodOf, periodsBetween } from './periods.ts';

const buttonsOf = (scale: FeedbackScale): number => (scale === 'four' ? 4 : scale === 'nps' ? 11 : 5);
function total(c: readonly number[]): number {
  return c.reduce((s, n) => s + n, 0);
}

/**
 * The measure of one item's counts per button on its scale; null without presses. The formulas live once in
 * src-shared/metrics (measures.ts, buttonMetrics.ts); `presses` is the count itself.
 */
export function measureOf(
  counts: readonly number[],
  measure: RankMeasure,
  scale: FeedbackScale,
): number | null {
  switch (measure) {
    case 'presses':
      return total(counts.slice(0, buttonsOf(scale)));
    case 'happyIndex':
      return happyIndexOn(counts, scale);
    case 'average':
      return averageAnswer(counts, scale);
    case 'nps':
      return netPromoterScore(counts);
    case 'positiveShare':
      return scale === 'nps'
        ? null
        : positiveShare(scaleGroupOf(scale) === 'four' ? 'four' : 'five', counts).share;
  }
}

/** The measure with its SE and 95% interval (intervals.ts); null for presses, or without presses. */
export function estimateOf(
  counts: readonly number[],
  measure: RankMeasure,
  scale: FeedbackScale,
): Estimate | null {
  switch (measure) {
    case 'presses':
      return null;
    case 'happyIndex':
      return happyIndexEstimateOn(counts, scale);
    case 'average':
      return averageEstimate(counts, scale);
    case 'nps':
      return npsEstimate(counts);
    case 'positiveShare': {
      if (scale === 'nps') return null;
      const s = positiveShare(scaleGroupOf(scale) === 'four' ? 'four' : 'five', counts);
      return shareEstimate(s.positive, s.total);
    }
  }
}

interface Node {
  id: number;
  parent: number | null;
  name: string;
  type: 'GROUP' | 'EXPERIENCE_POINT';
}

/** The items of a ranking over a tree: worked out once per tree, level and parent (the walk of 5,117 nodes was ~2 ms). */
interface Shape {
  /** Each item's node, at its slot. */
  nodes: Node[];
  /** Each item's leaves: its node and the nodes below it that count into it, at its slot. */
  leaves: number[][];
  /** Node id → the slot of the item it counts into. */
  slotOf: Map<number, number>;
  parentId: number | null;
  /** A parent was found: points outside its subtree are left out. */
  underParent: boolean;
}

/** Per item slot: `k` counts of the current period and `k` of the previous one. */
const k = 11;

const add = (into: number[], from: readonly number[]): void => {
  for (let i = 0; i < k; i++) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
};
const zero = (): number[] => new Array<number>(k).fill(0);

/** The grain of the sparkline: as asked, else week for a period over 31 days, else day. */
function sparkGrain(args: RankingArgs, days: number): TrendGrain {
  return args.sparklineGrain ?? (days > 31 ? 'week' : 'day');
}

const shapes = new WeakMap<readonly Node[], Map<string, Shape>>();

/** The items of a ranking (each node of the parent's subtree → the item it counts into) and the parent; kept per tree. */
function shapeOf(nodes: readonly Node[], args: RankingArgs): Shape {
  let kept = shapes.get(nodes);
  if (!kept) shapes.set(nodes, (kept = new Map()));
  const key = `${args.level} ${args.parentId ?? ''}`;
  let shape = kept.get(key);
  if (!shape) kept.set(key, (shape = walkShape(nodes, args)));
  return shape;
}

function walkShape(nodes: readonly Node[], args: RankingArgs): Shape {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<number | null, Node[]>();
  for (const n of nodes) {
    const p = n.parent !== null && byId.has(n.parent) ? n.parent : null;
    const list = children.get(p) ?? [];
    list.push(n);
    children.set(p, list);
  }
  const roots = children.get(null) ?? [];
  const parentId = args.parentId ?? (roots.length === 1 ? (roots[0]?.id ?? null) : null);
  const shape: Shape = { nodes: [], leaves: [], slotOf: new Map(), parentId, underParent: false };
  const walk = (node: Node, slot: number | undefined, depth: number): void => {
    let own = slot;
    const isItem = args.level === 'children' ? depth === 1 : node.type === 'EXPERIENCE_POINT';
    if (own === undefined && isItem) {
      own = shape.nodes.push(node) - 1;
      shape.leaves.push([]);
    }
    if (own !== undefined) {
      shape.slotOf.set(node.id, own);
      shape.leaves[own]?.push(node.id);
    }
    for (const c of children.get(node.id) ?? []) walk(c, own, depth + 1);
  };
  const top = parentId !== null ? byId.get(parentId) : undefined;
  shape.underParent = top !== undefined;
  if (top) walk(top, undefined, 0);
  else for (const r of roots) walk(r, undefined, args.level === 'children' ? 1 : 0);
  return shape;
}

/** One item's counts of one period as an array of `k` (into `out`, which is returned). */
function countsAt(counts: Float64Array, slot: number, out: number[] = zero()): number[] {
  for (let i = 0; i < k; i++) out[i] = counts[slot * k + i] ?? 0;
  return out;
}

/** One ranked item (rank 0 until placed), its value shrunk toward the parent's in each period. */
function rankedItem(
  item: { node: Node; cur: readonly number[]; prev: readonly number[] },
  args: RankingArgs,
  parent: { value: number | null; prevValue: number | null; m: number },
): RankedItem {
  const shrink = args.measure !== 'presses';
  const presses = total(item.cur);
  const value = measureOf(item.cur, args.measure, args.scale);
  const previousPresses = total(item.prev);
  const prevValue = measureOf(item.prev, args.measure, args.scale);
  const adjusted = shrink ? shrinkToward(value, presses, parent.value, parent.m) : value;
  const previousAdjusted =
    previousPresses === 0
      ? null
      : shrink
        ? shrinkToward(prevValue, previousPresses, parent.prevValue, parent.m)
        : prevValue;
  const estimate = estimateOf(item.cur, args.measure, args.scale);
  return {
    rank: 0,
    experiencePointId: item.node.id,
    name: item.node.name,
    type: item.node.type,
    presses,
    value,
    adjusted,
    previousPresses,
    previousAdjusted,
    delta: adjusted !== null && previousAdjusted !== null ? adjusted - previousAdjusted : null,
    valueLow: estimate?.low ?? null,
    valueHigh: estimate?.high ?? null,
    changeZ: changeZ(estimate, estimateOf(item.prev, args.measure, args.scale)),
    sparkline: [],
  };
}

/**
 * Adds each point's counts to its item's slot and to the parent, per period; with a parent, points outside it are
 * left out. `cur` and `prev` hold `k` counts per slot.
 */
function foldPeriods(read: PointPeriodCounts, buttons: number, shape: Shape) {
  const cur = new Float64Array(shape.nodes.length * k);
  const prev = new Float64Array(shape.nodes.length * k);
  const parentCur = zero();
  const parentPrev = zero();
  const { points, counts } = read;
  points.forEach((point, index) => {
    const slot = shape.slotOf.get(point);
    if (slot === undefined && shape.underParent) return; // outside the parent's subtree
    const at = index * 2 * buttons;
    for (let i = 0; i < buttons; i++) {
      const c = counts[at + i] ?? 0;
      const p = counts[at + buttons + i] ?? 0;
      parentCur[i] = (parentCur[i] ?? 0) + c;
      parentPrev[i] = (parentPrev[i] ?? 0) + p;
      if (slot !== undefined) {
        cur[slot * k + i] = (cur[slot * k + i] ?? 0) + c;
        prev[slot * k + i] = (prev[slot * k + i] ?? 0) + p;
      }
    }
  });
  return { cur, prev, parentCur, parentPrev };
}

/**
 * Both periods as whole months, weeks and days of the period rollup: `[lo, hi, weight in the previous period, weight
 * in the current]`, each range added (1) or taken away (−1; a week minus the days outside the period). A range both
 * covers use (the days where the periods meet) is listed once with both weights, so it is read once.
 */
function periodRanges(from: number, to: number): number[][] {
  const days = to - from;
  const byRange = new Map<string, number[]>();
  const put = (period: 2 | 3, r: { lo: number; hi: number; sign: number }) => {
    const key = `${r.lo} ${r.hi}`;
    const range = byRange.get(key) ?? [r.lo, r.hi, 0, 0];
    range[period] = (range[period] ?? 0) + r.sign;
    byRange.set(key, range);
  };
  for (const r of coverDays(from - days, from, periodLevels, true)) put(2, r);
  for (const r of coverDays(from, to, periodLevels, true)) put(3, r);
  return [...byRange.values()];
}

/**
 * The items' order: each item's adjusted value (its measure shrunk toward the parent's, or the presses) worked out
 * from its counts, the slots with presses sorted best first (adjusted, then presses, then id), and the rest listed
 * apart as too few. Only the listed items become RankedItems (rankedItem): ~5,000 points on `xlarge`.
 */
function order(
  shape: Shape,
  folded: { cur: Float64Array },
  args: RankingArgs,
  parent: { value: number | null; m: number },
) {
  const shrink = args.measure !== 'presses';
  const minPresses = args.minPresses ?? 1;
  const n = shape.nodes.length;
  const presses = new Float64Array(n);
  const adjusted = new Float64Array(n); // −Infinity for no value: as `?? -Infinity` sorted it
  const slots: number[] = [];
  const tooFew: Ranking['tooFew'] = [];
  const scratch = zero();
  for (let slot = 0; slot < n; slot++) {
    const counts = countsAt(folded.cur, slot, scratch);
    const p = total(counts);
    const node = shape.nodes[slot] as Node;
    if (p < minPresses || p === 0) {
      tooFew.push({ experiencePointId: node.id, name: node.name, presses: p });
      continue;
    }
    const value = measureOf(counts, args.measure, args.scale);
    presses[slot] = p;
    adjusted[slot] = (shrink ? shrinkToward(value, p, parent.value, parent.m) : value) ?? -Infinity;
    slots.push(slot);
  }
  const idOf = (slot: number): number => shape.nodes[slot]?.id ?? 0;
  slots.sort(
    (a, b) =>
      (adjusted[b] ?? 0) - (adjusted[a] ?? 0) || (presses[b] ?? 0) - (presses[a] ?? 0) || idOf(a) - idOf(b),
  );
  tooFew.sort((a, b) => b.presses - a.presses || a.experiencePointId - b.experiencePointId);
  return { slots, tooFew };
}

export function rank(db: Database.Database, args: RankingArgs): Ranking {
  const from = dayNumber(args.filter.from);
  const to = dayNumber(args.filter.to);
  const m = args.priorWeight ?? defaultPriorWeight;
  const shape = shapeOf(rankingNodes(db) as Node[], args);
  const filter: RankingFilter = {
    scale: args.scale,
    buttons: buttonsOf(args.scale),
    includeMisuse: args.filter.includeMisuse,
    surveyIds: args.filter.surveyIds,
  };
  const folded = foldPeriods(periodCountsPerPoint(db, filter, periodRanges(from, to)), filter.buttons, shape);
  const parentValue = measureOf(folded.parentCur, args.measure, args.scale);
  const parent = { value: parentValue, prevValue: measureOf(folded.parentPrev, args.measure, args.scale), m };
  const { slots, tooFew } = order(shape, folded, args, parent);
  const n = args.top ?? 10;
  // The best n and the worst n (the same item once when both lists hold it), placed as in the whole order.
  const listed = new Map<number, RankedItem>();
  const place = (position: number): RankedItem => {
    const slot = slots[position] ?? 0;
    let item = listed.get(slot);
    if (!item) {
      const counts = { cur: countsAt(folded.cur, slot), prev: countsAt(folded.prev, slot) };
      item = rankedItem({ node: shape.nodes[slot] as Node, ...counts }, args, parent);
      item.rank = position + 1;
      listed.set(slot, item);
    }
    return item;
  };
  const best = slots.slice(0, n).map((_, i) => place(i));
  const worstFrom = Math.max(0, slots.length - n);
  const worst = slots.slice(worstFrom).map((_, i) => place(worstFrom + i));
  const grain = sparkGrain(args, to - from);
  const periods = periodsBetween(from, to, grain);
  sparklines(db, [...listed.values()], shape, periods, grain, { filter, from, to }, args);
  const shrink = args.measure !== 'presses';
  return {
    measure: args.measure,
    parentId: shape.parentId,
    parentValue,
    parentPresses: total(folded.parentCur),
    priorWeight: shrink ? m : 0,
    method: shrink
      ? `Adjusted = (N·value + m·parent) / (N + m) with m = ${m} presses: a Bayesian average that pulls items with few presses toward the parent's value (Efron & Morris 1975; the IMDb weighted rating).`
      : 'Ranked by presses as counted.',
    grain,
    periods,
    ranked: slots.length,
    top: best,
    bottom: worst,
    tooFew: tooFew.slice(0, 50),
  };
}

/** Fills each listed item's sparkline: its measure per period of `grain` (null where it had no presses). */
function sparklines(
  db: Database.Database,
  listed: RankedItem[],
  shape: Shape,
  periods: string[],
  grain: TrendGrain,
  read: { filter: RankingFilter; from: number; to: number },
  args: RankingArgs,
): void {
  if (!listed.length) return;
  const owner = new Map<number, number>();
  for (const r of listed)
    for (const leaf of shape.leaves[shape.slotOf.get(r.experiencePointId) ?? -1] ?? [])
      owner.set(leaf, r.experiencePointId);
  const rows = dailyCountsOfPoints(db, read.filter, [...owner.keys()], read.from, read.to);
  const index = new Map(periods.map((p, i) => [p, i]));
  // Day → its period's index, worked out once per day (rows repeat each day for every listed point).
  const periodIndex = new Map<number, number | undefined>();
  const counts = new Map<number, number[][]>();
  for (const [p = 0, d = 0, ...c] of rows) {
    const id = owner.get(p);
    if (!periodIndex.has(d)) periodIndex.set(d, index.get(periodOf(d, grain)));
    const at = periodIndex.get(d);
    if (id === undefined || at === undefined) continue;
    let series = counts.get(id);
    if (!series) counts.set(id, (series = periods.map(zero)));
    const bucket = series[at];
    if (bucket) add(bucket, c);
  }
  for (const r of listed) {
    const series = counts.get(r.experiencePointId);
    r.sparkline = periods.map((_, i) => {
      const c = series?.[i];
      return c && total(c) > 0 ? measureOf(c, args.measure, args.scale) : null;
    });
  }
}
