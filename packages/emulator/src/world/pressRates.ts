// The expected presses of every (assignment, local day): weekday, season, opening hours, trend, noise and bad days.
import { civilFromDays, weekdayOfDay } from './calendar.ts';
import { hashUnit, keyedGauss } from './prng.ts';
import type { Structure } from './structure.ts';
import type { Assignment, Survey } from './types.ts';

const WEEKDAY_PHYSICAL = [0.85, 0.9, 0.95, 1.0, 1.2, 1.45, 1.1];
const WEEKDAY_DIGITAL = [1.05, 1.0, 1.0, 1.0, 0.95, 0.9, 1.1];
const SEASON_NORTH = [0.8, 0.8, 0.9, 0.95, 1.0, 1.05, 1.1, 1.05, 0.95, 0.95, 1.1, 1.45];
const SEASON_SOUTH = [1.1, 1.0, 0.95, 0.9, 0.85, 0.85, 0.9, 0.95, 1.0, 1.05, 1.15, 1.5];
export const BAD_DAY_RATE = 0.03;
const NOISE = 0.25;
/** E[exp(NOISE · g)] for g = √3 (U1 + U2 + U3 + U4 − 2), the Irwin–Hall normal of prng.ts's gauss. */
const NOISE_MEAN =
  Math.exp(-2 * NOISE * Math.sqrt(3)) * ((Math.exp(NOISE * Math.sqrt(3)) - 1) / (NOISE * Math.sqrt(3))) ** 4;
/** E[bad-day factor]: 0.85 on BAD_DAY_RATE of the days. */
const BAD_MEAN = 1 - BAD_DAY_RATE * 0.15;

export interface PressRateInput {
  seed: number;
  nowDay: number;
  historyDays: number;
  targetPresses: number;
  structure: Structure;
  /** Which local days are generated (all when the world has no windows). */
  inWindow: (day: number) => boolean;
  /**
   * Scale by the expectation of noise and bad days instead of drawing them for every (assignment, day) first: the
   * same rhythm without a pass over all of them, so a window of an `xlarge` world costs only its own days.
   */
  byExpectation: boolean;
}

export interface PressRates {
  /** Local epoch days on which any survey runs, in order, up to the day after the present. */
  days: number[];
  /** Expected presses of an assignment on days[di], scaled to the size's target (0: none that day). */
  mean: (a: Assignment, di: number) => number;
  /** Expected presses of the whole history and of the generated days, misuse bursts excluded. */
  expected: number;
  windowExpected: number;
}

function activeOn(survey: Survey, day: number): boolean {
  for (const p of survey.periods) if (p.startDay <= day && day < p.endDay) return true;
  return false;
}

/** Local days on which any survey runs, in order, up to the day after `nowDay` (zones ahead of UTC). */
function generationDays(surveys: Survey[], nowDay: number): number[] {
  const on = new Set<number>();
  for (const s of surveys)
    for (const p of s.periods) for (let d = p.startDay; d < Math.min(p.endDay, nowDay + 2); d++) on.add(d);
  return [...on].sort((a, b) => a - b);
}

/** The generation days with what the rates need of each, and which surveys run on them. */
interface DayTable {
  days: number[];
  mainStart: number;
  dows: Int8Array;
  /** Month − 1. */
  months: Int8Array;
  trends: Float64Array;
  holidays: Uint8Array;
  /** Per survey index: 1 on the days it runs. */
  active: Uint8Array[];
}

function dayTable(input: PressRateInput): DayTable {
  const { surveys } = input.structure;
  const days = generationDays(surveys, input.nowDay);
  const mainStart = input.nowDay - input.historyDays;
  const civil = days.map((day) => civilFromDays(day));
  return {
    days,
    mainStart,
    dows: Int8Array.from(days, (day) => weekdayOfDay(day)),
    months: Int8Array.from(civil, (c) => c.month - 1),
    trends: Float64Array.from(days, (day) => 1 + (0.15 * (day - mainStart)) / 730),
    holidays: Uint8Array.from(civil, (c) =>
      (c.month === 12 && c.day === 25) || (c.month === 1 && c.day === 1) ? 1 : 0,
    ),
    active: surveys.map((survey) => Uint8Array.from(days, (day) => (activeOn(survey, day) ? 1 : 0))),
  };
}

/** An assignment's rate before noise and bad days, per weekday and per day (the products in their first order). */
function assignmentRates(structure: Structure, t: DayTable, a: Assignment): ((di: number) => number) | null {
  const ep = structure.experiencePoints[a.epIndex];
  const survey = structure.surveys[a.surveyIndex];
  const on = survey && t.active[survey.index];
  if (!ep || !survey || !on) return null;
  const physical = ep.kind === 'physical';
  const southern = ep.country === 'Australia' || ep.country === 'Brasil';
  const weekdays = physical ? WEEKDAY_PHYSICAL : WEEKDAY_DIGITAL;
  const seasons = southern ? SEASON_SOUTH : SEASON_NORTH;
  const perDow = Float64Array.from({ length: 7 }, (_, dow) => {
    const open = ep.openMinute[dow] ?? 0;
    const close = ep.closeMinute[dow] ?? 0;
    if (close <= open || (survey.surveyType === 'EMPLOYEE' && dow >= 5)) return 0;
    return ep.traffic * a.weight * (weekdays[dow] ?? 1);
  });
  const hours = Float64Array.from(
    { length: 7 },
    (_, dow) => ((ep.closeMinute[dow] ?? 0) - (ep.openMinute[dow] ?? 0)) / 720,
  );
  return (di) => {
    const dow = t.dows[di] ?? 0;
    const k = perDow[dow] ?? 0;
    if (on[di] !== 1 || k === 0 || (physical && t.holidays[di] === 1)) return 0;
    return k * (seasons[t.months[di] ?? 0] ?? 1) * (hours[dow] ?? 0) * (t.trends[di] ?? 1);
  };
}

// eslint-disable-next-line complexity -- the two ways of scaling the rates (by expectation; every draw first, as the worlds were first generated) side by side, so both visibly scale the same rates
export function pressRates(input: PressRateInput): PressRates {
  const { seed, structure, inWindow } = input;
  const { assignments } = structure;
  const t = dayTable(input);
  const { days, mainStart } = t;
  const rates = assignments.map((a) => assignmentRates(structure, t, a));
  const drawn = (a: Assignment, di: number, b: number): number => {
    const day = days[di] ?? 0;
    const noise = Math.exp(NOISE * keyedGauss(seed, 0x11, a.index, day));
    const bad = hashUnit(seed, 0xbad, a.epIndex, day) < BAD_DAY_RATE ? 0.85 : 1;
    return b * noise * bad;
  };
  const eras = Uint8Array.from(days, (day) => (day >= mainStart ? 1 : 0) | (inWindow(day) ? 2 : 0));
  const sums = [0, 0, 0]; // all, main era, windows

  if (input.byExpectation) {
    // The sums of the rates before noise, one loop per assignment (5,000 points × 5 years are 24M terms).
    for (const rate of rates)
      for (let di = 0; rate && di < days.length; di++) add(sums, eras[di] ?? 0, rate(di));
    const factor = NOISE_MEAN * BAD_MEAN;
    const scale = (sums[1] ?? 0) > 0 ? input.targetPresses / ((sums[1] ?? 0) * factor) : 0;
    return {
      days,
      mean: (a, di) => {
        const b = rates[a.index]?.(di) ?? 0;
        return b > 0 ? drawn(a, di, b) * scale : 0;
      },
      expected: (sums[0] ?? 0) * factor * scale,
      windowExpected: (sums[2] ?? 0) * factor * scale,
    };
  }
  // Every draw first (float32, as the worlds were first generated): the main era's sum scales to the target.
  const means = new Float32Array(assignments.length * days.length);
  for (let di = 0; di < days.length; di++) {
    for (const a of assignments) {
      const b = rates[a.index]?.(di) ?? 0;
      if (b <= 0) continue;
      const mean = drawn(a, di, b);
      means[a.index * days.length + di] = mean;
      add(sums, eras[di] ?? 0, mean);
    }
  }
  const scale = (sums[1] ?? 0) > 0 ? input.targetPresses / (sums[1] ?? 0) : 0;
  return {
    days,
    mean: (a, di) => (means[a.index * days.length + di] ?? 0) * scale,
    expected: (sums[0] ?? 0) * scale,
    windowExpected: (sums[2] ?? 0) * scale,
  };
}

/** Adds a rate to the sums of the whole history, the main era (era bit 1) and the windows (bit 2). */
function add(sums: number[], era: number, rate: number): void {
  if (rate <= 0) return;
  sums[0] = (sums[0] ?? 0) + rate;
  if (era & 1) sums[1] = (sums[1] ?? 0) + rate;
  if (era & 2) sums[2] = (sums[2] ?? 0) + rate;
}
