// v2 results/aggregated-feedbacks.json: counts per button by local time bucket and grouping dimensions.
import { authorisedNode, authorisedRange } from '../http/identities.ts';
import { HttpError, JSON_TYPE, type Reply, badRequest, jsonReply } from '../http/reply.ts';
import { type TimeWindow, parseDateSpec, resolveWindow } from '../http/timeWindow.ts';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  civilFromDays,
  daysFromCivil,
  formatLocalWallTime,
  weekdayOfDay,
} from '../world/calendar.ts';
import { PRESS_MISUSE } from '../world/types.ts';
import { type DayCounts, dayCounts } from '../world/dayCounts.ts';
import type { World } from '../world/types.ts';
import { firstPressAtOrAfter } from '../world/world.ts';
import type { V2Context } from './context.ts';

export const PRECISIONS = ['15-minutes', 'hour', 'day', 'week', 'month', 'year', 'none'] as const;
export const DIMENSIONS = ['experience_point', 'survey', 'hour_of_day', 'day_of_week'] as const;
type Precision = (typeof PRECISIONS)[number];
type Dimension = (typeof DIMENSIONS)[number];
/** Room per dimension value when the keys of a row are packed into one number (product 2^32). */
const RADIX: Record<Dimension, number> = {
  experience_point: 65_536,
  survey: 256,
  hour_of_day: 32,
  day_of_week: 8,
};

function parseGrouping(text: string | undefined): Dimension[] {
  if (text === undefined)
    throw badRequest("Parameter 'grouping' is required (none, or a list of " + DIMENSIONS.join(', ') + ')');
  if (text === 'none') return [];
  const dims = text.split(',').map((d) => {
    const dim = DIMENSIONS.find((x) => x === d.trim());
    if (!dim) throw badRequest(`Parameter 'grouping' has an unknown dimension '${d.trim()}'`);
    return dim;
  });
  if (new Set(dims).size !== dims.length)
    throw badRequest(`Parameter 'grouping' names a dimension twice: '${text}'`);
  return dims;
}

/** Local start (ms since the local epoch) of the bucket holding a local time. */
function bucketStart(precision: Precision, local: number): number {
  switch (precision) {
    case '15-minutes':
      return Math.floor(local / (15 * MINUTE_MS)) * 15 * MINUTE_MS;
    case 'hour':
      return Math.floor(local / HOUR_MS) * HOUR_MS;
    case 'day':
      return Math.floor(local / DAY_MS) * DAY_MS;
    case 'week': {
      const day = Math.floor(local / DAY_MS);
      return (day - weekdayOfDay(day)) * DAY_MS;
    }
    case 'month': {
      const c = civilFromDays(Math.floor(local / DAY_MS));
      return daysFromCivil(c.year, c.month, 1) * DAY_MS;
    }
    case 'year':
      return daysFromCivil(civilFromDays(Math.floor(local / DAY_MS)).year, 1, 1) * DAY_MS;
    case 'none':
      return 0;
  }
}

interface Row {
  keys: number[];
  counts: number[];
}

// eslint-disable-next-line max-lines-per-function, complexity -- the aggregates endpoint: its parameter checks in the service's error order, then one counting pass into the asked precision and grouping
export function aggregatedFeedbacks(ctx: V2Context): Reply {
  const { world, identity, params } = ctx;
  const precisionText = params.raw('precision');
  if (precisionText === undefined)
    throw badRequest("Parameter 'precision' is required (" + PRECISIONS.join(', ') + ')');
  const precision = params.oneOf('precision', PRECISIONS) ?? 'none';
  const grouping = parseGrouping(params.raw('grouping'));
  if (precision === 'none' && grouping.length === 0)
    throw badRequest("Parameters 'precision' and 'grouping' must not both be none");
  const ids = params.intList('experiencePointIds');
  const surveyId = params.int('surveyId');
  const window = resolveWindow(world, parseDateSpec(params));
  const [lo, hi] = authorisedRange(identity);
  const selected = new Uint8Array(world.experiencePoints.length);
  const ranges = ids
    ? ids
        .map((id) => authorisedNode(world, identity, id, 'experiencePointIds'))
        .map((n) => [n.index, n.subtreeEnd])
    : [[lo, hi]];
  for (const e of world.experiencePoints)
    if (ranges.some(([a = 0, b = 0]) => e.nodeIndex >= a && e.nodeIndex < b)) selected[e.index] = 1;
  const surveyIndex = surveyId === undefined ? -1 : (world.surveyById.get(surveyId)?.index ?? -2);
  if (surveyIndex === -2) return jsonReply([], { 'X-More-Available': 'false' });

  // The scales of the surveys running on the selected points decide whether rows can share one scale.
  const scales = new Set<string>();
  for (const a of world.assignments)
    if (selected[a.epIndex] && (surveyIndex === -1 || a.surveyIndex === surveyIndex))
      scales.add(world.surveys[a.surveyIndex]?.scale ?? '');
  if (scales.size > 1 && !grouping.includes('survey'))
    throw new HttpError(
      400,
      "The matched surveys use more than one scale: give 'surveyId' or include 'survey' in 'grouping'",
    );

  const zoneOf = Uint8Array.from(world.experiencePoints, (e) => e.zoneIndex);
  const noneStart = window.zoneRanges.map((r) => (r[0]?.[0] ?? 0) * DAY_MS);
  const buckets = new Map<number, Map<number, Row>>();
  /** The counts of a bucket and group (made on its first count). */
  const countsOf = (time: number, e: number, s: number, local: number): number[] => {
    // Packed without an array a press (a check of `xlarge` asks for all 100 M): the keys only for a new row.
    let packed = 0;
    for (const d of grouping) packed = packed * RADIX[d] + keyOf(d, e, s, local);
    let inner = buckets.get(time);
    if (!inner) buckets.set(time, (inner = new Map()));
    let row = inner.get(packed);
    if (!row) {
      const keys = grouping.map((d) => keyOf(d, e, s, local));
      const counts = new Array<number>(world.surveys[s]?.buttons ?? 4).fill(0);
      inner.set(packed, (row = { keys, counts }));
    }
    return row.counts;
  };
  const q: CountQuery = { selected, surveyIndex, zoneOf, window, precision, noneStart, countsOf };
  // Buckets of a day or more, grouped by what a day's counts keep: from the world's day counts (dayCounts.ts).
  const days = DAY_PRECISIONS.has(precision) && !grouping.includes('hour_of_day') ? dayCounts(world) : null;
  if (days) countDays(world, days, q);
  else countPresses(world, q);
  // Written as text row by row (a check of `xlarge` asks for ~14 M rows in ~500 answers: objects for JSON.stringify
  // cost more than the counting). Times and ids are digits and punctuation: nothing to escape.
  const idOf = (k: number, d: number): number =>
    grouping[d] === 'experience_point'
      ? (world.experiencePoints[k]?.id ?? 0)
      : grouping[d] === 'survey'
        ? (world.surveys[k]?.id ?? 0)
        : k;
  const parts: string[] = [];
  for (const time of [...buckets.keys()].sort((a, b) => a - b)) {
    const inner = buckets.get(time);
    if (!inner) continue;
    const head = `{"time":"${formatLocalWallTime(time)}","groupKeys":[`;
    const rows = [...inner.values()].map((r) => ({ ids: r.keys.map(idOf), counts: r.counts }));
    rows.sort((a, b) => compareIds(a.ids, b.ids));
    for (const r of rows)
      parts.push(`${head}${r.ids.map((id) => `"${id}"`).join(',')}],"feedbacks":[${r.counts.join(',')}]}`);
  }
  return {
    status: 200,
    headers: { 'X-More-Available': 'false' },
    body: `[${parts.join(',')}]`,
    contentType: JSON_TYPE,
  };
}

/** What a count needs of the request: the points and survey asked for, the window, the buckets, where rows go. */
interface CountQuery {
  selected: Uint8Array;
  surveyIndex: number;
  zoneOf: Uint8Array;
  window: TimeWindow;
  precision: Precision;
  noneStart: number[];
  countsOf: (time: number, e: number, s: number, local: number) => number[];
}

/** Precisions whose buckets are whole local days (a day's counts answer them). */
const DAY_PRECISIONS: ReadonlySet<Precision> = new Set(['day', 'week', 'month', 'year', 'none']);

/** Press by press over the window's UTC segments (any precision and grouping). */
// eslint-disable-next-line complexity -- the per-press filter of the window, points and survey in one loop (the `?? 0` of typed reads count as branches)
function countPresses(world: World, q: CountQuery): void {
  const { ts, ep, survey, button, flags } = world.presses;
  for (const [segStart, segEnd] of q.window.segments) {
    for (
      let i = firstPressAtOrAfter(world, segStart);
      i < world.presses.count && (ts[i] ?? 0) < segEnd;
      i++
    ) {
      const e = ep[i] ?? 0;
      if (!q.selected[e] || (flags[i] ?? 0) & PRESS_MISUSE) continue;
      const s = survey[i] ?? 0;
      if (q.surveyIndex !== -1 && s !== q.surveyIndex) continue;
      const z = q.zoneOf[e] ?? 0;
      const iv = q.window.zoneIntervals[z];
      const t = ts[i] ?? 0;
      let inside = false;
      if (iv)
        for (let k = 0; k < iv.length && !inside; k += 2) inside = t >= (iv[k] ?? 0) && t < (iv[k + 1] ?? 0);
      if (!inside) continue;
      const zone = world.zones[z];
      const local = t + (zone ? zone.offsetAt(t) : 0) * MINUTE_MS;
      const time = q.precision === 'none' ? (q.noneStart[z] ?? 0) : bucketStart(q.precision, local);
      const counts = q.countsOf(time, e, s, local);
      const b = button[i] ?? 0;
      counts[b] = (counts[b] ?? 0) + 1;
    }
  }
}

/** Day by day over the window's local dates, a row per point, survey and day (misuse excluded there already). */
// eslint-disable-next-line complexity -- the per-row filter of the window, points and survey in one loop (the `?? 0` of typed reads count as branches)
function countDays(world: World, days: DayCounts, q: CountQuery): void {
  const epOf = Uint16Array.from(world.assignments, (a) => a.epIndex);
  const surveyOf = Uint8Array.from(world.assignments, (a) => a.surveyIndex);
  let lo = Infinity;
  let hi = -Infinity;
  for (const ranges of q.window.zoneRanges)
    for (const [a, b] of ranges) {
      lo = Math.min(lo, a);
      hi = Math.max(hi, b);
    }
  const held = days.rowStart.length - 1;
  const inZone = new Uint8Array(q.window.zoneRanges.length);
  for (let d = Math.max(lo, days.firstDay); d < Math.min(hi, days.firstDay + held); d++) {
    const k = d - days.firstDay;
    // Whether this day is in each zone's ranges (they differ for period words, each zone's today): once a day.
    for (let z = 0; z < inZone.length; z++)
      inZone[z] = (q.window.zoneRanges[z] ?? []).some(([a, b]) => d >= a && d < b) ? 1 : 0;
    let at = days.countStart[k] ?? 0;
    for (let r = days.rowStart[k] ?? 0; r < (days.rowStart[k + 1] ?? 0); r++) {
      const p = days.pair[r] ?? 0;
      const n = days.buttonsOfPair[p] ?? 0;
      const e = epOf[p] ?? 0;
      const s = surveyOf[p] ?? 0;
      const z = q.zoneOf[e] ?? 0;
      if (q.selected[e] && (q.surveyIndex === -1 || s === q.surveyIndex) && inZone[z]) {
        const local = (d + (days.shift[r] ?? 0)) * DAY_MS;
        const time = q.precision === 'none' ? (q.noneStart[z] ?? 0) : bucketStart(q.precision, local);
        const counts = q.countsOf(time, e, s, local);
        for (let b = 0; b < n; b++) counts[b] = (counts[b] ?? 0) + (days.counts[at + b] ?? 0);
      }
      at += n;
    }
  }
}

/** A press's value of a grouping dimension: its point's or survey's index, its local hour, or its weekday (1–7). */
function keyOf(d: Dimension, ep: number, survey: number, local: number): number {
  if (d === 'experience_point') return ep;
  if (d === 'survey') return survey;
  if (d === 'hour_of_day') return Math.floor(local / HOUR_MS) % 24;
  return weekdayOfDay(Math.floor(local / DAY_MS)) + 1;
}

function compareIds(a: number[], b: number[]): number {
  for (let k = 0; k < a.length; k++) {
    const d = (a[k] ?? 0) - (b[k] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
