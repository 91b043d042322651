// The follow-ups domain of the contract: pain points and highlights (option shares on the negative and positive
// side) and their trend by a time grain, with their argument checks.
import * as v from 'valibot';
import { feedbackFilterSchema, trendGrains } from './feedbackFilter.ts';
import type { ArgParsers } from './parse.ts';
import { oneOf, optionalArgs, args, parserOf, whole } from './schema.ts';

/**
 * `painPoint`: options of the follow-up question asked after a negative answer (v2 follow-up question with
 * `positive = false`); `highlight`: after a positive one. The service's own words (v1 follow-up results).
 */
export type FollowupSide = 'painPoint' | 'highlight';
export const followupSides = ['painPoint', 'highlight'] as const satisfies readonly FollowupSide[];

/**
 * One option, by its text in the survey's default locale: the same label in several surveys (each survey has its
 * own follow-up questions and option ids) counts as one. `optionText` is untrusted: render as text.
 */
export interface FollowupOptionShare {
  side: FollowupSide;
  optionText: string;
  /** The v2 follow-up option ids carrying this label in the filter's surveys. */
  optionIds: number[];
  /** Times the option was chosen. */
  count: number;
  /** count ÷ every option chosen on this side (0..1); the shares of one side add up to 1. */
  share: number;
}

export interface FollowupSideSummary {
  side: FollowupSide;
  /** Options chosen on this side in all (one feedback may choose several). */
  selections: number;
  /** Feedbacks that answered this side's question. */
  feedbacks: number;
  /** Most chosen first. */
  options: FollowupOptionShare[];
}

const summaryArgs = optionalArgs({
  filter: v.optional(feedbackFilterSchema(), {}),
  /** Only one side; absent: both. */
  side: oneOf(followupSides, 'side'),
  /** At most this many options per side (default 50). */
  limit: whole('limit', 1, 1000),
});
export type FollowupSummaryArgs = v.InferOutput<typeof summaryArgs>;

export interface FollowupSummary {
  sides: FollowupSideSummary[];
}

const optionTextsMessage = 'optionTexts must be a list of at most 50 texts';
const trendArgs = args({
  filter: v.optional(feedbackFilterSchema(), {}),
  grain: v.picklist(trendGrains, `grain must be one of ${trendGrains.join(', ')}`),
  side: oneOf(followupSides, 'side'),
  /** Only these labels (default: the side's `top` most chosen in the whole range). */
  optionTexts: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(optionTextsMessage), v.maxLength(500, optionTextsMessage)), optionTextsMessage),
      v.maxLength(50, optionTextsMessage),
    ),
  ),
  /** How many labels per side when `optionTexts` is absent (default 5). */
  top: whole('top', 1, 50),
});
export type FollowupTrendArgs = v.InferOutput<typeof trendArgs>;

/** One label in one period; periods without any selection on the side are left out. */
export interface FollowupTrendRow {
  /** `day` yyyy-MM-dd, `week` yyyy-Www, `month` yyyy-MM, `quarter` yyyy-Qn, `year` yyyy. */
  period: string;
  side: FollowupSide;
  optionText: string;
  count: number;
  /** count ÷ every option chosen on this side in this period. */
  share: number;
}

export interface FollowupCommands {
  'followups:summary': { args: FollowupSummaryArgs; result: FollowupSummary };
  'followups:trend': { args: FollowupTrendArgs; result: FollowupTrendRow[] };
}

export const followupArgs: ArgParsers<FollowupCommands> = {
  'followups:summary': parserOf(summaryArgs),
  'followups:trend': parserOf(trendArgs),
};
