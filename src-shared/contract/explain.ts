// The "why did it change" domain of the contract: a score's change split over the node's children or its surveys
// (rate and mix effects), with the follow-up reasons that moved most; and its argument check.
import * as v from 'valibot';
import { periodFilterSchema } from './feedbackFilter.ts';
import type { ArgParsers } from './parse.ts';
import { feedbackScales } from './querySpec.ts';
import { args, oneOfRequired, parserOf } from './schema.ts';

export type ExplainMeasure = 'happyIndex' | 'nps' | 'average';
export const explainMeasures = ['happyIndex', 'nps', 'average'] as const satisfies readonly ExplainMeasure[];
export type ExplainBy = 'point' | 'survey';
export type ExplainComparison = 'previousPeriod' | 'lastYear';
export const explainComparisons = [
  'previousPeriod',
  'lastYear',
] as const satisfies readonly ExplainComparison[];

const scalesListed = `scales must list one or two of ${feedbackScales.join(', ')}`;
const explainFields = args({
  /** The selection and the period (`from`, `to` required); the comparison period is derived as in a QuerySpec. */
  filter: periodFilterSchema('filter.from and filter.to are required'),
  /** The feedback scales of one scale group (five and five_reversed count together). */
  scales: v.pipe(
    v.array(v.unknown(), scalesListed),
    v.minLength(1, scalesListed),
    v.maxLength(2, scalesListed),
    v.array(v.picklist(feedbackScales, `scales may only hold ${feedbackScales.join(', ')}`)),
    v.check((known) => {
      const group = new Set(known.map((s) => (s === 'five_reversed' ? 'five' : s)));
      return group.size === 1 && new Set(known).size === known.length;
    }, 'scales must be of one scale group (five and five_reversed may go together)'),
  ),
  measure: oneOfRequired(explainMeasures, 'measure'),
  /** `point`: the children of the selected node (the tree's roots without a selection); `survey`: its surveys. */
  by: v.picklist(['point', 'survey'], 'by must be point or survey'),
  comparison: oneOfRequired(explainComparisons, 'comparison'),
});
const explainArgsSchema = v.pipe(
  explainFields,
  v.check(
    (a: v.InferOutput<typeof explainFields>) => a.measure !== 'nps' || a.scales[0] === 'nps',
    'measure nps needs the nps scale',
  ),
  v.check(
    (a: v.InferOutput<typeof explainFields>) => a.measure !== 'happyIndex' || a.scales[0] !== 'nps',
    'measure happyIndex needs a face scale',
  ),
);
export type ExplainArgs = v.InferOutput<typeof explainArgsSchema>;

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

export const explainArgs: ArgParsers<ExplainCommands> = {
  'analytics:explain': parserOf(explainArgsSchema),
};
