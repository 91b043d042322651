// The anomalies domain of the contract: the days (and busy hours) whose score or negative share left the node's own
// same-weekday baseline, each point and group of a selection, and its argument check.
import { parseFeedbackFilter, type FeedbackFilter } from './feedbackFilter.ts';
import { bad, isPlainObject, parseOneOf, unknownKey, type ArgParsers, type Parsed } from './parse.ts';
import { feedbackScales, type FeedbackScale } from './querySpec.ts';

export type AnomalyMeasure = 'negativeShare' | 'happyIndex';
export const anomalyMeasures = ['negativeShare', 'happyIndex'] as const satisfies readonly AnomalyMeasure[];

export interface AnomalyArgs {
  /** The selection (each id with its subtree; absent: the whole tree) and the period tested (`from`, `to` required). */
  filter: FeedbackFilter & { from: string; to: string };
  /** `negativeShare` (red faces, 0–6 on NPS; every scale counts) or `happyIndex` (faces of one scale group). */
  measure: AnomalyMeasure;
  /** Only these scales (required, one face group, for `happyIndex`). */
  scales?: FeedbackScale[];
}

/** One unusual day (hour null) or hour of one node. */
export interface AnomalyRow {
  experiencePointId: number;
  /** The node's name (untrusted: render as text). */
  name: string;
  type: 'GROUP' | 'EXPERIENCE_POINT';
  /** The local day `yyyy-MM-dd`. */
  day: string;
  /** The local hour 0..23 of an hourly anomaly; null for the whole day. */
  hour: number | null;
  measure: AnomalyMeasure;
  /** The cell's measure: a share 0..1, or a Happy Index 0..100. */
  value: number;
  /** The same weekday (and hour) of the 8 weeks before, outliers set aside. */
  baseline: number;
  z: number;
  /** Benjamini–Hochberg adjusted p-value over every test of the answer (a discovery when ≤ 0.05). */
  q: number;
  presses: number;
  /** Baseline weeks kept. */
  weeks: number;
  /** True when the cell is worse than its baseline (more red, or a lower Happy Index). */
  worse: boolean;
}

export interface AnomalyAnswer {
  measure: AnomalyMeasure;
  from: string;
  to: string;
  /** Cells tested (days and hours with enough volume): the family the false discovery rate is controlled over. */
  tests: number;
  /** Largest |z| first. */
  rows: AnomalyRow[];
}

export interface AnomalyCommands {
  'analytics:anomalies': { args: AnomalyArgs; result: AnomalyAnswer };
}

function parseAnomalyArgs(value: unknown): Parsed<AnomalyArgs> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['filter', 'measure', 'scales']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const filter = parseFeedbackFilter(value.filter);
  if (!filter.ok) return filter;
  const { from, to } = filter.args;
  if (from === undefined || to === undefined) return bad('filter.from and filter.to are required');
  const measure = parseOneOf(value.measure, anomalyMeasures, 'measure');
  if (!measure.ok) return measure;
  const chosen = measure.args ?? 'negativeShare';
  let scales: FeedbackScale[] | undefined;
  if (value.scales !== undefined) {
    const list = value.scales;
    if (!Array.isArray(list) || list.length === 0 || list.length > feedbackScales.length)
      return bad(`scales must list some of ${feedbackScales.join(', ')}`);
    const known = list.filter((s): s is FeedbackScale => (feedbackScales as readonly unknown[]).includes(s));
    if (known.length !== list.length) return bad(`scales may only hold ${feedbackScales.join(', ')}`);
    scales = [...new Set(known)];
  }
  if (chosen === 'happyIndex') {
    const groups = new Set((scales ?? []).map((s) => (s === 'five_reversed' ? 'five' : s)));
    if (!scales || groups.size !== 1 || groups.has('nps'))
      return bad('measure happyIndex needs the scales of one face group (four, or five and five_reversed)');
  }
  return {
    ok: true,
    args: { filter: { ...filter.args, from, to }, measure: chosen, ...(scales ? { scales } : {}) },
  };
}

export const anomalyArgs: ArgParsers<AnomalyCommands> = {
  'analytics:anomalies': parseAnomalyArgs,
};
