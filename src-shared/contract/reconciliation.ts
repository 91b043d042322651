// The reconciliation domain of the contract: per day and survey, v1 summed results vs v1 raw results vs v2 presses,
// with misuse explaining the difference, and the sync's verification against the service's aggregates.
import * as v from 'valibot';
import { feedbackFilterSchema } from './feedbackFilter.ts';
import type { ArgParsers } from './parse.ts';
import { bool, optionalArgs, parserOf, whole } from './schema.ts';

/**
 * One survey at one experience point on one local day. A v1 survey is one (experience point, v2 survey) pair with a
 * key of its own, and v1 does not say which v2 survey: they are matched by the experience point (v1 folder key = v2
 * id) and the question (v1 question key = v2 question id) of the four-button scale, the only one v1 knows. When one
 * point has several surveys asking the same question, they are one row together (their keys are listed).
 */
export interface ReconciliationRow {
  day: string;
  experiencePointId: number;
  experiencePointName: string | null;
  questionId: number;
  /** The v1 survey keys and v2 survey ids counted in this row (empty when that source has none here). */
  v1SurveyKeys: number[];
  v2SurveyIds: number[];
  /** v1 `results?truncate=day` as stored (misuse excluded by the service); null when v1 has no such survey/day. */
  v1Summed: number | null;
  /** v1 raw results' presses (misuse included: raw results do not mark it). */
  v1Raw: number | null;
  /** v2 presses, all and misuse only; null when v2 has no such survey at the point. */
  v2All: number | null;
  v2Misuse: number | null;
  /** v1Raw − v1Summed (the presses the service left out of its sums). */
  rawMinusSummed: number | null;
  /** Whether that difference is exactly v2's misuse count of the day. */
  explainedByMisuse: boolean | null;
  /** Whether every available count agrees: v1Summed = v2All − v2Misuse and v1Raw = v2All. */
  agrees: boolean;
}

export interface ReconciliationTotals {
  v1Summed: number;
  v1Raw: number;
  v2All: number;
  v2Misuse: number;
  /** Rows where not every count agrees, and of those where misuse explains v1's raw-vs-summed difference. */
  disagreeing: number;
  explainedByMisuse: number;
}

/** The last verification of the stored v2 presses against the service's aggregated counts that a sync kept. */
export interface VerificationSummary {
  /** ISO instant it ran. */
  checkedAt: string;
  from: string;
  to: string;
  groupsCompared: number;
  localTotal: number;
  serviceTotal: number;
  /** Differing (point, survey, day) groups; the first 100 are listed. */
  mismatchCount: number;
  mismatches: { experiencePointId: number; surveyId: number; day: string; local: number; service: number }[];
}

const reconciliationArgsSchema = optionalArgs({
  filter: v.optional(feedbackFilterSchema()),
  /** Only rows where the counts disagree. */
  onlyDisagreeing: bool('onlyDisagreeing'),
  /** At most this many rows (default 1000, at most 10000), newest day first. */
  limit: whole('limit', 1, 10_000),
});
export type ReconciliationArgs = v.InferOutput<typeof reconciliationArgsSchema>;

export interface Reconciliation {
  /** Whether the store holds v1 and v2 presses at all (reconciliation needs both). */
  hasV1: boolean;
  hasV2: boolean;
  rows: ReconciliationRow[];
  /** Over every row of the filter (not only the listed ones). */
  totals: ReconciliationTotals;
  rowCount: number;
  verification: VerificationSummary | null;
}

export interface ReconciliationCommands {
  'reconciliation:daily': { args: ReconciliationArgs; result: Reconciliation };
}

export const reconciliationArgs: ArgParsers<ReconciliationCommands> = {
  'reconciliation:daily': parserOf(reconciliationArgsSchema),
};
