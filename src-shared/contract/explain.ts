// The "why did it change" domain of the contract: a score's change split over the node's children or its surveys
// (rate and mix effects), with the follow-up reasons that moved most; and its argument check.
import { parseFeedbackFilter } from './feedbackFilter.ts';
import { bad, isPlainObject, parseOneOf, unknownKey, type ArgParsers, type Parsed } from './parse.ts';
import { feedbackScales, type FeedbackScale } from './querySpec.ts';
import type { FeedbackFilter } from './feedbackFilter.ts';

export type ExplainMeasure = 'happyIndex' | 'nps' | 'average';
export const explainMeasures = ['happyIndex', 'nps', 'average'] as const satisfies readonly ExplainMeasure[];
export type ExplainBy = 'point' | 'survey';
export type ExplainComparison = 'previousPeriod' | 'lastYear';
export const explainComparisons = [
  'previousPeriod',
  'lastYear',
] as const satisfies readonly ExplainComparison[];

export interface ExplainArgs {
  /** The selection and the period (`from`, `to` required); the comparison period is derived as in a QuerySpec. */
  filter: FeedbackFilter & { from: string; to: string };
  /** The feedback scales of one scale group (five and five_reversed count together). */
  scales: FeedbackScale[];
  measure: ExplainMeasure;
  /** `point`: the children of the selected node (the tree's roots without a selection); `survey`: its surveys. */
  by: ExplainBy;
  comparison: ExplainComparison;
}

/** One part of the change. Shares w, scores s of the part; the bars are means over the two periods. */
export interface ExplainRow {
  experiencePointId?: number;
  surveyId?: number;
  /** The node's name or the survey's question (untrusted: render as text). */
  name: string;
  presses: number;
  previousPresses: number;
  /** The part's score now and before; null without presses (it then counts at the parent's score). */
  value: number | null;
  previousValue: number | null;
  /** w̄·(s₁ − s₀): the part got better or worse. */
  rateEffect: number;
  /** (w₁ − w₀)·(s̄ − S̄): the part's share of the presses moved, and it scores above or below the whole. */
  mixEffect: number;
  /** rateEffect + mixEffect; the rows' contributions add up to `change`. */
  contribution: number;
  /** The two-sample z of the part's own change (|z| ≥ 1.96: more than noise); null when it cannot be told. */
  z: number | null;
}

/** A follow-up reason whose share of its side's answers moved. */
export interface ExplainReason {
  side: 'painPoint' | 'highlight';
  optionText: string;
  /** Share of the side's answering feedbacks that chose it, now and before (0..1). */
  share: number;
  previousShare: number;
  count: number;
  previousCount: number;
  z: number | null;
}

export interface Explanation {
  measure: ExplainMeasure;
  by: ExplainBy;
  /** The comparison period's dates (`to` exclusive). */
  previousFrom: string;
  previousTo: string;
  current: number | null;
  previous: number | null;
  /** current − previous; null when either period has no presses (then there are no rows). */
  change: number | null;
  presses: number;
  previousPresses: number;
  /** The z of the whole change. */
  z: number | null;
  /** Largest |contribution| first. */
  rows: ExplainRow[];
  /** Per side, the reasons whose share moved most (largest |change| first, at most 3 each). */
  reasons: ExplainReason[];
}

export interface ExplainCommands {
  'analytics:explain': { args: ExplainArgs; result: Explanation };
}

function parseExplainArgs(value: unknown): Parsed<ExplainArgs> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['filter', 'scales', 'measure', 'by', 'comparison']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const filter = parseFeedbackFilter(value.filter);
  if (!filter.ok) return filter;
  const { from, to } = filter.args;
  if (from === undefined || to === undefined) return bad('filter.from and filter.to are required');
  const scales = value.scales;
  if (!Array.isArray(scales) || scales.length === 0 || scales.length > 2)
    return bad(`scales must list one or two of ${feedbackScales.join(', ')}`);
  const known = scales.filter((s): s is FeedbackScale => (feedbackScales as readonly unknown[]).includes(s));
  if (known.length !== scales.length) return bad(`scales may only hold ${feedbackScales.join(', ')}`);
  const group = new Set(known.map((s) => (s === 'five_reversed' ? 'five' : s)));
  if (group.size !== 1 || new Set(known).size !== known.length)
    return bad('scales must be of one scale group (five and five_reversed may go together)');
  const measure = parseOneOf(value.measure, explainMeasures, 'measure');
  if (!measure.ok) return measure;
  if (!measure.args) return bad(`measure must be one of ${explainMeasures.join(', ')}`);
  const nps = known[0] === 'nps';
  if (measure.args === 'nps' && !nps) return bad('measure nps needs the nps scale');
  if (measure.args === 'happyIndex' && nps) return bad('measure happyIndex needs a face scale');
  const by = parseOneOf(value.by, ['point', 'survey'] as const, 'by');
  if (!by.ok) return by;
  if (!by.args) return bad('by must be point or survey');
  const comparison = parseOneOf(value.comparison, explainComparisons, 'comparison');
  if (!comparison.ok) return comparison;
  if (!comparison.args) return bad(`comparison must be one of ${explainComparisons.join(', ')}`);
  return {
    ok: true,
    args: {
      filter: { ...filter.args, from, to },
      scales: known,
      measure: measure.args,
      by: by.args,
      comparison: comparison.args,
    },
  };
}

export const explainArgs: ArgParsers<ExplainCommands> = {
  'analytics:explain': parseExplainArgs,
};
