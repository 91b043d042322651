// Local midnights of a v1 survey's time zone (IANA name) as instants, from Intl: where a local day starts.
import { parseLocalDate } from '../core/localTime.ts';

const msPerDay = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** True when Intl knows the zone. */
export function isKnownZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time of an instant in a zone, as milliseconds since 1970-01-01T00:00 on that wall clock. */
export function wallClockMs(zone: string, utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(utcMs)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) + (((utcMs % 1000) + 1000) % 1000);
}

/**
 * The first instant whose wall clock in `zone` is on or after the local day `dayNumber` (days since 1970-01-01):
 * local midnight, or the end of the gap when a daylight-saving change skips midnight. Found by bisection over
 * the 26 hours around UTC midnight of that date (every offset in use lies within −12 h … +14 h).
 */
export function localMidnight(zone: string, dayNumber: number): number {
  const key = `${zone}|${dayNumber}`;
  const known = midnights.get(key);
  if (known !== undefined) return known;
  const found = searchMidnight(zone, dayNumber);
  if (midnights.size > 100_000) midnights.clear();
  midnights.set(key, found);
  return found;
}

const midnights = new Map<string, number>();

function searchMidnight(zone: string, dayNumber: number): number {
  const target = dayNumber * msPerDay;
  let lo = target - 14 * 3_600_000; // wall clock here is at most target (offset ≤ +14 h)
  let hi = target + 12 * 3_600_000 + 1; // wall clock here is after target (offset ≥ −12 h)
  // Wall clocks are whole seconds apart at minute-aligned transitions; a 1 s resolution is exact for every zone.
  lo = Math.floor(lo / 1000);
  hi = Math.ceil(hi / 1000);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallClockMs(zone, mid * 1000) >= target) hi = mid;
    else lo = mid + 1;
  }
  return lo * 1000;
}

/** `localMidnight` of a `yyyy-MM-dd` date. */
export function localMidnightOf(zone: string, date: string): number {
  const day = parseLocalDate(date);
  if (day === null) throw new Error(`'${date}' is not a date`);
  return localMidnight(zone, day);
}

/** The local date (`yyyy-MM-dd`) of an instant in a zone. */
export function localDateOf(zone: string, utcMs: number): string {
  return new Date(Math.floor(wallClockMs(zone, utcMs) / msPerDay) * msPerDay).toISOString().slice(0, 10);
}
