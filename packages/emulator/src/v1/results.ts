// v1 surveys/:key/results: summed buckets (misuse excluded) with the truncate defaults, maxima and the day defect.
import { JSON_TYPE, type Reply, badRequest } from '../http/reply.ts';
import { DAY_MS, HOUR_MS, civilFromDays, daysFromCivil, weekdayOfDay } from '../world/calendar.ts';
import type { ZoneClock } from '../world/timeZones.ts';
import { PRESS_MISUSE } from '../world/types.ts';
import type { V1Survey } from './company.ts';
import { type V1Context, dateRange, lowerBound } from './context.ts';
import { ZoneFormatter, addLocalDays, addLocalMonths, toLocal } from './timestamps.ts';

export const TRUNCATES = ['year', 'month', 'week', 'day', 'hour'] as const;
export type Truncate = (typeof TRUNCATES)[number];

/** The instants counted: [from, to). `from` is -Infinity for "all results". */
export interface ResultWindow {
  from: number;
  to: number;
}

export function parseTruncate(text: string | undefined): Truncate {
  if (text === undefined) return 'day';
  const t = TRUNCATES.find((x) => x === text.toLowerCase());
  if (!t) throw badRequest(`Parameter 'truncate' must be one of ${TRUNCATES.join(', ')}, not '${text}'`);
  return t;
}

/**
 * Default start when date_start is absent, counted back from the end: hour the previous 24 hours, day
 * the previous 14 days, week the previous 2 months (local wall clock), month from local 1 January of the
 * end's year, year everything.
 */
function defaultFrom(zone: ZoneClock, truncate: Truncate, to: number): number {
  switch (truncate) {
    case 'hour':
      return to - 24 * HOUR_MS;
    case 'day':
      return addLocalDays(zone, to, -14);
    case 'week':
      return addLocalMonths(zone, to, -2);
    case 'month': {
      const year = civilFromDays(Math.floor(toLocal(zone, to - 1) / DAY_MS)).year;
      return zone.localMidnight(daysFromCivil(year, 1, 1));
    }
    case 'year':
      return -Infinity;
  }
}

/**
 * What a results request counts. A given date_start is inclusive for hour; for day and coarser the
 * documented defect applies (DECISIONS.md): the local day containing it is left out and counting starts
 * at the next local midnight. The maximum range (7 local days for hour, 12 local months for day, week
 * and month, none for year) is measured on what is counted, so a client that subtracts the day the
 * defect costs can still ask for twelve whole months.
 */
export function resultWindow(
  zone: ZoneClock,
  truncate: Truncate,
  start: number | undefined,
  end: number | undefined,
  now: number,
): ResultWindow {
  if (start !== undefined && end !== undefined && end < start)
    throw badRequest("Parameter 'date_end' is before 'date_start'");
  const to = end ?? Math.max(now, start ?? now);
  let from: number;
  if (start === undefined) from = defaultFrom(zone, truncate, to);
  else from = truncate === 'hour' ? start : zone.localMidnight(zone.localDay(start) + 1);
  if (from < to && truncate !== 'year') {
    const limit = truncate === 'hour' ? addLocalDays(zone, from, 7) : addLocalMonths(zone, from, 12);
    if (to > limit)
      throw badRequest(
        `Parameters 'date_start' and 'date_end' span more than the maximum of ${truncate === 'hour' ? '7 days' : '12 months'} for truncate=${truncate}; split the range into several requests`,
      );
  }
  return { from, to };
}

/** The local day (epoch day) a bucket of day or coarser starts on, from a local day. */
function bucketDay(truncate: Truncate, day: number): number {
  if (truncate === 'week') return day - weekdayOfDay(day);
  if (truncate === 'month' || truncate === 'year') {
    const c = civilFromDays(day);
    return daysFromCivil(c.year, truncate === 'year' ? 1 : c.month, 1);
  }
  return day;
}

/** Counts per bucket start (UTC ms) over the survey's presses in the window, misuse excluded. */
export function sumBuckets(
  ctx: V1Context,
  s: V1Survey,
  truncate: Truncate,
  window: ResultWindow,
): Map<number, number[]> {
  const { ts, button, flags } = ctx.company.world.presses;
  const list = ctx.company.presses(s);
  const buckets = new Map<number, number[]>();
  let lastKey = NaN;
  let counts: number[] = [];
  let lastDay = NaN;
  let dayBucket = 0;
  for (let k = window.from === -Infinity ? 0 : lowerBound(list, ts, window.from); k < list.length; k++) {
    const i = list[k] ?? 0;
    const t = ts[i] ?? 0;
    if (t >= window.to) break;
    if ((flags[i] ?? 0) & PRESS_MISUSE) continue;
    const local = toLocal(s.zone, t);
    let key: number;
    if (truncate === 'hour') {
      // The instant of the local hour start: the two 02:00 hours of a DST fall-back stay apart.
      key = t - (local - Math.floor(local / HOUR_MS) * HOUR_MS);
    } else {
      const day = Math.floor(local / DAY_MS);
      if (day !== lastDay) {
        lastDay = day;
        dayBucket = s.zone.localMidnight(bucketDay(truncate, day));
      }
      key = dayBucket;
    }
    if (key !== lastKey) {
      lastKey = key;
      let c = buckets.get(key);
      if (!c) buckets.set(key, (c = [0, 0, 0, 0]));
      counts = c;
    }
    const b = button[i] ?? 0;
    counts[b] = (counts[b] ?? 0) + 1;
  }
  return buckets;
}

/** GET /v1/surveys/:key/results */
export function summedResults(ctx: V1Context, s: V1Survey): Reply {
  const truncate = parseTruncate(ctx.params.raw('truncate'));
  const { start, end } = dateRange(ctx.params);
  const window = resultWindow(s.zone, truncate, start, end, ctx.company.world.now);
  const buckets =
    window.from < window.to ? sumBuckets(ctx, s, truncate, window) : new Map<number, number[]>();
  const fmt = new ZoneFormatter(s.zone);
  const items = [...buckets.keys()]
    .sort((a, b) => a - b)
    .map((key) => `{"ts":"${fmt.format(key)}","data":[${(buckets.get(key) ?? []).join(',')}]}`);
  return { status: 200, headers: {}, body: `[${items.join(',')}]`, contentType: JSON_TYPE };
}
