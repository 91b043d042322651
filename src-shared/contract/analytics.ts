// The analytics domain of the contract: the QuerySpec and its rows, the scales overview, and their argument checks.
import type * as v from 'valibot';
import type { ArgParsers } from './parse.ts';
import { ids, optionalArgs, parserOf } from './schema.ts';
import { parseQuerySpec, type FeedbackScale, type QueryRow, type QuerySpec } from './querySpec.ts';

export * from './querySpec.ts';

/** One survey with presses in the asked subtree. `name` is its question text (untrusted: render as text). */
export interface ScaleSurvey {
  surveyId: number;
  name: string;
  presses: number;
}

/** The presses of one scale in a subtree (misuse left out, all dates), and its surveys, most presses first. */
export interface ScalePresses {
  scale: FeedbackScale;
  presses: number;
  surveys: ScaleSurvey[];
}

const scalesArgsSchema = optionalArgs({
  /** Experience points or groups; each id stands for its whole subtree. Absent: everything. */
  experiencePointIds: ids('experiencePointIds'),
});
export type ScalesArgs = v.InferOutput<typeof scalesArgsSchema>;

export interface ScaleOverview {
  /** Only the scales that have presses in the subtree, most presses first. */
  scales: ScalePresses[];
  /** Surveys with presses whose scale is unknown (definition not synced, or a scale this version does not know). */
  unknown: ScaleSurvey[];
}

export interface AnalyticsCommands {
  'analytics:query': { args: QuerySpec; result: QueryRow[] };
  /** Which scales the subtree's presses use, with their counts and surveys (pick one before counting per button). */
  'analytics:scales': { args: ScalesArgs; result: ScaleOverview };
}

export const analyticsArgs: ArgParsers<AnalyticsCommands> = {
  'analytics:query': parseQuerySpec,
  'analytics:scales': parserOf(scalesArgsSchema),
};
