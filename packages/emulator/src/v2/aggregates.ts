// v2 results/aggregated-feedbacks.json: counts per button by local time bucket and grouping dimensions.
import { authorisedNode, authorisedRange } from '../http/identities.ts';
import { HttpError, type Reply, badRequest, jsonReply } from '../http/reply.ts';
import { parseDateSpec, resolveWindow } from '../http/timeWindow.ts';
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
  time: number;
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

  const { ts, ep, survey, button, flags } = world.presses;
  const zoneOf = Uint8Array.from(world.experiencePoints, (e) => e.zoneIndex);
  const noneStart = window.zoneRanges.map((r) => (r[0]?.[0] ?? 0) * DAY_MS);
  const buckets = new Map<number, Map<number, Row>>();
  for (const [segStart, segEnd] of window.segments) {
    for (
      let i = firstPressAtOrAfter(world, segStart);
      i < world.presses.count && (ts[i] ?? 0) < segEnd;
      i++
    ) {
      const e = ep[i] ?? 0;
      if (!selected[e] || (flags[i] ?? 0) & PRESS_MISUSE) continue;
      const s = survey[i] ?? 0;
      if (surveyIndex !== -1 && s !== surveyIndex) continue;
      const z = zoneOf[e] ?? 0;
      const iv = window.zoneIntervals[z];
      const t = ts[i] ?? 0;
      let inside = false;
      if (iv)
        for (let k = 0; k < iv.length && !inside; k += 2) inside = t >= (iv[k] ?? 0) && t < (iv[k + 1] ?? 0);
      if (!inside) continue;
      const zone = world.zones[z];
      const local = t + (zone ? zone.offsetAt(t) : 0) * MINUTE_MS;
      const time = precision === 'none' ? (noneStart[z] ?? 0) : bucketStart(precision, local);
      // Packed without an array a press (a check of `xlarge` asks for all 100 M): the keys only for a new row.
      let packed = 0;
      for (const d of grouping) packed = packed * RADIX[d] + keyOf(d, e, s, local);
      let inner = buckets.get(time);
      if (!inner) buckets.set(time, (inner = new Map()));
      let row = inner.get(packed);
      if (!row) {
        const keys = grouping.map((d) => keyOf(d, e, s, local));
        const counts = new Array<number>(world.surveys[s]?.buttons ?? 4).fill(0);
        inner.set(packed, (row = { time, keys, counts }));
      }
      const b = button[i] ?? 0;
      row.counts[b] = (row.counts[b] ?? 0) + 1;
    }
  }
  const out: { time: string; groupKeys: string[]; feedbacks: number[] }[] = [];
  for (const time of [...buckets.keys()].sort((a, b) => a - b)) {
    const inner = buckets.get(time);
    if (!inner) continue;
    const rows = [...inner.values()].map((r) => ({
      time: formatLocalWallTime(r.time),
      groupKeys: r.keys.map((k, d) =>
        String(
          grouping[d] === 'experience_point'
            ? world.experiencePoints[k]?.id
            : grouping[d] === 'survey'
              ? world.surveys[k]?.id
              : k,
        ),
      ),
      feedbacks: r.counts,
    }));
    rows.sort((a, b) => compareKeys(a.groupKeys, b.groupKeys));
    out.push(...rows);
  }
  return jsonReply(out, { 'X-More-Available': 'false' });
}

/** A press's value of a grouping dimension: its point's or survey's index, its local hour, or its weekday (1–7). */
function keyOf(d: Dimension, ep: number, survey: number, local: number): number {
  if (d === 'experience_point') return ep;
  if (d === 'survey') return survey;
  if (d === 'hour_of_day') return Math.floor(local / HOUR_MS) % 24;
  return weekdayOfDay(Math.floor(local / DAY_MS)) + 1;
}

function compareKeys(a: string[], b: string[]): number {
  for (let k = 0; k < a.length; k++) {
    const d = Number(a[k]) - Number(b[k]);
    if (d !== 0) return d;
  }
  return 0;
}
