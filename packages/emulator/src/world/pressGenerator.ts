// Generates every press of the world into time-sorted typed columns (rhythms, quality, bad days, misuse bursts).
import { DAY_MS, HOUR_MS, weekdayOfDay } from './calendar.ts';
import { BAD_DAY_RATE, pressRates } from './pressRates.ts';
import { incidentDraw, type Incident } from './incident.ts';
import { gauss, hash32, hashUnit, keyedRng, poisson, type Rng } from './prng.ts';
import type { Structure } from './structure.ts';
import type { ZoneClock } from './timeZones.ts';
import {
  PRESS_CONTACT,
  PRESS_DEMOGRAPHICS,
  PRESS_FOLLOWUP,
  PRESS_HOURLY_SUM,
  PRESS_METADATA,
  PRESS_MISUSE,
  PRESS_SPAM,
  PRESS_TEXT,
  type Assignment,
  type PressColumns,
} from './types.ts';

/** Bursts (about 20 presses each) make roughly 2.5 % of a terminal's presses; a floor keeps some in tiny worlds. */
const MISUSE_PER_PRESS = 0.025 / 20;
const MISUSE_BURST_MIN = 0.002;

/** Growable columns; `push` appends one press. */
class Columns {
  count = 0;
  ts: Float64Array;
  ep: Uint16Array;
  survey: Uint8Array;
  smiley: Uint16Array;
  button: Uint8Array;
  flags: Uint8Array;

  constructor(capacity: number) {
    this.ts = new Float64Array(capacity);
    this.ep = new Uint16Array(capacity);
    this.survey = new Uint8Array(capacity);
    this.smiley = new Uint16Array(capacity);
    this.button = new Uint8Array(capacity);
    this.flags = new Uint8Array(capacity);
  }

  private grow(): void {
    // Big columns grow by an eighth: a half of 100 million presses would be another gigabyte for nothing.
    const cap = Math.ceil(this.ts.length * (this.ts.length < 1 << 24 ? 1.5 : 1.125)) + 1024;
    const copy = <T extends Float64Array | Uint16Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.ts = copy(this.ts, (n) => new Float64Array(n));
    this.ep = copy(this.ep, (n) => new Uint16Array(n));
    this.survey = copy(this.survey, (n) => new Uint8Array(n));
    this.smiley = copy(this.smiley, (n) => new Uint16Array(n));
    this.button = copy(this.button, (n) => new Uint8Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
  }

  push(ts: number, ep: number, survey: number, smiley: number, button: number, flags: number): void {
    if (this.count === this.ts.length) this.grow();
    const i = this.count++;
    this.ts[i] = ts;
    this.ep[i] = ep;
    this.survey[i] = survey;
    this.smiley[i] = smiley;
    this.button[i] = button;
    this.flags[i] = flags;
  }

  copyFrom(src: Columns, i: number): void {
    this.push(
      src.ts[i] ?? 0,
      src.ep[i] ?? 0,
      src.survey[i] ?? 0,
      src.smiley[i] ?? 0,
      src.button[i] ?? 0,
      src.flags[i] ?? 0,
    );
  }

  /** Final columns: trimmed copies when the spare capacity is large, views otherwise. */
  seal(): PressColumns {
    const n = this.count;
    const trim = this.ts.length - n > n * 0.1;
    return {
      count: n,
      ts: trim ? this.ts.slice(0, n) : this.ts.subarray(0, n),
      ep: trim ? this.ep.slice(0, n) : this.ep.subarray(0, n),
      survey: trim ? this.survey.slice(0, n) : this.survey.subarray(0, n),
      smiley: trim ? this.smiley.slice(0, n) : this.smiley.subarray(0, n),
      button: trim ? this.button.slice(0, n) : this.button.subarray(0, n),
      flags: trim ? this.flags.slice(0, n) : this.flags.subarray(0, n),
    };
  }
}

type Curve = 'store' | 'employee' | 'digital';

/** Relative footfall per local hour. */
function hourWeight(curve: Curve, hour: number): number {
  const x = hour + 0.5;
  if (curve === 'digital')
    return 0.15 + Math.exp(-((x - 20.5) ** 2) / 8) + 0.5 * Math.exp(-((x - 12.5) ** 2) / 6);
  if (curve === 'employee') return 0.1 + Math.exp(-((x - 14) ** 2) / 2) + Math.exp(-((x - 19.5) ** 2) / 2);
  return 0.6 + Math.exp(-((x - 12.5) ** 2) / 4) + 1.2 * Math.exp(-((x - 17.5) ** 2) / 5);
}

interface MinuteSampler {
  starts: number[];
  lengths: number[];
  cdf: number[];
}

const samplers = new Map<string, MinuteSampler>();

/** Samples a local minute of the day inside [open, close), weighted by the hourly curve. */
function minuteSampler(curve: Curve, open: number, close: number): MinuteSampler {
  const key = `${curve}:${open}:${close}`;
  let s = samplers.get(key);
  if (s) return s;
  s = { starts: [], lengths: [], cdf: [] };
  let total = 0;
  for (let hour = 0; hour < 24; hour++) {
    const a = Math.max(open, hour * 60);
    const b = Math.min(close, hour * 60 + 60);
    if (b <= a) continue;
    total += hourWeight(curve, hour) * (b - a);
    s.starts.push(a);
    s.lengths.push(b - a);
    s.cdf.push(total);
  }
  s.cdf = s.cdf.map((c) => c / total);
  samplers.set(key, s);
  return s;
}

function sampleMinute(s: MinuteSampler, u: number, v: number): number {
  let i = 0;
  while (i < s.cdf.length - 1 && (s.cdf[i] ?? 1) <= u) i++;
  return (s.starts[i] ?? 0) + Math.floor(v * (s.lengths[i] ?? 1));
}

/** Maps a latent satisfaction (≈ standard normal around the location's mean) to a button index. */
function buttonOf(buttons: number, x: number): number {
  if (buttons === 4) return x < -0.9 ? 0 : x < 0 ? 1 : x < 0.9 ? 2 : 3;
  if (buttons === 5) return x < -1.3 ? 0 : x < -0.45 ? 1 : x < 0.35 ? 2 : x < 1.1 ? 3 : 4;
  return Math.max(0, Math.min(10, Math.round(6.3 + 2.3 * x)));
}

function isNegative(buttons: number, button: number): boolean {
  return buttons === 11 ? button <= 6 : button <= 1;
}

export interface PressGenerationInput {
  seed: number;
  now: number;
  nowDay: number;
  targetPresses: number;
  /** Length of the main era in days, ending at the present (SizeSpec.historyDays). */
  historyDays: number;
  structure: Structure;
  zones: ZoneClock[];
  /** Injected incidents (world/incident.ts): a share of a point's presses on some days made red. */
  incidents?: readonly Incident[];
  /** Rates scaled by their expectation (SizeSpec.ratesByExpectation, pressRates.ts); default drawn first. */
  ratesByExpectation?: boolean;
  /** Only the presses drawn for the local days of these ranges [fromDay, toDay) (WorldOptions.windows). */
  windows?: readonly { fromDay: number; toDay: number }[];
}

export interface GeneratedPresses {
  presses: PressColumns;
  /** The expected number of presses of the whole history, misuse bursts excluded (pass 1's sum). */
  expected: number;
}

// eslint-disable-next-line max-lines-per-function -- pass 2 of the generator: the columns, the pending buffers and each day's draws share one allocation plan; split apart they would travel through every helper
export function generatePresses(input: PressGenerationInput): GeneratedPresses {
  const { seed, now, nowDay, structure, zones } = input;
  const { experiencePoints: eps, assignments, surveys, smileys } = structure;
  // The columns hold indexes as Uint16: a world past that many points or devices needs wider columns.
  if (eps.length > 0xffff || smileys.length > 0xffff)
    throw new Error(`${eps.length} points and ${smileys.length} devices exceed the 16-bit press columns`);
  const byEp: Assignment[][] = eps.map(() => []);
  for (const a of assignments) byEp[a.epIndex]?.push(a);
  const windows = input.windows;
  const inWindow = (day: number): boolean =>
    !windows || windows.some((w) => day >= w.fromDay && day < w.toDay);
  const rates = pressRates({
    seed,
    nowDay,
    historyDays: input.historyDays,
    targetPresses: input.targetPresses,
    structure,
    inWindow,
    byExpectation: input.ratesByExpectation ?? false,
  });
  const days = rates.days;

  // Room for the expected presses of every era plus misuse bursts (~2.5 %), so the columns of the biggest worlds are
  // allocated once (a growth or a trimming copy would double them for a moment).
  const out = new Columns(Math.ceil(rates.windowExpected * 1.05) + 4096);
  let pending = new Columns(65_536);
  let spare = new Columns(65_536);
  // eslint-disable-next-line max-lines-per-function, complexity -- a day's draws for every assignment (each from its keyed stream) written straight into the columns: the generator's hot loop
  days.forEach((day, di) => {
    // Every (assignment, day) draws from its own keyed stream, so a day outside the window can be left out.
    if (!inWindow(day)) return;
    const dow = weekdayOfDay(day);
    for (const ep of eps) {
      const zone = zones[ep.zoneIndex];
      if (!zone) continue;
      const bad = hashUnit(seed, 0xbad, ep.index, day) < BAD_DAY_RATE;
      const red = incidentDraw(input.incidents, seed, ep.id, day);
      const emit = (
        localMs: number,
        epi: number,
        si: number,
        smi: number,
        button: number,
        flags: number,
      ): void => {
        let local = localMs;
        let f = flags;
        if (smileys[smi]?.hourlySums) {
          local = Math.floor(local / HOUR_MS) * HOUR_MS;
          f |= PRESS_HOURLY_SUM;
        }
        const ts = zone.localToUtc(local);
        if (ts < now) pending.push(ts, epi, si, smi, button, f);
      };
      for (const a of byEp[ep.index] ?? []) {
        const mean = rates.mean(a, di);
        if (mean <= 0) continue;
        const survey = surveys[a.surveyIndex];
        if (!survey) continue;
        const rng = keyedRng(seed, 0x22, a.index, day);
        const employee = survey.surveyType === 'EMPLOYEE';
        const curve: Curve = ep.kind === 'digital' ? 'digital' : employee ? 'employee' : 'store';
        const sampler = minuteSampler(curve, ep.openMinute[dow] ?? 0, ep.closeMinute[dow] ?? 1440);
        let mu = -0.4 + 1.8 * ep.quality + (bad ? -1.1 : 0);
        if (employee) mu += dow === 0 ? -0.3 : dow === 4 ? 0.3 : 0;
        const n = poisson(rng, mean);
        for (let k = 0; k < n; k++) {
          const smileyIndex = pickSmiley(rng, a.smileyIndexes);
          const minute = sampleMinute(sampler, rng(), rng());
          const rush =
            curve === 'store' && ((minute >= 720 && minute < 780) || (minute >= 1020 && minute < 1140))
              ? -0.2
              : 0;
          const drawn = buttonOf(survey.buttons, mu + rush + gauss(rng));
          const button = red?.() ? 0 : drawn;
          const flags = featureFlags(rng, a.kind, survey.buttons, button);
          const local = day * DAY_MS + minute * 60_000 + Math.floor(rng() * 60_000);
          emit(local, ep.index, a.surveyIndex, smileyIndex, button, flags);
        }
        if (
          a.kind === 'TERMINAL' &&
          !employee &&
          hashUnit(seed, 0x3a, a.index, day) < Math.max(MISUSE_BURST_MIN, mean * MISUSE_PER_PRESS)
        ) {
          // Misuse: someone hammers one button of one terminal for a while.
          const smileyIndex = a.smileyIndexes[0] ?? 0;
          const burst = 6 + Math.floor(rng() * 30);
          const button = rng() < 0.55 ? survey.buttons - 1 : 0;
          let local =
            day * DAY_MS + sampleMinute(sampler, rng(), rng()) * 60_000 + Math.floor(rng() * 60_000);
          for (let k = 0; k < burst; k++) {
            emit(local, ep.index, a.surveyIndex, smileyIndex, button, PRESS_MISUSE);
            local += 400 + Math.floor(rng() * 3000);
          }
        }
      }
    }
    const next = days[di + 1];
    const threshold =
      next === undefined || !inWindow(next) ? Infinity : Math.min(...zones.map((z) => z.localMidnight(next)));
    const rest = flushPending(pending, spare, out, threshold);
    spare = pending;
    pending = rest;
  });
  return { presses: out.seal(), expected: rates.expected };
}

function pickSmiley(rng: Rng, indexes: number[]): number {
  if (indexes.length === 1) return indexes[0] ?? 0;
  // The first device of a pair sits at the entrance and gets more presses.
  const u = rng() * (1 + 0.6 * (indexes.length - 1));
  return u < 1 ? (indexes[0] ?? 0) : (indexes[1 + Math.floor((u - 1) / 0.6)] ?? indexes[0] ?? 0);
}

function featureFlags(rng: Rng, kind: Assignment['kind'], buttons: number, button: number): number {
  if (kind === 'TERMINAL') return 0;
  let f = 0;
  if (kind === 'TABLET') {
    if (rng() < 0.45) f |= PRESS_FOLLOWUP;
    if (rng() < 0.12) f |= PRESS_TEXT;
    if (rng() < 0.35) f |= PRESS_DEMOGRAPHICS;
  } else {
    if (rng() < 0.35) f |= PRESS_FOLLOWUP;
    if (rng() < 0.3) f |= PRESS_TEXT;
    if (rng() < 0.6) f |= PRESS_METADATA;
  }
  if (f & PRESS_TEXT) {
    if (rng() < 0.06) f |= PRESS_SPAM;
    else if (isNegative(buttons, button) ? rng() < 0.35 : rng() < 0.04) f |= PRESS_CONTACT;
  }
  return f;
}

/** Sorts the pending presses by time (ties in generation order) and moves those before `threshold` out. */
function flushPending(pending: Columns, rest: Columns, out: Columns, threshold: number): Columns {
  const n = pending.count;
  rest.count = 0;
  if (n === 0) return rest;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = pending.ts[i] ?? 0;
    if (t < min) min = t;
    if (t > max) max = t;
  }
  let order: ArrayLike<number>;
  if (max - min < 2 ** 30 && n < 2 ** 22) {
    // One native numeric sort of packed (time, position) keys: far faster than a comparator.
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = ((pending.ts[i] ?? 0) - min) * 4194304 + i;
    keys.sort();
    const idx = new Uint32Array(n);
    for (let i = 0; i < n; i++) idx[i] = (keys[i] ?? 0) % 4194304;
    order = idx;
  } else {
    const idx = Uint32Array.from({ length: n }, (_, i) => i);
    idx.sort((a, b) => (pending.ts[a] ?? 0) - (pending.ts[b] ?? 0) || a - b);
    order = idx;
  }
  for (let k = 0; k < n; k++) {
    const i = order[k] ?? 0;
    if ((pending.ts[i] ?? 0) < threshold) out.copyFrom(pending, i);
    else rest.copyFrom(pending, i);
  }
  return rest;
}

/** A stable per-press hash for derived content (texts, follow-up choices): same seed and index, same value. */
export function pressHash(seed: number, index: number, salt: number): number {
  return hash32(seed, index, salt, 0x7e57);
}
