// Time-zone offsets taken from Intl, cached per zone as a table of DST transitions (exact to the minute).
import { DAY_MS, HOUR_MS, MINUTE_MS } from './calendar.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset in minutes at an instant, straight from Intl (slow: a few µs). */
export function intlOffsetMinutes(zone: string, utcMs: number): number {
  let dtf = formatters.get(zone);
  if (!dtf) {
    dtf = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(zone, dtf);
  }
  const f: Record<string, number> = {};
  let bc = false;
  for (const part of dtf.formatToParts(utcMs)) {
    if (part.type === 'era') bc = part.value === 'BC';
    else if (part.type !== 'literal') f[part.type] = Number(part.value);
  }
  const year = bc ? 1 - (f.year ?? 0) : (f.year ?? 0);
  const asUtc = Date.UTC(year, (f.month ?? 1) - 1, f.day ?? 1, f.hour ?? 0, f.minute ?? 0, f.second ?? 0);
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / MINUTE_MS);
}

/**
 * One IANA zone over a span: the offset is sampled with Intl once per day and every change is located
 * by bisection to the minute, so lookups are a binary search over a handful of transitions and are
 * right on both sides of each DST change. Outside the span, Intl is asked directly (memoised per hour).
 */
export class ZoneClock {
  readonly zone: string;
  readonly from: number;
  readonly to: number;
  /** transitionAt[i] is the first instant at which offsets[i + 1] applies; offsets[0] applies before. */
  private readonly transitionAt: number[] = [];
  private readonly offsets: number[] = [];
  private readonly outside = new Map<number, number>();
  /** The last interval between transitions that answered, for the next lookup nearby (reads are mostly in time order). */
  private lastFrom = 0;
  private lastTo = -1;
  private lastOffset = 0;

  constructor(zone: string, fromMs: number, toMs: number) {
    this.zone = zone;
    this.from = Math.floor(fromMs / DAY_MS) * DAY_MS - 2 * DAY_MS;
    this.to = Math.ceil(toMs / DAY_MS) * DAY_MS + 2 * DAY_MS;
    let prev = intlOffsetMinutes(zone, this.from);
    this.offsets.push(prev);
    for (let t = this.from + DAY_MS; t <= this.to; t += DAY_MS) {
      const off = intlOffsetMinutes(zone, t);
      if (off === prev) continue;
      let lo = t - DAY_MS; // offset prev
      let hi = t; // offset off
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (intlOffsetMinutes(zone, mid) === prev) lo = mid;
        else hi = mid;
      }
      this.transitionAt.push(hi);
      this.offsets.push(off);
      prev = off;
    }
  }

  /** UTC offset in minutes at an instant. */
  offsetAt(utcMs: number): number {
    if (utcMs < this.from || utcMs >= this.to) {
      const hour = Math.floor(utcMs / HOUR_MS);
      let off = this.outside.get(hour);
      if (off === undefined) {
        off = intlOffsetMinutes(this.zone, hour * HOUR_MS);
        this.outside.set(hour, off);
      }
      return off;
    }
    if (utcMs >= this.lastFrom && utcMs < this.lastTo) return this.lastOffset;
    const ts = this.transitionAt;
    let lo = 0;
    let hi = ts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((ts[mid] ?? 0) <= utcMs) lo = mid + 1;
      else hi = mid;
    }
    this.lastFrom = lo > 0 ? (ts[lo - 1] ?? this.from) : this.from;
    this.lastTo = lo < ts.length ? (ts[lo] ?? this.to) : this.to;
    this.lastOffset = this.offsets[lo] ?? 0;
    return this.lastOffset;
  }

  /** The DST transitions inside the span (instants and the offset that starts there), for tests and docs. */
  transitions(): { at: number; offset: number }[] {
    return this.transitionAt.map((at, i) => ({ at, offset: this.offsets[i + 1] ?? 0 }));
  }

  /**
   * The instant of a local wall-clock time (ms since the local epoch). A time skipped by a DST gap maps
   * forward by the gap (as Temporal's "compatible"); a repeated time maps to the later instant.
   */
  localToUtc(localMs: number): number {
    const o1 = this.offsetAt(localMs);
    const guess = localMs - o1 * MINUTE_MS;
    const o2 = this.offsetAt(guess);
    if (o2 === o1) return guess;
    const second = localMs - o2 * MINUTE_MS;
    const o3 = this.offsetAt(second);
    if (o3 === o2) return second;
    return localMs - Math.min(o2, o3) * MINUTE_MS;
  }

  /** The first instant of a local date (epoch day). */
  localMidnight(day: number): number {
    return this.localToUtc(day * DAY_MS);
  }

  /** The local date (epoch day) of an instant. */
  localDay(utcMs: number): number {
    return Math.floor((utcMs + this.offsetAt(utcMs) * MINUTE_MS) / DAY_MS);
  }
}
