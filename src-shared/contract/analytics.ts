// The analytics domain of the contract: the QuerySpec and its rows, the scales overview, and their argument checks.
import {
  bad,
  isPlainObject,
  localDatePattern,
  parseIds,
  parseOneOf,
  unknownKey,
  type ArgParsers,
  type Parsed,
} from './parse.ts';

export type GroupDimension = 'day' | 'hour' | 'buttonIndex' | 'experiencePointId' | 'surveyId';
export const groupDimensions = [
  'day',
  'hour',
  'buttonIndex',
  'experiencePointId',
  'surveyId',
] as const satisfies readonly GroupDimension[];

/**
 * A survey's answer scale, v2 `feedbackScale` (DECISIONS.md "Button index by scale"): four 0..3, five and
 * five_reversed 0..4, nps 0..10; a higher index is always the more positive answer. An index means a different
 * answer on each scale, so counts per button are only meaningful within one scale.
 */
export type FeedbackScale = 'four' | 'five' | 'five_reversed' | 'nps';
export const feedbackScales = [
  'four',
  'five',
  'five_reversed',
  'nps',
] as const satisfies readonly FeedbackScale[];

export interface QueryFilter {
  /** Experience points or groups; each id stands for its whole subtree. Absent: everything. */
  experiencePointIds?: number[];
  surveyIds?: number[];
  /** Local dates `yyyy-MM-dd`, `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  /** Misuse is left out unless this is true. */
  includeMisuse?: boolean;
  /**
   * Only presses of surveys on this scale (the stored survey definitions, v2 `surveys`; every survey of a v1-only
   * store is four-button). Presses of a survey whose definition is not stored match no scale.
   */
  scale?: FeedbackScale;
}

/** What to count and how to group it. The first slice measures counts only. */
export interface QuerySpec {
  measure: 'counts';
  groupBy: GroupDimension[];
  filter: QueryFilter;
}

/** One result row: the grouping values that were asked for, and the count. */
export interface QueryRow {
  day?: string; // local date yyyy-MM-dd
  hour?: string; // local hour yyyy-MM-ddTHH
  buttonIndex?: number;
  experiencePointId?: number;
  surveyId?: number;
  count: number;
}

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

export interface ScalesArgs {
  /** Experience points or groups; each id stands for its whole subtree. Absent: everything. */
  experiencePointIds?: number[];
}

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

export function parseQueryFilter(value: unknown): Parsed<QueryFilter> {
  if (!isPlainObject(value)) return bad('filter must be an object');
  const extra = unknownKey(value, [
    'experiencePointIds',
    'surveyIds',
    'from',
    'to',
    'includeMisuse',
    'scale',
  ]);
  if (extra !== undefined) return bad(`unexpected filter field '${extra}'`);
  const filter: QueryFilter = {};
  const points = parseIds(value.experiencePointIds, 'filter.experiencePointIds');
  if (!points.ok) return points;
  if (points.args) filter.experiencePointIds = points.args;
  const surveys = parseIds(value.surveyIds, 'filter.surveyIds');
  if (!surveys.ok) return surveys;
  if (surveys.args) filter.surveyIds = surveys.args;
  for (const key of ['from', 'to'] as const) {
    const v = value[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !localDatePattern.test(v))
      return bad(`filter.${key} must be a date yyyy-MM-dd`);
    filter[key] = v;
  }
  const misuse = value.includeMisuse;
  if (misuse !== undefined && typeof misuse !== 'boolean')
    return bad('filter.includeMisuse must be true or false');
  if (misuse !== undefined) filter.includeMisuse = misuse;
  const scale = parseOneOf(value.scale, feedbackScales, 'filter.scale');
  if (!scale.ok) return scale;
  if (scale.args) filter.scale = scale.args;
  return { ok: true, args: filter };
}

function parseScalesArgs(value: unknown): Parsed<ScalesArgs> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['experiencePointIds']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const points = parseIds(value.experiencePointIds, 'experiencePointIds');
  if (!points.ok) return points;
  return { ok: true, args: points.args ? { experiencePointIds: points.args } : {} };
}

export function parseQuerySpec(value: unknown): Parsed<QuerySpec> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['measure', 'groupBy', 'filter']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  if (value.measure !== 'counts') return bad("measure must be 'counts'");
  const { groupBy } = value;
  if (!Array.isArray(groupBy)) return bad('groupBy must be a list');
  const dims = groupBy.filter((g): g is GroupDimension =>
    (groupDimensions as readonly unknown[]).includes(g),
  );
  if (dims.length !== groupBy.length) return bad(`groupBy may only hold ${groupDimensions.join(', ')}`);
  if (new Set(dims).size !== dims.length) return bad('groupBy must not repeat a dimension');
  const filter = parseQueryFilter(value.filter);
  if (!filter.ok) return filter;
  return { ok: true, args: { measure: 'counts', groupBy: dims, filter: filter.args } };
}

export const analyticsArgs: ArgParsers<AnalyticsCommands> = {
  'analytics:query': parseQuerySpec,
  'analytics:scales': parseScalesArgs,
};
