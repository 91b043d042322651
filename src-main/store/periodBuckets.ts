// Period buckets of the rollups of migration 0009: a local day, its ISO week or its calendar month as one integer
// (so a table keyed by bucket holds each level as one key range), the month × hour-of-week bucket, both in JS and
// as SQL expressions, and the cover of a day range by the fewest whole months, weeks and days.
import { civilOf, isoWeekStart, weekdayOf } from '../../src-shared/calendar.ts';

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

/** A range of buckets `[lo, hi)` of one level. */
export interface BucketRange {
  level: PeriodLevel;
  lo: number;
  hi: number;
}

/** The day ranges `[from, to)` as whole months inside it and the days before and after them (months may be none). */
export function splitMonths(
  from: number,
  to: number,
): { months: [number, number] | null; edges: [number, number][] } {
  const first = monthStartOf(from) === from ? from : monthStartOf(monthStartOf(from) + 31);
  const last = monthStartOf(to);
  if (first >= last) return { months: null, edges: from < to ? [[from, to]] : [] };
  const edges: [number, number][] = [];
  if (from < first) edges.push([from, first]);
  if (last < to) edges.push([last, to]);
  return { months: [first, last], edges };
}

/**
 * The fewest buckets covering local days `[from, to)` exactly: whole months, then whole ISO weeks of what is left,
 * then single days (`levels` limits which of week and month may be used).
 */
export function coverDays(
  from: number,
  to: number,
  levels: readonly PeriodLevel[] = periodLevels,
): BucketRange[] {
  const out: BucketRange[] = [];
  const days = (a: number, b: number): void => {
    if (a < b) out.push({ level: 0, lo: a, hi: b });
  };
  const weeks = (a: number, b: number): void => {
    const first = isoWeekStart(a) === a ? a : isoWeekStart(a) + 7;
    const last = isoWeekStart(b);
    if (!levels.includes(1) || first >= last) return days(a, b);
    days(a, first);
    out.push({ level: 1, lo: weekBase + first, hi: weekBase + last });
    days(last, b);
  };
  if (from >= to) return out;
  const split = levels.includes(2) ? splitMonths(from, to) : { months: null, edges: [[from, to]] };
  if (!split.months) {
    for (const [a, b] of split.edges) weeks(a, b);
    return out;
  }
  const [first, last] = split.months;
  if (from < first) weeks(from, first);
  out.push({ level: 2, lo: monthBase + first, hi: monthBase + last });
  if (last < to) weeks(last, to);
  return out;
}
