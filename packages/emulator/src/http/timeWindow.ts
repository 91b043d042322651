// v2 time windows: period words and startDate/endDate resolved to each zone's local dates and UTC instants.
import { civilFromDays, firstOfMonthPlus, formatDay, weekdayOfDay } from '../world/calendar.ts';
import type { World } from '../world/types.ts';
import type { Params } from './params.ts';
import { badRequest } from './reply.ts';

/** At most this many days from startDate to endDate (DECISIONS.md: more than 366 apart is 400). */
export const MAX_WINDOW_DAYS = 366;

type RelativePeriod =
  'today' | 'yesterday' | 'this-week' | 'last-week' | 'this-month' | 'last-month' | 'this-year' | 'last-year';
const RELATIVE: readonly RelativePeriod[] = [
  'today',
  'yesterday',
  'this-week',
  'last-week',
  'this-month',
  'last-month',
  'this-year',
  'last-year',
];

type Term = { relative: RelativePeriod } | { startDay: number; endDay: number };

/** What the request asked for, before it is placed in each zone's calendar. */
export type DateSpec =
  { kind: 'dates'; start?: number; end?: number } | { kind: 'periods'; terms: Term[]; text: string };

function parseTerm(word: string): Term | undefined {
  const rel = RELATIVE.find((r) => r === word);
  if (rel) return { relative: rel };
  let m = /^(\d{4})$/.exec(word);
  if (m) {
    const y = Number(m[1]);
    return { startDay: firstOfMonthPlus(y, 1, 0), endDay: firstOfMonthPlus(y, 1, 12) };
  }
  m = /^(\d{4})-(\d{2})$/.exec(word);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) {
    const y = Number(m[1]);
    const mo = Number(m[2]);
    return { startDay: firstOfMonthPlus(y, mo, 0), endDay: firstOfMonthPlus(y, mo, 1) };
  }
  m = /^(\d{4})-q([1-4])$/i.exec(word);
  if (m) {
    const y = Number(m[1]);
    const q = Number(m[2]);
    return { startDay: firstOfMonthPlus(y, 1, (q - 1) * 3), endDay: firstOfMonthPlus(y, 1, q * 3) };
  }
  return undefined;
}

/** Reads period, startDate and endDate; the dates win when both forms are given. */
export function parseDateSpec(params: Params): DateSpec {
  const start = params.date('startDate');
  const end = params.date('endDate');
  const period = params.raw('period');
  let terms: Term[] | undefined;
  if (period !== undefined) {
    terms = period.split(',').map((w) => {
      const t = parseTerm(w.trim());
      if (!t) throw badRequest(`Parameter 'period' has an unknown period '${w.trim()}'`);
      return t;
    });
  }
  if (start !== undefined || end !== undefined || !terms) return { kind: 'dates', start, end };
  return { kind: 'periods', terms, text: period ?? '' };
}

function relativeRange(r: RelativePeriod, today: number): [number, number] {
  const monday = today - weekdayOfDay(today);
  const c = civilFromDays(today);
  switch (r) {
    case 'today':
      return [today, today + 1];
    case 'yesterday':
      return [today - 1, today];
    case 'this-week':
      return [monday, monday + 7];
    case 'last-week':
      return [monday - 7, monday];
    case 'this-month':
      return [firstOfMonthPlus(c.year, c.month, 0), firstOfMonthPlus(c.year, c.month, 1)];
    case 'last-month':
      return [firstOfMonthPlus(c.year, c.month, -1), firstOfMonthPlus(c.year, c.month, 0)];
    case 'this-year':
      return [firstOfMonthPlus(c.year, 1, 0), firstOfMonthPlus(c.year, 1, 12)];
    case 'last-year':
      return [firstOfMonthPlus(c.year - 1, 1, 0), firstOfMonthPlus(c.year - 1, 1, 12)];
  }
}

/** The local-date ranges (merged, sorted, [start, end) epoch days) the spec means on a zone whose date is `today`. */
export function localRanges(spec: DateSpec, today: number): [number, number][] {
  if (spec.kind === 'dates') {
    const start = spec.start ?? today;
    const end = spec.end ?? today + 1;
    if (end <= start)
      throw badRequest(
        `Parameter 'endDate' (${formatDay(end)}) must be after startDate (${formatDay(start)})`,
      );
    if (end - start > MAX_WINDOW_DAYS)
      throw badRequest(
        `Parameters 'startDate' and 'endDate' span ${end - start} days; at most ${MAX_WINDOW_DAYS} are allowed`,
      );
    return [[start, end]];
  }
  const ranges = spec.terms
    .map((t) =>
      'relative' in t ? relativeRange(t.relative, today) : ([t.startDay, t.endDay] as [number, number]),
    )
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  const first = merged[0]?.[0] ?? 0;
  const lastEnd = merged[merged.length - 1]?.[1] ?? 0;
  if (lastEnd - first > MAX_WINDOW_DAYS)
    throw badRequest(
      `Parameter 'period' (${spec.text}) spans ${lastEnd - first} days; at most ${MAX_WINDOW_DAYS} are allowed`,
    );
  return merged;
}

/** A window placed in every zone: UTC intervals per zone, and their union as scan segments. */
export interface TimeWindow {
  /** Per zone index: flat [start0, end0, start1, end1, …] UTC ms, sorted. */
  zoneIntervals: Float64Array[];
  /** Per zone index: the local-date ranges behind the intervals. */
  zoneRanges: [number, number][][];
  /** Union of every zone's intervals, sorted and disjoint: [start, end) UTC ms. */
  segments: [number, number][];
  /** A canonical text of the window, for cache keys. */
  key: string;
}

export function resolveWindow(world: World, spec: DateSpec): TimeWindow {
  const zoneIntervals: Float64Array[] = [];
  const zoneRanges: [number, number][][] = [];
  const all: [number, number][] = [];
  for (const zone of world.zones) {
    const ranges = localRanges(spec, zone.localDay(world.now));
    const flat = new Float64Array(ranges.length * 2);
    ranges.forEach(([s, e], k) => {
      flat[2 * k] = zone.localMidnight(s);
      flat[2 * k + 1] = zone.localMidnight(e);
      all.push([flat[2 * k] ?? 0, flat[2 * k + 1] ?? 0]);
    });
    zoneIntervals.push(flat);
    zoneRanges.push(ranges);
  }
  all.sort((a, b) => a[0] - b[0]);
  const segments: [number, number][] = [];
  for (const r of all) {
    const last = segments[segments.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else segments.push([r[0], r[1]]);
  }
  return { zoneIntervals, zoneRanges, segments, key: zoneRanges.map((r) => r.join(';')).join('|') };
}
