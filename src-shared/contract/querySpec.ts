// The QuerySpec of the analytics domain: measures, groupings, filters, comparison, the result rows, and the check.
import { parseLocalDate } from '../calendar.ts';
import {
  bad,
  isPlainObject,
  localDatePattern,
  parseIds,
  parseOneOf,
  unknownKey,
  type Parsed,
} from './parse.ts';

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

export interface QueryFilter {
  /**
   * Experience points or groups; each id stands for its whole subtree, and overlapping subtrees count each press
   * once (a node inside another selected node adds nothing). Absent: everything.
   */
  experiencePointIds?: number[];
  surveyIds?: number[];
  /** Local dates `yyyy-MM-dd`, `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  /** Only presses on these local weekdays (ISO: 1 = Monday … 7 = Sunday). */
  weekdays?: number[];
  /** Only presses in these local hours of the day (0–23; 14 is 14:00–14:59 on the wall clock). */
  hoursOfDay?: number[];
  /** Misuse is left out unless this is true. */
  includeMisuse?: boolean;
  /**
   * Only presses of surveys on this scale (the stored survey definitions, v2 `surveys`; every survey of a v1-only
   * store is four-button). Presses of a survey whose definition is not stored match no scale.
   */
  scale?: FeedbackScale;
  /** v2 button feedback or v1 results; absent: v2 when the store holds any v2 presses, else v1. */
  source?: PressSource;
}

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
export type Comparison =
  | { kind: 'previousPeriod' }
  | { kind: 'periodsAgo'; periods: number }
  | { kind: 'lastYear' }
  | { kind: 'sameWeekdayLastYear' };
export const comparisonKinds = [
  'previousPeriod',
  'periodsAgo',
  'lastYear',
  'sameWeekdayLastYear',
] as const satisfies readonly Comparison['kind'][];
export const maxPeriodsAgo = 100;

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
export interface QuerySpec {
  measures: Measure[];
  /** Row keys in this order; rows are sorted by them. At most one time grain. */
  groupBy: GroupDimension[];
  filter: QueryFilter;
  /** For `experiencePointId` in `groupBy`; default `leaves`. */
  experiencePointLevel?: ExperiencePointLevel;
  comparison?: Comparison;
  /**
   * Add each score's 95% interval: `<measure>Low` and `<measure>High` (share, happyIndex, nps, average), with a
   * comparison also `previous<Measure>Low`/`High` and `z<Measure>`, the two-sample z of the change (|z| ≥ 1.96: a
   * change; else within noise). Formulas and sources: src-shared/metrics/intervals.ts, docs/INTERVALS.md.
   */
  interval?: boolean;
}

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

const maxListLength = 366;

/** A list of distinct whole numbers in lo..hi, or why not. */
function parseSmallInts(value: unknown, name: string, lo: number, hi: number): Parsed<number[] | undefined> {
  if (value === undefined) return { ok: true, args: undefined };
  if (!Array.isArray(value) || value.length > maxListLength) return bad(`${name} must be a list`);
  const ints = value.filter((v): v is number => Number.isInteger(v) && v >= lo && v <= hi);
  if (ints.length !== value.length) return bad(`${name} must hold whole numbers from ${lo} to ${hi}`);
  return { ok: true, args: [...new Set(ints)].sort((a, b) => a - b) };
}

/** A list of distinct names of a fixed set, or why not. */
function parseNames<T extends string>(value: unknown, allowed: readonly T[], name: string): Parsed<T[]> {
  if (!Array.isArray(value)) return bad(`${name} must be a list`);
  const known = value.filter((v): v is T => (allowed as readonly unknown[]).includes(v));
  if (known.length !== value.length) return bad(`${name} may only hold ${allowed.join(', ')}`);
  if (new Set(known).size !== known.length) return bad(`${name} must not repeat a name`);
  return { ok: true, args: known };
}

export function parseQueryFilter(value: unknown): Parsed<QueryFilter> {
  if (!isPlainObject(value)) return bad('filter must be an object');
  const extra = unknownKey(value, [
    'experiencePointIds',
    'surveyIds',
    'from',
    'to',
    'weekdays',
    'hoursOfDay',
    'includeMisuse',
    'scale',
    'source',
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
    if (parseLocalDate(v) === null) return bad(`filter.${key} '${v}' is not a real date`);
    filter[key] = v;
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to)
    return bad('filter.from must be before filter.to');
  const weekdays = parseSmallInts(value.weekdays, 'filter.weekdays', 1, 7);
  if (!weekdays.ok) return weekdays;
  if (weekdays.args) filter.weekdays = weekdays.args;
  const hours = parseSmallInts(value.hoursOfDay, 'filter.hoursOfDay', 0, 23);
  if (!hours.ok) return hours;
  if (hours.args) filter.hoursOfDay = hours.args;
  const misuse = value.includeMisuse;
  if (misuse !== undefined && typeof misuse !== 'boolean')
    return bad('filter.includeMisuse must be true or false');
  if (misuse !== undefined) filter.includeMisuse = misuse;
  const scale = parseOneOf(value.scale, feedbackScales, 'filter.scale');
  if (!scale.ok) return scale;
  if (scale.args) filter.scale = scale.args;
  const source = parseOneOf(value.source, pressSources, 'filter.source');
  if (!source.ok) return source;
  if (source.args) filter.source = source.args;
  return { ok: true, args: filter };
}

export function parseComparison(value: unknown): Parsed<Comparison | undefined> {
  if (value === undefined) return { ok: true, args: undefined };
  if (!isPlainObject(value)) return bad('comparison must be an object');
  const kind = parseOneOf(value.kind, comparisonKinds, 'comparison.kind');
  if (!kind.ok) return kind;
  if (kind.args === undefined) return bad(`comparison.kind must be one of ${comparisonKinds.join(', ')}`);
  const extra = unknownKey(value, kind.args === 'periodsAgo' ? ['kind', 'periods'] : ['kind']);
  if (extra !== undefined) return bad(`unexpected comparison field '${extra}'`);
  if (kind.args !== 'periodsAgo') return { ok: true, args: { kind: kind.args } };
  const { periods } = value;
  if (typeof periods !== 'number' || !Number.isInteger(periods) || periods < 1 || periods > maxPeriodsAgo)
    return bad(`comparison.periods must be a whole number from 1 to ${maxPeriodsAgo}`);
  return { ok: true, args: { kind: 'periodsAgo', periods } };
}

/** What a measure needs of the spec; null when it has it. */
function measureProblem(measure: Measure, spec: Omit<QuerySpec, 'measures'>): string | null {
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
export function parseQuerySpec(value: unknown): Parsed<QuerySpec> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, [
    'measures',
    'groupBy',
    'filter',
    'experiencePointLevel',
    'comparison',
    'interval',
  ]);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const measureList = parseNames(value.measures, measures, 'measures');
  if (!measureList.ok) return measureList;
  if (measureList.args.length === 0) return bad('measures must name at least one measure');
  const groupBy = parseNames(value.groupBy, groupDimensions, 'groupBy');
  if (!groupBy.ok) return groupBy;
  const grains = groupBy.args.filter((g) => (timeGrains as readonly string[]).includes(g));
  if (grains.length > 1) return bad(`groupBy may hold one time grain, not ${grains.join(' and ')}`);
  const filter = parseQueryFilter(value.filter);
  if (!filter.ok) return filter;
  const level = parseOneOf(value.experiencePointLevel, experiencePointLevels, 'experiencePointLevel');
  if (!level.ok) return level;
  const comparison = parseComparison(value.comparison);
  if (!comparison.ok) return comparison;
  if (comparison.args && (filter.args.from === undefined || filter.args.to === undefined))
    return bad('a comparison needs filter.from and filter.to');
  const spec: QuerySpec = { measures: measureList.args, groupBy: groupBy.args, filter: filter.args };
  if (level.args) spec.experiencePointLevel = level.args;
  if (comparison.args) spec.comparison = comparison.args;
  if (value.interval !== undefined && typeof value.interval !== 'boolean')
    return bad('interval must be true or false');
  if (value.interval === true) spec.interval = true;
  for (const m of spec.measures) {
    const problem = measureProblem(m, spec);
    if (problem) return bad(problem);
  }
  return { ok: true, args: spec };
}
