// The QuerySpec of the analytics domain: measures, groupings, filters, comparison, the result rows, and the check.
import * as v from 'valibot';
import { parseLocalDate } from '../calendar.ts';
import { isPlainObject, localDatePattern, unknownKey } from './parse.ts';
import { args, bool, fromBeforeTo, ids, loose, objectOf, oneOf, parserOf } from './schema.ts';

/** What a row may measure; each is computed from the presses per button of the row's group (src-shared/metrics). */
export type Measure = 'count' | 'share' | 'happyIndex' | 'nps' | 'average' | 'presses';
export const measures = [
  'count',
  'share',
  'happyIndex',
  'nps',
  'average',
  'presses',
] as const satisfies readonly Measure[];

/** Local time buckets; at most one per query (none: no time bucket). Each is also its row's key. */
export type TimeGrain = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';
export const timeGrains = [
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
] as const satisfies readonly TimeGrain[];

/**
 * A grouping, named as its key in the result rows: a time grain, `hourOfDay` (0–23, local), `weekday` (ISO, 1 =
 * Monday … 7 = Sunday), `experiencePointId` (which nodes: `QuerySpec.experiencePointLevel`), `surveyId`,
 * `buttonIndex`.
 */
export type GroupDimension =
  TimeGrain | 'hourOfDay' | 'weekday' | 'experiencePointId' | 'surveyId' | 'buttonIndex';
export const groupDimensions = [
  ...timeGrains,
  'hourOfDay',
  'weekday',
  'experiencePointId',
  'surveyId',
  'buttonIndex',
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

/** Where presses come from: v2 button feedback, or the v1 results of a store synced through v1. */
export type PressSource = 'v2' | 'v1';
export const pressSources = ['v2', 'v1'] as const satisfies readonly PressSource[];

const maxListLength = 366;

/** A list of distinct whole numbers in lo..hi, sorted; absent: undefined. */
function smallInts(name: string, lo: number, hi: number) {
  const list = `${name} must be a list`;
  const element = `${name} must hold whole numbers from ${lo} to ${hi}`;
  return v.optional(
    v.pipe(
      v.array(v.unknown(), list),
      v.maxLength(maxListLength, list),
      v.array(
        v.pipe(v.number(element), v.integer(element), v.minValue(lo, element), v.maxValue(hi, element)),
      ),
      v.transform((values) => [...new Set(values)].sort((a, b) => a - b)),
    ),
  );
}

/** A local date `yyyy-MM-dd` that exists on the calendar; absent: undefined. */
function realDate(name: string) {
  const message = `${name} must be a date yyyy-MM-dd`;
  return v.optional(
    v.pipe(
      v.string(message),
      v.regex(localDatePattern, message),
      v.check(
        (date) => parseLocalDate(date) !== null,
        (issue) => `${name} '${String(issue.input)}' is not a real date`,
      ),
    ),
  );
}

const queryFilterFields = objectOf('filter', {
  /**
   * Experience points or groups; each id stands for its whole subtree, and overlapping subtrees count each press
   * once (a node inside another selected node adds nothing). Absent: everything.
   */
  experiencePointIds: ids('filter.experiencePointIds'),
  surveyIds: ids('filter.surveyIds'),
  /** Local dates `yyyy-MM-dd`, `from` inclusive, `to` exclusive. */
  from: realDate('filter.from'),
  to: realDate('filter.to'),
  /** Only presses on these local weekdays (ISO: 1 = Monday … 7 = Sunday). */
  weekdays: smallInts('filter.weekdays', 1, 7),
  /** Only presses in these local hours of the day (0–23; 14 is 14:00–14:59 on the wall clock). */
  hoursOfDay: smallInts('filter.hoursOfDay', 0, 23),
  /** Misuse is left out unless this is true. */
  includeMisuse: bool('filter.includeMisuse'),
  /**
   * Only presses of surveys on this scale (the stored survey definitions, v2 `surveys`; every survey of a v1-only
   * store is four-button). Presses of a survey whose definition is not stored match no scale.
   */
  scale: oneOf(feedbackScales, 'filter.scale'),
  /** v2 button feedback or v1 results; absent: v2 when the store holds any v2 presses, else v1. */
  source: oneOf(pressSources, 'filter.source'),
});
const queryFilter = v.pipe(
  queryFilterFields,
  fromBeforeTo<v.InferOutput<typeof queryFilterFields>>('filter.'),
);
export type QueryFilter = v.InferOutput<typeof queryFilter>;

/**
 * The period a comparison reads; it needs `filter.from` and `filter.to`. Rows are aligned per bucket: each row
 * carries the value of its counterpart bucket in the comparison period (`previous…`) and the difference (`delta…`).
 * - `previousPeriod`: the period just before, as long as the asked one: the same number of months when `from` and
 *   `to` are both first days of a month (March → February), else the same number of days (a bucket d pairs with
 *   d − length).
 * - `periodsAgo`: the same, `periods` lengths back (`periods` 1 is `previousPeriod`).
 * - `lastYear`: the same calendar dates one year earlier (a day pairs with the same date, 29 February with none;
 *   ISO week n with week n of the previous ISO year, week 53 with none; month, quarter, year likewise).
 * - `sameWeekdayLastYear`: 52 weeks (364 days) earlier, so each day pairs with the same weekday; months,
 *   quarters and years pair as in `lastYear`.
 */
export type Comparison = v.InferOutput<typeof comparison>;
export const comparisonKinds = ['previousPeriod', 'periodsAgo', 'lastYear', 'sameWeekdayLastYear'] as const;
export const maxPeriodsAgo = 100;

const comparisonFields = (kind: string): string[] => (kind === 'periodsAgo' ? ['kind', 'periods'] : ['kind']);
const periodsMessage = `comparison.periods must be a whole number from 1 to ${maxPeriodsAgo}`;
const comparison = v.pipe(
  v.custom<Record<string, unknown>>(isPlainObject, 'comparison must be an object'),
  v.check(
    (c) => comparisonKinds.some((k) => k === c.kind),
    `comparison.kind must be one of ${comparisonKinds.join(', ')}`,
  ),
  v.check(
    (c) => unknownKey(c, comparisonFields(String(c.kind))) === undefined,
    (issue) =>
      `unexpected comparison field '${unknownKey(issue.input, comparisonFields(String(issue.input.kind)))}'`,
  ),
  v.variant('kind', [
    loose({
      kind: v.literal('periodsAgo'),
      periods: v.pipe(
        v.number(periodsMessage),
        v.integer(periodsMessage),
        v.minValue(1, periodsMessage),
        v.maxValue(maxPeriodsAgo, periodsMessage),
      ),
    }),
    loose({ kind: v.picklist(['previousPeriod', 'lastYear', 'sameWeekdayLastYear']) }),
  ]),
);

/**
 * Which nodes `experiencePointId` groups by:
 * - `children`: the direct children of each selected node (`filter.experiencePointIds`, else the tree's roots);
 *   each child's row holds its whole subtree; a selected node without children, or presses on the selected node
 *   itself, make a row of the selected node.
 * - `leaves`: every experience point that has presses (the id the press was given on).
 */
export type ExperiencePointLevel = 'children' | 'leaves';
export const experiencePointLevels = [
  'children',
  'leaves',
] as const satisfies readonly ExperiencePointLevel[];

/** A list of distinct names of a fixed set. */
function names<T extends string>(allowed: readonly T[], name: string) {
  return v.pipe(
    v.array(v.unknown(), `${name} must be a list`),
    v.array(v.picklist(allowed, `${name} may only hold ${allowed.join(', ')}`)),
    v.check((list) => new Set(list).size === list.length, `${name} must not repeat a name`),
  );
}

const querySpecFields = args({
  measures: v.pipe(names(measures, 'measures'), v.minLength(1, 'measures must name at least one measure')),
  /** Row keys in this order; rows are sorted by them. At most one time grain. */
  groupBy: names(groupDimensions, 'groupBy'),
  filter: queryFilter,
  /** For `experiencePointId` in `groupBy`; default `leaves`. */
  experiencePointLevel: oneOf(experiencePointLevels, 'experiencePointLevel'),
  comparison: v.optional(comparison),
  /**
   * Add each score's 95% interval: `<measure>Low` and `<measure>High` (share, happyIndex, nps, average), with a
   * comparison also `previous<Measure>Low`/`High` and `z<Measure>`, the two-sample z of the change (|z| ≥ 1.96: a
   * change; else within noise). Formulas and sources: src-shared/metrics/intervals.ts, docs/INTERVALS.md.
   */
  interval: bool('interval'),
});
type SpecFields = v.InferOutput<typeof querySpecFields>;

const timeGrainsOf = (spec: SpecFields): string[] =>
  spec.groupBy.filter((g) => (timeGrains as readonly string[]).includes(g));

/** What the spec's measures need of it, the first one missing; null when it has all. */
function measuresProblem(spec: SpecFields): string | null {
  for (const measure of spec.measures) {
    const problem = measureProblem(measure, spec);
    if (problem) return problem;
  }
  return null;
}

const querySpecSchema = v.pipe(
  querySpecFields,
  v.check(
    (spec: SpecFields) => timeGrainsOf(spec).length <= 1,
    (issue) => `groupBy may hold one time grain, not ${timeGrainsOf(issue.input).join(' and ')}`,
  ),
  v.check(
    (spec: SpecFields) =>
      !spec.comparison || (spec.filter.from !== undefined && spec.filter.to !== undefined),
    'a comparison needs filter.from and filter.to',
  ),
  v.check(
    (spec: SpecFields) => measuresProblem(spec) === null,
    (issue) => measuresProblem(issue.input) ?? 'measures are not valid',
  ),
);
/**
 * A question for the local store. Measures:
 * - `count`: presses in the row (of its button when grouped by `buttonIndex`).
 * - `presses`: presses of the row's group over all buttons (the sample behind share, Happy Index, NPS, average).
 * - `share`: count ÷ presses, 0..1 (a button's share of its group; needs `buttonIndex` in `groupBy`).
 * - `happyIndex`: 0..100 on a face scale (needs `filter.scale` four, five or five_reversed).
 * - `nps`: −100..100 (needs `filter.scale` nps).
 * - `average`: mean answer, 1…k on a face scale of k buttons, 0…10 on nps (needs `filter.scale`).
 * A measure without presses behind it is null. Formulas: src-shared/metrics/measures.ts.
 */
export type QuerySpec = v.InferOutput<typeof querySpecSchema>;

/**
 * One result row, flat: the grouping keys that were asked for, then one key per measure, and with a comparison
 * `previous<Measure>` and `delta<Measure>` (value − previous; null when either is null). Groups without presses
 * in the period (nor, with a comparison, in the counterpart bucket) are left out.
 */
export interface QueryRow {
  /** Local hour `yyyy-MM-ddTHH`. */
  hour?: string;
  /** Local date `yyyy-MM-dd`. */
  day?: string;
  /** ISO week `yyyy-Www` (Monday to Sunday; the year is the ISO week-numbering year). */
  week?: string;
  /** `yyyy-MM`. */
  month?: string;
  /** `yyyy-Qn`. */
  quarter?: string;
  year?: number;
  /** 0–23, local. */
  hourOfDay?: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday?: number;
  experiencePointId?: number;
  /** The node's name (untrusted: render as text); the id as text when the tree does not hold it. */
  experiencePointName?: string;
  surveyId?: number;
  buttonIndex?: number;
  count?: number;
  presses?: number;
  share?: number | null;
  happyIndex?: number | null;
  nps?: number | null;
  average?: number | null;
  previousCount?: number;
  previousPresses?: number;
  previousShare?: number | null;
  previousHappyIndex?: number | null;
  previousNps?: number | null;
  previousAverage?: number | null;
  deltaCount?: number;
  deltaPresses?: number;
  deltaShare?: number | null;
  deltaHappyIndex?: number | null;
  deltaNps?: number | null;
  deltaAverage?: number | null;
  /** With `interval`: the 95% interval's ends (null where the measure is null). */
  shareLow?: number | null;
  shareHigh?: number | null;
  happyIndexLow?: number | null;
  happyIndexHigh?: number | null;
  npsLow?: number | null;
  npsHigh?: number | null;
  averageLow?: number | null;
  averageHigh?: number | null;
  previousShareLow?: number | null;
  previousShareHigh?: number | null;
  previousHappyIndexLow?: number | null;
  previousHappyIndexHigh?: number | null;
  previousNpsLow?: number | null;
  previousNpsHigh?: number | null;
  previousAverageLow?: number | null;
  previousAverageHigh?: number | null;
  /** With `interval` and a comparison: the change's two-sample z; null when the data cannot say. */
  zShare?: number | null;
  zHappyIndex?: number | null;
  zNps?: number | null;
  zAverage?: number | null;
}

/** What a measure needs of the spec; null when it has it. */
function measureProblem(measure: Measure, spec: Pick<SpecFields, 'filter' | 'groupBy'>): string | null {
  const scale = spec.filter.scale;
  if (measure === 'share' && !spec.groupBy.includes('buttonIndex'))
    return "measure 'share' needs buttonIndex in groupBy (it is a button's share of its group)";
  if (measure === 'happyIndex' && (scale === undefined || scale === 'nps'))
    return "measure 'happyIndex' needs filter.scale four, five or five_reversed";
  if (measure === 'nps' && scale !== 'nps') return "measure 'nps' needs filter.scale nps";
  if (measure === 'average' && scale === undefined) return "measure 'average' needs filter.scale";
  return null;
}

/** Checks a QuerySpec's shape and meaning (real dates, one time grain, what each measure needs). */
export const parseQuerySpec = parserOf(querySpecSchema);
