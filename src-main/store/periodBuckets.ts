// Period buckets of the rollups of migration 0009: a local day, its ISO week or its calendar month as one integer
// (so a table keyed by bucket holds each level as one key range), the month × hour-of-week bucket, both in JS and
// as SQL expressions, and the cover of a day range by the fewest whole months, weeks and days.
import { civilOf, isoWeekStart, weekdayOf } from '#shared/calendar.ts';

/** Buckets of level week are `weekBase` + the day number of the week's Monday (ISO weeks, Monday first). */
export const weekBase = 1_000_000;
/** Buckets of level month are `monthBase` + the day number of the month's first day. */
export const monthBase = 2_000_000;
/** The levels of a period bucket: 0 = day (bucket = day number), 1 = week, 2 = month. */
export const periodLevels = [0, 1, 2] as const;
export type PeriodLevel = (typeof periodLevels)[number];

/** The first day of the month holding `day`. */
export const monthStartOf = (day: number): number => day - civilOf(day).day + 1;

/** The bucket of `day` at `level`. */
export function periodBucket(day: number, level: PeriodLevel): number {
  if (level === 0) return day;
  return level === 1 ? weekBase + isoWeekStart(day) : monthBase + monthStartOf(day);
}

/** The same in SQL over an integer day expression (days since 1970-01-01, ≥ 0). */
export function periodBucketSql(day: string, level: string): string {
  return `CASE ${level} WHEN 0 THEN ${day}
    WHEN 1 THEN ${weekBase} + ${day} - ((${day} + 3) % 7 + 7) % 7
    ELSE ${monthBase} + ${day} - CAST(strftime('%d', ${day} * 86400, 'unixepoch') AS INTEGER) + 1 END`;
}

/**
 * Month × hour of the week of a local hour key: the month's first day × 168 + (ISO weekday − 1) × 24 + hour of
 * day. Weekday and hour are those of the wall clock (as the hourly rollup's), so a 25-hour day counts its repeated
 * hour once, like every local-hour question.
 */
export function monthHourOf(hourKey: number): number {
  const day = Math.floor(hourKey / 24);
  return monthStartOf(day) * 168 + (weekdayOf(day) - 1) * 24 + (hourKey - day * 24);
}

/** The same in SQL over a non-negative integer hour key expression. */
export function monthHourSql(hour: string): string {
  const day = `(${hour} / 24)`;
  return `((${day} - CAST(strftime('%d', ${day} * 86400, 'unixepoch') AS INTEGER) + 1) * 168
    + ((${day} + 3) % 7 + 7) % 7 * 24 + ${hour} % 24)`;
}

/** A range of buckets `[lo, hi)` of one level, added (`sign` 1) or taken away (−1). */
export interface BucketRange {
  level: PeriodLevel;
  lo: number;
  hi: number;
  sign: 1 | -1;
}

/** The day ranges `[from, to)` as whole months inside it and the days before and after them (months may be none). */
export function splitMonths(
  from: number,
  to: number,
): { months: [number, number] | null; edges: [number, number][] } {
  const first = monthStartOf(from) === from ? from : nextMonth(from);
  const last = monthStartOf(to);
  if (first >= last) return { months: null, edges: from < to ? [[from, to]] : [] };
  const edges: [number, number][] = [];
  if (from < first) edges.push([from, first]);
  if (last < to) edges.push([last, to]);
  return { months: [first, last], edges };
}

/** The first day of the month after the one holding `day`. */
const nextMonth = (day: number): number => monthStartOf(monthStartOf(day) + 31);

type Cover = BucketRange[];
/** Buckets read by a cover (a month counts as one bucket like a day: each holds about one row per key). */
const costOf = (c: Cover): number =>
  c.reduce((n, r) => n + (r.level === 0 ? r.hi - r.lo : r.level === 1 ? (r.hi - r.lo) / 7 : 1), 0);
const cheaper = (a: Cover, b: Cover): Cover => (costOf(b) < costOf(a) ? b : a);
const negated = (c: Cover): Cover => c.map((r) => ({ ...r, sign: r.sign === 1 ? -1 : 1 }));
const days = (a: number, b: number): Cover => (a < b ? [{ level: 0, lo: a, hi: b, sign: 1 }] : []);

/**
 * The fewest buckets covering local days `[from, to)` exactly: whole months, then whole ISO weeks of what is left,
 * then single days (`levels` limits which of week and month may be used). With `subtract`, a part of a week or
 * month may also be read as the whole week or month minus the days (weeks) outside it, when that reads fewer buckets
 * (counts add up, so the difference is exact): 16–20 November is the week of 16 November minus 21 and 22 November,
 * and days after the newest press cost nothing to take away.
 */
export function coverDays(
  from: number,
  to: number,
  levels: readonly PeriodLevel[] = periodLevels,
  subtract = false,
): BucketRange[] {
  const useWeeks = levels.includes(1);
  const useMonths = levels.includes(2);
  // Days [a, b) inside one ISO week: the days, or the week minus the others.
  const inWeek = (a: number, b: number): Cover => {
    if (!useWeeks || !subtract || a >= b) return days(a, b);
    const monday = isoWeekStart(a);
    const whole: Cover = [{ level: 1, lo: weekBase + monday, hi: weekBase + monday + 7, sign: 1 }];
    return cheaper(days(a, b), [...whole, ...negated(days(monday, a)), ...negated(days(b, monday + 7))]);
  };
  // Days [a, b) without whole months: whole weeks and the days around them.
  const weeks = (a: number, b: number): Cover => {
    if (a >= b) return [];
    if (!useWeeks) return days(a, b);
    const first = isoWeekStart(a) === a ? a : isoWeekStart(a) + 7;
    const last = isoWeekStart(b);
    if (first >= last)
      return first < b && a < first ? [...inWeek(a, first), ...inWeek(first, b)] : inWeek(a, b);
    return [
      ...inWeek(a, first),
      { level: 1, lo: weekBase + first, hi: weekBase + last, sign: 1 },
      ...inWeek(last, b),
    ];
  };
  // Days [a, b) inside one month: weeks and days, or the month minus the rest.
  const inMonth = (a: number, b: number): Cover => {
    if (!useMonths || !subtract || a >= b) return weeks(a, b);
    const start = monthStartOf(a);
    const end = nextMonth(a);
    const whole: Cover = [{ level: 2, lo: monthBase + start, hi: monthBase + end, sign: 1 }];
    return cheaper(weeks(a, b), [...whole, ...negated(weeks(start, a)), ...negated(weeks(b, end))]);
  };
  if (from >= to) return [];
  if (!useMonths) return weeks(from, to);
  const split = splitMonths(from, to);
  if (!split.months) {
    const boundary = nextMonth(from);
    return boundary < to ? [...inMonth(from, boundary), ...inMonth(boundary, to)] : inMonth(from, to);
  }
  const [first, last] = split.months;
  return [
    ...inMonth(from, first),
    { level: 2, lo: monthBase + first, hi: monthBase + last, sign: 1 },
    ...inMonth(last, to),
  ];
}
