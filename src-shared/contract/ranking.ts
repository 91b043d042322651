// The ranking domain of the contract: experience points or groups ranked by a measure with a small-sample
// correction (shrinkage toward the parent's value), presses, change against the previous period, a sparkline, top
// and bottom N; with its argument check.
import type { FeedbackScale } from './analytics.ts';
import { feedbackScales } from './analytics.ts';
import {
  parseFeedbackFilter,
  parseNumber,
  parseWhole,
  trendGrains,
  type FeedbackFilter,
  type TrendGrain,
} from './feedbackFilter.ts';
import { bad, isPlainObject, parseOneOf, unknownKey, type ArgParsers, type Parsed } from './parse.ts';

/**
 * `happyIndex` (0..100, face scales), `nps` (−100..100, NPS scale only), `average` (1..k on faces, 0..10 on nps),
 * `positiveShare` (0..1, face
 * scales) — each shrunk toward the parent's value — or `presses` (ranked as counted, no correction).
 */
export type RankMeasure = 'happyIndex' | 'nps' | 'average' | 'positiveShare' | 'presses';
export const rankMeasures = [
  'happyIndex',
  'nps',
  'average',
  'positiveShare',
  'presses',
] as const satisfies readonly RankMeasure[];

export interface RankingArgs {
  /** `from` and `to` are required: the period ranked. The previous period is the same length just before it. */
  filter: FeedbackFilter & { from: string; to: string };
  /** Presses of surveys on this scale only (required: a measure is only meaningful within one scale). */
  scale: FeedbackScale;
  measure: RankMeasure;
  /**
   * `points`: every experience point under `parentId`; `children`: the direct children of `parentId` (groups and
   * points, each with its whole subtree). `parentId` absent: the root(s) of the tree.
   */
  level: 'points' | 'children';
  parentId?: number;
  /** Prior weight m in presses (default 30): how many presses of the parent's value each item starts with. */
  priorWeight?: number;
  /** Items with fewer presses are listed apart (`tooFew`), not ranked (default 1). */
  minPresses?: number;
  /** Top and bottom N (default 10 each). */
  top?: number;
  /** The sparkline's grain (default: week for a period over 31 days, else day). */
  sparklineGrain?: TrendGrain;
}

export interface RankedItem {
  rank: number;
  experiencePointId: number;
  /** Untrusted: render as text. */
  name: string;
  type: 'GROUP' | 'EXPERIENCE_POINT';
  presses: number;
  /** The measure as counted; null without presses. */
  value: number | null;
  /** Shrunk toward the parent: (N·value + m·parentValue) / (N + m); the ranking key. `presses`: = value. */
  adjusted: number | null;
  previousPresses: number;
  /** The adjusted value of the previous period (shrunk toward the parent's previous value); null without presses. */
  previousAdjusted: number | null;
  /** adjusted − previousAdjusted; null when either is null. */
  delta: number | null;
  /** The 95% interval of `value` (as counted); null for presses or without presses. */
  valueLow?: number | null;
  valueHigh?: number | null;
  /**
   * The two-sample z of the change of the value as counted against the previous period (|z| ≥ 1.96: more than
   * noise; the delta is shown muted otherwise); null for presses or when it cannot be told.
   */
  changeZ?: number | null;
  /** The measure (as counted) per `grain` period of the ranked range, oldest first; null for a period without presses. */
  sparkline: (number | null)[];
}

export interface Ranking {
  measure: RankMeasure;
  parentId: number | null;
  /** The parent's own value over the period: what every item is shrunk toward. */
  parentValue: number | null;
  parentPresses: number;
  priorWeight: number;
  /** The formula in words, with its source (for a tooltip). */
  method: string;
  grain: TrendGrain;
  /** Period labels of the sparklines (see FollowupTrendRow.period for the format). */
  periods: string[];
  /** Items ranked (enough presses). */
  ranked: number;
  /** Best first. */
  top: RankedItem[];
  /** Worst last (the bottom N in rank order); may overlap `top` when few items are ranked. */
  bottom: RankedItem[];
  /** Items below `minPresses`, most presses first (at most 50). */
  tooFew: { experiencePointId: number; name: string; presses: number }[];
}

export interface RankingCommands {
  'ranking:rank': { args: RankingArgs; result: Ranking };
}

function parseRankingArgs(value: unknown): Parsed<RankingArgs> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, [
    'filter',
    'scale',
    'measure',
    'level',
    'parentId',
    'priorWeight',
    'minPresses',
    'top',
    'sparklineGrain',
  ]);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const filter = parseFeedbackFilter(value.filter);
  if (!filter.ok) return filter;
  const { from, to } = filter.args;
  if (from === undefined || to === undefined)
    return bad('filter.from and filter.to are required for a ranking');
  const scale = parseOneOf(value.scale, feedbackScales, 'scale');
  if (!scale.ok) return scale;
  if (!scale.args) return bad(`scale must be one of ${feedbackScales.join(', ')}`);
  const measure = parseOneOf(value.measure, rankMeasures, 'measure');
  if (!measure.ok) return measure;
  if (!measure.args) return bad(`measure must be one of ${rankMeasures.join(', ')}`);
  if (measure.args === 'nps' && scale.args !== 'nps') return bad('measure nps needs scale nps');
  if (measure.args === 'positiveShare' && scale.args === 'nps')
    return bad('measure positiveShare needs a face scale (four, five, five_reversed)');
  const level = parseOneOf(value.level, ['points', 'children'] as const, 'level');
  if (!level.ok) return level;
  if (!level.args) return bad('level must be one of points, children');
  const parent = parseWhole(value.parentId, 'parentId', 0, Number.MAX_SAFE_INTEGER);
  if (!parent.ok) return parent;
  const prior = parseNumber(value.priorWeight, 'priorWeight', 0, 1_000_000);
  if (!prior.ok) return prior;
  const min = parseWhole(value.minPresses, 'minPresses', 0, 1_000_000);
  if (!min.ok) return min;
  const top = parseWhole(value.top, 'top', 1, 500);
  if (!top.ok) return top;
  const grain = parseOneOf(value.sparklineGrain, trendGrains, 'sparklineGrain');
  if (!grain.ok) return grain;
  return {
    ok: true,
    args: {
      filter: { ...filter.args, from, to },
      scale: scale.args,
      measure: measure.args,
      level: level.args,
      ...(parent.args !== undefined ? { parentId: parent.args } : {}),
      ...(prior.args !== undefined ? { priorWeight: prior.args } : {}),
      ...(min.args !== undefined ? { minPresses: min.args } : {}),
      ...(top.args !== undefined ? { top: top.args } : {}),
      ...(grain.args ? { sparklineGrain: grain.args } : {}),
    },
  };
}

export const rankingArgs: ArgParsers<RankingCommands> = {
  'ranking:rank': parseRankingArgs,
};
