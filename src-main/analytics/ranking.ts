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

interface Item {
  node: Node;
  cur: number[];
  prev: number[];
  leaves: number[];
}

const add = (into: number[], from: readonly number[]): void => {
  for (let i = 0; i < 11; i++) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
};
const zero = (): number[] => new Array<number>(11).fill(0);

/** The grain of the sparkline: as asked, else week for a period over 31 days, else day. */
function sparkGrain(args: RankingArgs, days: number): TrendGrain {
  return args.sparklineGrain ?? (days > 31 ? 'week' : 'day');
}

/** The items of a ranking (each node of the parent's subtree → the item it counts into) and the parent. */
function itemsOf(nodes: readonly Node[], args: RankingArgs) {
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
  const items = new Map<number, Item>();
  const owner = new Map<number, Item>();
  const walk = (node: Node, item: Item | undefined, depth: number): void => {
    let own = item;
    const isItem = args.level === 'children' ? depth === 1 : node.type === 'EXPERIENCE_POINT';
    if (!own && isItem) items.set(node.id, (own = { node, cur: zero(), prev: zero(), leaves: [] }));
    if (own) {
      owner.set(node.id, own);
      own.leaves.push(node.id);
    }
    for (const c of children.get(node.id) ?? []) walk(c, own, depth + 1);
  };
  const top = parentId !== null ? byId.get(parentId) : undefined;
  if (top) walk(top, undefined, 0);
  else for (const r of roots) walk(r, undefined, args.level === 'children' ? 1 : 0);
  return { items, owner, parentId, top };
}

/** One ranked item (rank 0 until sorted), its value shrunk toward the parent's in each period. */
function rankedItem(
  item: Item,
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

/** Adds each point's counts to its item and to the parent, per period; with a parent, points outside it are left out. */
function foldPeriods(
  read: PointPeriodCounts,
  buttons: number,
  owner: Map<number, Item>,
  underParent: boolean,
) {
  const parentCur = zero();
  const parentPrev = zero();
  const { points, counts } = read;
  points.forEach((point, slot) => {
    const item = owner.get(point);
    if (!item && underParent) return; // outside the parent's subtree
    const at = slot * 2 * buttons;
    for (let i = 0; i < buttons; i++) {
      const cur = counts[at + i] ?? 0;
      const prev = counts[at + buttons + i] ?? 0;
      parentCur[i] = (parentCur[i] ?? 0) + cur;
      parentPrev[i] = (parentPrev[i] ?? 0) + prev;
      if (item) {
        item.cur[i] = (item.cur[i] ?? 0) + cur;
        item.prev[i] = (item.prev[i] ?? 0) + prev;
      }
    }
  });
  return { parentCur, parentPrev };
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

// eslint-disable-next-line max-lines-per-function -- the ranking reads as one story (items, two periods, shrink, sort, sparklines); its parts are already helpers
export function rank(db: Database.Database, args: RankingArgs): Ranking {
  const from = dayNumber(args.filter.from);
  const to = dayNumber(args.filter.to);
  const days = to - from;
  const m = args.priorWeight ?? defaultPriorWeight;
  const { items, owner, parentId, top } = itemsOf(rankingNodes(db) as Node[], args);
  const filter: RankingFilter = {
    scale: args.scale,
    buttons: buttonsOf(args.scale),
    includeMisuse: args.filter.includeMisuse,
    surveyIds: args.filter.surveyIds,
  };
  const { parentCur, parentPrev } = foldPeriods(
    periodCountsPerPoint(db, filter, periodRanges(from, to)),
    filter.buttons,
    owner,
    top !== undefined,
  );
  const parentValue = measureOf(parentCur, args.measure, args.scale);
  const parent = { value: parentValue, prevValue: measureOf(parentPrev, args.measure, args.scale), m };
  const shrink = args.measure !== 'presses';
  const minPresses = args.minPresses ?? 1;
  const ranked: RankedItem[] = [];
  const tooFew: Ranking['tooFew'] = [];
  for (const item of items.values()) {
    const presses = total(item.cur);
    if (presses < minPresses || presses === 0)
      tooFew.push({ experiencePointId: item.node.id, name: item.node.name, presses });
    else ranked.push(rankedItem(item, args, parent));
  }
  ranked.sort(
    (a, b) =>
      (b.adjusted ?? -Infinity) - (a.adjusted ?? -Infinity) ||
      b.presses - a.presses ||
      a.experiencePointId - b.experiencePointId,
  );
  ranked.forEach((r, i) => (r.rank = i + 1));
  const n = args.top ?? 10;
  const best = ranked.slice(0, n);
  const worst = ranked.slice(Math.max(0, ranked.length - n));
  const grain = sparkGrain(args, days);
  const periods = periodsBetween(from, to, grain);
  sparklines(db, [...new Set([...best, ...worst])], items, periods, grain, { filter, from, to }, args);
  tooFew.sort((a, b) => b.presses - a.presses || a.experiencePointId - b.experiencePointId);
  return {
    measure: args.measure,
    parentId,
    parentValue,
    parentPresses: total(parentCur),
    priorWeight: shrink ? m : 0,
    method: shrink
      ? `Adjusted = (N·value + m·parent) / (N + m) with m = ${m} presses: a Bayesian average that pulls items with few presses toward the parent's value (Efron & Morris 1975; the IMDb weighted rating).`
      : 'Ranked by presses as counted.',
    grain,
    periods,
    ranked: ranked.length,
    top: best,
    bottom: worst,
    tooFew: tooFew.slice(0, 50),
  };
}

/** Fills each listed item's sparkline: its measure per period of `grain` (null where it had no presses). */
function sparklines(
  db: Database.Database,
  listed: RankedItem[],
  items: Map<number, Item>,
  periods: string[],
  grain: TrendGrain,
  read: { filter: RankingFilter; from: number; to: number },
  args: RankingArgs,
): void {
  if (!listed.length) return;
  const owner = new Map<number, number>();
  for (const r of listed)
    for (const leaf of items.get(r.experiencePointId)?.leaves ?? []) owner.set(leaf, r.experiencePointId);
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
