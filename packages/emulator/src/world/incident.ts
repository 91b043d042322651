// Injected incidents: a share of one experience point's presses turned red over some local days, so that tools
// (the anomaly search, its recall measurement) can be tried on a world where the truth is known.
import { DAY_MS } from './calendar.ts';
import { keyedRng, type Rng } from './prng.ts';

export interface Incident {
  /** The experience point's id. */
  pointId: number;
  /** Local day numbers (days since 1970-01-01 on the point's wall clock): first inclusive, last exclusive. */
  fromDay: number;
  toDay: number;
  /** 0..1: the chance that a press of those days is made red (the most negative button, 0). */
  negative: number;
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayOf(text: string): number | null {
  const m = datePattern.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms);
  return back.getUTCDate() === Number(m[3]) && back.getUTCMonth() === Number(m[2]) - 1 ? ms / DAY_MS : null;
}

/**
 * Incidents from `point=<id>,from=<yyyy-MM-dd>,to=<yyyy-MM-dd>,negative=<percent>` (`to` inclusive), several joined
 * by commas (a repeated option): each `point=` starts the next. Throws one sentence naming what is wrong.
 */
export function parseIncidents(text: string): Incident[] {
  const usage = 'takes point=<id>,from=<yyyy-MM-dd>,to=<yyyy-MM-dd>,negative=<percent>';
  const groups: Record<string, string>[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const eq = part.indexOf('=');
    const key = eq > 0 ? part.slice(0, eq) : '';
    if (!['point', 'from', 'to', 'negative'].includes(key))
      throw new Error(`option '--incident' ${usage}, not '${part}'`);
    if (key === 'point') groups.push({});
    const current = groups[groups.length - 1];
    if (!current) throw new Error(`option '--incident' ${usage}: each incident starts with point=`);
    current[key] = part.slice(eq + 1);
  }
  return groups.map((g) => {
    const pointId = Number(g.point);
    const fromDay = dayOf(g.from ?? '');
    const lastDay = dayOf(g.to ?? '');
    const percent = Number(g.negative);
    if (!/^\d+$/.test(g.point ?? '') || !Number.isSafeInteger(pointId))
      throw new Error(`option '--incident': point must be an experience point id, not '${g.point ?? ''}'`);
    if (fromDay === null || lastDay === null || lastDay < fromDay)
      throw new Error(`option '--incident': from and to must be dates yyyy-MM-dd, from not after to`);
    if (g.negative === undefined || !Number.isFinite(percent) || percent < 0 || percent > 100)
      throw new Error(`option '--incident': negative must be a percent from 0 to 100`);
    return { pointId, fromDay, toDay: lastDay + 1, negative: percent / 100 };
  });
}

/**
 * The incident draw of one point's day: a function that answers, press by press, whether it turns red; null when no
 * incident covers the day. Its own random stream, so a world with incidents differs from one without only there.
 */
export function incidentDraw(
  incidents: readonly Incident[] | undefined,
  seed: number,
  pointId: number,
  day: number,
): (() => boolean) | null {
  const hit = incidents?.find((i) => i.pointId === pointId && i.fromDay <= day && day < i.toDay);
  if (!hit || hit.negative <= 0) return null;
  const rng: Rng = keyedRng(seed, 0x1c1d, pointId, day);
  return () => rng() < hit.negative;
}
