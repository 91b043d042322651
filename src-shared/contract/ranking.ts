// The ranking domain of the contract: experience points or groups ranked by a measure with a small-sample
// correction (shrinkage toward the parent's value), presses, change against the previous period, a sparkline, top
// and bottom N; with its argument check.
import { feedbackScales } from './analytics.ts';
import * as v from 'valibot';
import { periodFilterSchema, trendGrains, type TrendGrain } from './feedbackFilter.ts';
import type { ArgParsers } from './parse.ts';
import { args, num, oneOf, oneOfRequired, parserOf, whole } from './schema.ts';

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

const rankingFields = args({
  /** `from` and `to` are required: the period ranked. The previous period is the same length just before it. */
  filter: periodFilterSchema('filter.from and filter.to are required for a ranking'),
  /** Presses of surveys on this scale only (required: a measure is only meaningful within one scale). */
  scale: oneOfRequired(feedbackScales, 'scale'),
  measure: oneOfRequired(rankMeasures, 'measure'),
  /**
   * `points`: every experience point under `parentId`; `children`: the direct children of `parentId` (groups and
   * points, each with its whole subtree). `parentId` absent: the root(s) of the tree.
   */
  level: oneOfRequired(['points', 'children'], 'level'),
  parentId: whole('parentId', 0, Number.MAX_SAFE_INTEGER),
  /** Prior weight m in presses (default 30): how many presses of the parent's value each item starts with. */
  priorWeight: num('priorWeight', 0, 1_000_000),
  /** Items with fewer presses are listed apart (`tooFew`), not ranked (default 1). */
  minPresses: whole('minPresses', 0, 1_000_000),
  /** Top and bottom N (default 10 each). */
  top: whole('top', 1, 500),
  /** The sparkline's grain (default: week for a period over 31 days, else day). */
  sparklineGrain: oneOf(trendGrains, 'sparklineGrain'),
});
const rankingArgsSchema = v.pipe(
  rankingFields,
  v.check(
    (a: v.InferOutput<typeof rankingFields>) => a.measure !== 'nps' || a.scale === 'nps',
    'measure nps needs scale nps',
  ),
  v.check(
    (a: v.InferOutput<typeof rankingFields>) => a.measure !== 'positiveShare' || a.scale !== 'nps',
    'measure positiveShare needs a face scale (four, five, five_reversed)',
  ),
);
export type RankingArgs = v.InferOutput<typeof rankingArgsSchema>;

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

export const rankingArgs: ArgParsers<RankingCommands> = {
  'ranking:rank': parserOf(rankingArgsSchema),
};
