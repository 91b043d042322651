// A world's button counts per (experience point, survey) pair and local day, misuse excluded: what the aggregates
// endpoint reads for buckets of a day or longer, counted once per world instead of once per request. A check of a
// first `xlarge` sync asks for all 100 M presses in ~500 windows; counted press by press, they cost the emulator
// ~72 CPU-seconds, on the same two cores the client runs on (docs/BENCHMARKS.md, 2026-11-29).
import { DAY_MS, MINUTE_MS } from './calendar.ts';
import type { ZoneClock } from './timeZones.ts';
import { PRESS_MISUSE, type World } from './types.ts';

/**
 * Rows by local day (as the aggregates' windows place a press: between its zone's local midnights), a pair's counts
 * per button of its survey's scale. A press's bucket day (its local wall time's date) is that day but for an hour
 * that a DST change at midnight moves across it: those rows carry the shift.
 */
export interface DayCounts {
  /** The first local epoch day held; day d's rows are rowStart[d - firstDay] up to rowStart[d - firstDay + 1]. */
  firstDay: number;
  /** Days held + 1. */
  rowStart: Uint32Array;
  /** Days held + 1: where day d's first row's counts start in `counts`. */
  countStart: Float64Array;
  /** Per row: the assignment (experience point × survey) index. */
  pair: Uint32Array;
  /** Per row: the bucket day minus the window day (−1, 0 or 1). */
  shift: Int8Array;
  /** Per row, one after the other: its pair's survey's buttons, counted. */
  counts: Uint32Array;
  /** Per assignment: its survey's buttons (how many counts a row of it holds). */
  buttonsOfPair: Uint8Array;
}

const cache = new WeakMap<World, DayCounts | null>();

/**
 * The world's day counts, counted on first use (one pass over the presses, seconds on `xlarge`); null when a press's
 * button lies outside its survey's scale (the per-press count then answers as it is).
 */
export function dayCounts(world: World): DayCounts | null {
  let c = cache.get(world);
  if (c === undefined) cache.set(world, (c = countDays(world)));
  return c;
}

/** A growable typed column. */
class Column<T extends Uint32Array | Int8Array> {
  array: T;
  length = 0;
  private readonly make: (n: number) => T;
  constructor(make: (n: number) => T) {
    this.make = make;
    this.array = make(1024);
  }
  push(v: number): void {
    if (this.length === this.array.length) {
      const bigger = this.make(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = v;
  }
  done(): T {
    return this.array.slice(0, this.length) as T;
  }
}

/** Per zone: the local day an instant falls in, between the zone's local midnights (as the windows place it). */
function windowDayOf(zone: ZoneClock): (t: number) => number {
  let from = 0;
  let to = -1;
  let day = 0;
  return (t) => {
    if (t >= from && t < to) return day;
    day = Math.floor((t + zone.offsetAt(t) * MINUTE_MS) / DAY_MS);
    while (t < zone.localMidnight(day)) day--;
    while (t >= zone.localMidnight(day + 1)) day++;
    from = zone.localMidnight(day);
    to = zone.localMidnight(day + 1);
    return day;
  };
}

// eslint-disable-next-line max-lines-per-function, complexity -- one pass over the press columns with its open days beside it (the `?? 0` of typed reads count as branches)
function countDays(world: World): DayCounts | null {
  const { ts, ep, smiley, button, flags, count } = world.presses;
  const pairs = world.assignments.length;
  const buttonsOfPair = Uint8Array.from(world.assignments, (a) => world.surveys[a.surveyIndex]?.buttons ?? 4);
  const pairOfSmiley = Uint32Array.from(world.smileys, (s) => s.assignmentIndex);
  const zoneOfEp = Uint8Array.from(world.experiencePoints, (e) => e.zoneIndex);
  const dayIn = world.zones.map((z) => windowDayOf(z));
  const bucketDayOf = (z: number, t: number): number =>
    Math.floor((t + (world.zones[z]?.offsetAt(t) ?? 0) * MINUTE_MS) / DAY_MS);
  // A press's local day is within a day of its UTC day (offsets from −12 to +14 hours): days before the UTC day's
  // eve are closed. An open day counts densely: slot (pair × 3 + shift + 1) × 11 + button.
  const width = pairs * 3;
  const open = new Map<number, { counts: Uint32Array; seen: Uint8Array; slots: number[] }>();
  const spare: { counts: Uint32Array; seen: Uint8Array; slots: number[] }[] = [];
  const rowStart: number[] = [];
  const countStart: number[] = [];
  const pair = new Column((n) => new Uint32Array(n));
  const shift = new Column((n) => new Int8Array(n));
  const counts = new Column((n) => new Uint32Array(n));
  let firstDay: number | null = null;
  let nextDay = 0; // the first day not yet closed (days close in order)
  const close = (day: number): void => {
    if (firstDay === null) nextDay = firstDay = day;
    for (; nextDay <= day; nextDay++) {
      rowStart.push(pair.length);
      countStart.push(counts.length);
    }
    const d = open.get(day);
    if (!d) return;
    open.delete(day);
    d.slots.sort((a, b) => a - b);
    for (const slot of d.slots) {
      const p = Math.floor(slot / 3);
      pair.push(p);
      shift.push((slot % 3) - 1);
      for (let b = 0; b < (buttonsOfPair[p] ?? 0); b++) {
        counts.push(d.counts[slot * 11 + b] ?? 0);
        d.counts[slot * 11 + b] = 0;
      }
      d.seen[slot] = 0;
    }
    d.slots.length = 0;
    spare.push(d);
  };
  const closeBefore = (day: number): void => {
    const days = [...open.keys()].filter((d) => d < day).sort((a, b) => a - b);
    for (const d of days) close(d);
  };
  let utcDay = -Infinity;
  for (let i = 0; i < count; i++) {
    const f = flags[i] ?? 0;
    if (f & PRESS_MISUSE) continue;
    const t = ts[i] ?? 0;
    const u = Math.floor(t / DAY_MS);
    if (u > utcDay) {
      utcDay = u;
      closeBefore(u - 1);
    }
    const e = ep[i] ?? 0;
    const p = pairOfSmiley[smiley[i] ?? 0] ?? 0;
    const b = button[i] ?? 0;
    if (b >= (buttonsOfPair[p] ?? 0)) return null;
    const z = zoneOfEp[e] ?? 0;
    const day = dayIn[z]?.(t) ?? 0;
    const s = bucketDayOf(z, t) - day;
    if ((firstDay !== null && day < nextDay) || s < -1 || s > 1) return null; // not seen in any zone's calendar
    let d = open.get(day);
    if (!d) {
      d = spare.pop() ?? { counts: new Uint32Array(width * 11), seen: new Uint8Array(width), slots: [] };
      open.set(day, d);
    }
    const slot = p * 3 + s + 1;
    if (!d.seen[slot]) {
      d.seen[slot] = 1;
      d.slots.push(slot);
    }
    d.counts[slot * 11 + b] = (d.counts[slot * 11 + b] ?? 0) + 1;
  }
  closeBefore(Infinity);
  rowStart.push(pair.length);
  countStart.push(counts.length);
  return {
    firstDay: firstDay ?? 0,
    rowStart: Uint32Array.from(rowStart),
    countStart: Float64Array.from(countStart),
    pair: pair.done(),
    shift: shift.done(),
    counts: counts.done(),
    buttonsOfPair,
  };
}
