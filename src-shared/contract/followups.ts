// The follow-ups domain of the contract: pain points and highlights (option shares on the negative and positive
// side) and their trend by a time grain, with their argument checks.
import {
  parseFeedbackFilter,
  parseWhole,
  trendGrains,
  type FeedbackFilter,
  type TrendGrain,
} from './feedbackFilter.ts';
import { bad, isPlainObject, parseOneOf, unknownKey, type ArgParsers, type Parsed } from './parse.ts';

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

export interface FollowupSummaryArgs {
  filter: FeedbackFilter;
  /** Only one side; absent: both. */
  side?: FollowupSide;
  /** At most this many options per side (default 50). */
  limit?: number;
}

export interface FollowupSummary {
  sides: FollowupSideSummary[];
}

export interface FollowupTrendArgs {
  filter: FeedbackFilter;
  grain: TrendGrain;
  side?: FollowupSide;
  /** Only these labels (default: the side's `top` most chosen in the whole range). */
  optionTexts?: string[];
  /** How many labels per side when `optionTexts` is absent (default 5). */
  top?: number;
}

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

function parseSummaryArgs(value: unknown): Parsed<FollowupSummaryArgs> {
  if (value === undefined) return { ok: true, args: { filter: {} } };
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['filter', 'side', 'limit']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const filter = parseFeedbackFilter(value.filter);
  if (!filter.ok) return filter;
  const side = parseOneOf(value.side, followupSides, 'side');
  if (!side.ok) return side;
  const limit = parseWhole(value.limit, 'limit', 1, 1000);
  if (!limit.ok) return limit;
  return {
    ok: true,
    args: {
      filter: filter.args,
      ...(side.args ? { side: side.args } : {}),
      ...(limit.args !== undefined ? { limit: limit.args } : {}),
    },
  };
}

function parseTrendArgs(value: unknown): Parsed<FollowupTrendArgs> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['filter', 'grain', 'side', 'optionTexts', 'top']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const filter = parseFeedbackFilter(value.filter);
  if (!filter.ok) return filter;
  const grain = parseOneOf(value.grain, trendGrains, 'grain');
  if (!grain.ok) return grain;
  if (!grain.args) return bad(`grain must be one of ${trendGrains.join(', ')}`);
  const side = parseOneOf(value.side, followupSides, 'side');
  if (!side.ok) return side;
  const top = parseWhole(value.top, 'top', 1, 50);
  if (!top.ok) return top;
  const texts = value.optionTexts;
  if (
    texts !== undefined &&
    (!Array.isArray(texts) ||
      texts.length > 50 ||
      !texts.every((t) => typeof t === 'string' && t.length <= 500))
  )
    return bad('optionTexts must be a list of at most 50 texts');
  return {
    ok: true,
    args: {
      filter: filter.args,
      grain: grain.args,
      ...(side.args ? { side: side.args } : {}),
      ...(top.args !== undefined ? { top: top.args } : {}),
      ...(texts !== undefined ? { optionTexts: texts.map(String) } : {}),
    },
  };
}

export const followupArgs: ArgParsers<FollowupCommands> = {
  'followups:summary': parseSummaryArgs,
  'followups:trend': parseTrendArgs,
};
