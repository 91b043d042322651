// The filter the per-feedback domains share (follow-ups, comments, alerts, people, ranking, reconciliation), its
// argument check, and small checks those domains reuse (whole numbers in a range, label lists, opaque cursors).
import * as v from 'valibot';
import { bad, isPlainObject, localDatePattern, parseIds, unknownKey, type Parsed } from './parse.ts';
import { bool, fromBeforeTo, ids, localDate, objectOf } from './schema.ts';

/** The filter's own fields, named with `prefix` in what a check says (`filter.`). */
export function feedbackFilterEntries(prefix: string) {
  return {
    /** Experience points or groups; each id stands for its whole subtree (overlaps count once). Absent: all. */
    experiencePointIds: ids(`${prefix}experiencePointIds`),
    /** v2 survey ids (v1 survey keys in a store synced through v1 alone). Absent: all. */
    surveyIds: ids(`${prefix}surveyIds`),
    /** Local dates `yyyy-MM-dd` on the feedback's own wall clock: `from` inclusive, `to` exclusive. */
    from: localDate(`${prefix}from`),
    to: localDate(`${prefix}to`),
    /** Misuse is left out unless this is true. */
    includeMisuse: bool(`${prefix}includeMisuse`),
  };
}

/** Which feedback: subtrees, surveys, a local-date range, misuse in or out; an object with no other field. */
export function feedbackFilterSchema(name = 'filter') {
  const fields = objectOf(name, feedbackFilterEntries(`${name}.`));
  return v.pipe(fields, fromBeforeTo<v.InferOutput<typeof fields>>(`${name}.`));
}

export type FeedbackFilter = v.InferOutput<ReturnType<typeof feedbackFilterSchema>>;

export const feedbackFilterKeys = ['experiencePointIds', 'surveyIds', 'from', 'to', 'includeMisuse'] as const;

/** The filter's own fields out of `value` (the caller has checked for foreign keys), or why not. */
export function parseFilterFields(value: Record<string, unknown>, prefix: string): Parsed<FeedbackFilter> {
  const filter: FeedbackFilter = {};
  const points = parseIds(value.experiencePointIds, `${prefix}experiencePointIds`);
  if (!points.ok) return points;
  if (points.args) filter.experiencePointIds = points.args;
  const surveys = parseIds(value.surveyIds, `${prefix}surveyIds`);
  if (!surveys.ok) return surveys;
  if (surveys.args) filter.surveyIds = surveys.args;
  for (const key of ['from', 'to'] as const) {
    const v = value[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !localDatePattern.test(v))
      return bad(`${prefix}${key} must be a date yyyy-MM-dd`);
    filter[key] = v;
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to)
    return bad(`${prefix}from must be before ${prefix}to`);
  const misuse = parseBool(value.includeMisuse, `${prefix}includeMisuse`);
  if (!misuse.ok) return misuse;
  if (misuse.args !== undefined) filter.includeMisuse = misuse.args;
  return { ok: true, args: filter };
}

/** A `FeedbackFilter` object with no other field (absent: no filter). */
export function parseFeedbackFilter(value: unknown, name = 'filter'): Parsed<FeedbackFilter> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad(`${name} must be an object`);
  const extra = unknownKey(value, feedbackFilterKeys);
  if (extra !== undefined) return bad(`unexpected ${name} field '${extra}'`);
  return parseFilterFields(value, `${name}.`);
}

export function parseBool(value: unknown, name: string): Parsed<boolean | undefined> {
  if (value === undefined) return { ok: true, args: undefined };
  return typeof value === 'boolean' ? { ok: true, args: value } : bad(`${name} must be true or false`);
}

/** A whole number in [min, max], or absent. */
export function parseWhole(
  value: unknown,
  name: string,
  min: number,
  max: number,
): Parsed<number | undefined> {
  if (value === undefined) return { ok: true, args: undefined };
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max
    ? { ok: true, args: value }
    : bad(`${name} must be a whole number from ${min} to ${max}`);
}

/** A number in [min, max], or absent. */
export function parseNumber(
  value: unknown,
  name: string,
  min: number,
  max: number,
): Parsed<number | undefined> {
  if (value === undefined) return { ok: true, args: undefined };
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
    ? { ok: true, args: value }
    : bad(`${name} must be a number from ${min} to ${max}`);
}

/** Labels (categories, themes, languages): at most 200, each 1..200 characters. */
export function parseLabels(value: unknown, name: string): Parsed<string[] | undefined> {
  if (value === undefined) return { ok: true, args: undefined };
  if (!Array.isArray(value) || value.length > 200) return bad(`${name} must be a list of at most 200 labels`);
  const labels = value.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200);
  return labels.length === value.length
    ? { ok: true, args: labels }
    : bad(`${name} must hold non-empty texts`);
}

/** An opaque paging cursor as a previous answer gave it (at most 200 characters), or absent. */
export function parseCursor(value: unknown, name = 'cursor'): Parsed<string | undefined> {
  if (value === undefined || value === null) return { ok: true, args: undefined };
  return typeof value === 'string' && value.length > 0 && value.length <= 200
    ? { ok: true, args: value }
    : bad(`${name} must be the cursor of a previous answer`);
}

/** One period of a trend: `day` yyyy-MM-dd, `week` ISO yyyy-Www (Monday first), `month` yyyy-MM, `quarter` yyyy-Qn, `year` yyyy. */
export type TrendGrain = 'day' | 'week' | 'month' | 'quarter' | 'year';
export const trendGrains = [
  'day',
  'week',
  'month',
  'quarter',
  'year',
] as const satisfies readonly TrendGrain[];
