// The filter the per-feedback domains share (follow-ups, comments, alerts, people, ranking, reconciliation), declared
// once as a schema (its type by InferOutput), the period filter of ranking and explain, and the trend grains.
import * as v from 'valibot';
import { bool, fromBeforeTo, ids, localDate, objectOf, requiredDate } from './schema.ts';

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

/** A feedback filter whose `from` and `to` must be given (`missing` says so): the period a command looks at. */
export function periodFilterSchema(missing: string) {
  const fields = objectOf('filter', {
    ...feedbackFilterEntries('filter.'),
    from: requiredDate('filter.from', missing),
    to: requiredDate('filter.to', missing),
  });
  return v.optional(v.pipe(fields, fromBeforeTo<v.InferOutput<typeof fields>>('filter.')), {});
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
