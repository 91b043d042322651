// The anomalies domain of the contract: the days (and busy hours) whose score or negative share left the node's own
// same-weekday baseline, each point and group of a selection, and its argument check.
import * as v from 'valibot';
import { periodFilterSchema } from './feedbackFilter.ts';
import type { ArgParsers } from './parse.ts';
import { feedbackScales } from './querySpec.ts';
import { args, parserOf } from './schema.ts';

export type AnomalyMeasure = 'negativeShare' | 'happyIndex';
export const anomalyMeasures = ['negativeShare', 'happyIndex'] as const satisfies readonly AnomalyMeasure[];

const scalesListed = `scales must list some of ${feedbackScales.join(', ')}`;
const anomalyFields = args({
  /** The selection (each id with its subtree; absent: the whole tree) and the period tested (`from`, `to` required). */
  filter: periodFilterSchema('filter.from and filter.to are required'),
  /** `negativeShare` (red faces, 0–6 on NPS; every scale counts) or `happyIndex` (faces of one scale group). */
  measure: v.optional(
    v.picklist(anomalyMeasures, `measure must be one of ${anomalyMeasures.join(', ')}`),
    'negativeShare',
  ),
  /** Only these scales (required, one face group, for `happyIndex`); repeats count once. */
  scales: v.optional(
    v.pipe(
      v.array(v.unknown(), scalesListed),
      v.minLength(1, scalesListed),
      v.maxLength(feedbackScales.length, scalesListed),
      v.array(v.picklist(feedbackScales, `scales may only hold ${feedbackScales.join(', ')}`)),
      v.transform((list) => [...new Set(list)]),
    ),
  ),
});
const anomalyArgsSchema = v.pipe(
  anomalyFields,
  v.check((a: v.InferOutput<typeof anomalyFields>) => {
    if (a.measure !== 'happyIndex') return true;
    const groups = new Set((a.scales ?? []).map((s) => (s === 'five_reversed' ? 'five' : s)));
    return a.scales !== undefined && groups.size === 1 && !groups.has('nps');
  }, 'measure happyIndex needs the scales of one face group (four, or five and five_reversed)'),
);
export type AnomalyArgs = v.InferOutput<typeof anomalyArgsSchema>;

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

export const anomalyArgs: ArgParsers<AnomalyCommands> = {
  'analytics:anomalies': parserOf(anomalyArgsSchema),
};
