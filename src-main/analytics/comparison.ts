// The comparison period of a QuerySpec, the pairing of each bucket with its counterpart in that period, and the
// dense rows of a comparison (every bucket of the period).
import {
  addMonths,
  civilOf,
  dayNumberOf,
  formatIsoWeek,
  formatLocalDay,
  formatLocalHour,
  formatQuarter,
  isMonthStart,
  isoWeekOf,
  monthIndexOf,
  parseIsoWeek,
  parseLocalDate,
} from '#shared/calendar.ts';
import type { Comparison, GroupDimension, QuerySpec, TimeGrain } from '#shared/contract.ts';
import { timeGrains } from '#shared/contract.ts';
import { buttonCount, scaleGroupOf } from '#shared/metrics/scales.ts';
import { groupKey, pressedButtons, type Group, type KeyValue } from './queryFold.ts';

const buttons = Array.from({ length: 11 }, (_, i) => i);

/** How far back the comparison period lies: whole months, or days. */
type Shift = { months: number } | { days: number };

export interface ComparisonPlan {
  /** The comparison period, local day numbers, `to` exclusive. */
  from: number;
  to: number;
  /** The counterpart of a current time key (of the spec's time grain), or null when it has none. */
  counterpart: (key: KeyValue) => KeyValue | null;
}

function shiftOf(comparison: Comparison, from: number, to: number): Shift {
  if (comparison.kind === 'lastYear') return { months: 12 };
  if (comparison.kind === 'sameWeekdayLastYear') return { days: 364 };
  const n = comparison.kind === 'periodsAgo' ? comparison.periods : 1;
  if (isMonthStart(from) && isMonthStart(to)) return { months: n * (monthIndexOf(to) - monthIndexOf(from)) };
  return { days: n * (to - from) };
}

/** A day moved back by the shift: months keep the day of the month (null when that month is shorter). */
function exactDay(day: number, shift: Shift): number | null {
  if ('days' in shift) return day - shift.days;
  const moved = addMonths(day, -shift.months);
  return civilOf(moved).day === civilOf(day).day ? moved : null;
}

/** A bucket start moved back by the shift, clamped to the month's end (for weeks, months and longer). */
const clampedDay = (day: number, shift: Shift): number =>
  'days' in shift ? day - shift.days : addMonths(day, -shift.months);

export function timeGrainOf(groupBy: readonly GroupDimension[]): TimeGrain | null {
  return groupBy.find((d): d is TimeGrain => (timeGrains as readonly string[]).includes(d)) ?? null;
}

/** First day of the bucket a time key names. */
function bucketStart(grain: TimeGrain, key: KeyValue): number {
  const text = String(key);
  if (grain === 'hour') return parseLocalDate(text.slice(0, 10)) ?? 0;
  if (grain === 'day') return parseLocalDate(text) ?? 0;
  if (grain === 'week') return parseIsoWeek(text) ?? 0;
  if (grain === 'month') return parseLocalDate(`${text}-01`) ?? 0;
  if (grain === 'quarter')
    return dayNumberOf(Number(text.slice(0, 4)), (Number(text.slice(6)) - 1) * 3 + 1, 1);
  return dayNumberOf(Number(text), 1, 1);
}

function counterpartKey(
  grain: TimeGrain,
  key: KeyValue,
  comparison: Comparison,
  shift: Shift,
): KeyValue | null {
  const start = bucketStart(grain, key);
  const sameCalendar = comparison.kind === 'lastYear' || comparison.kind === 'sameWeekdayLastYear';
  switch (grain) {
    case 'hour': {
      const day = exactDay(start, shift);
      return day === null ? null : formatLocalHour(day * 24 + Number(String(key).slice(11, 13)));
    }
    case 'day': {
      const day = exactDay(start, shift);
      return day === null ? null : formatLocalDay(day);
    }
    case 'week': {
      if (comparison.kind !== 'lastYear') return formatIsoWeek(clampedDay(start, shift));
      const { year, week } = isoWeekOf(start);
      const text = `${year - 1}-W${String(week).padStart(2, '0')}`;
      return parseIsoWeek(text) === null ? null : text;
    }
    case 'month':
      return formatLocalDay(sameCalendar ? addMonths(start, -12) : clampedDay(start, shift)).slice(0, 7);
    case 'quarter':
      return formatQuarter(sameCalendar ? addMonths(start, -12) : clampedDay(start, shift));
    case 'year':
      return sameCalendar ? Number(key) - 1 : civilOf(clampedDay(start, shift)).year;
  }
}

/** The comparison period of `from`–`to` (local day numbers) and the pairing of the grain's buckets. */
export function planComparison(
  comparison: Comparison,
  from: number,
  to: number,
  grain: TimeGrain | null,
): ComparisonPlan {
  const shift = shiftOf(comparison, from, to);
  const back = (day: number): number => clampedDay(day, shift);
  return {
    from: back(from),
    to: back(to),
    counterpart: (key) => (grain === null ? key : counterpartKey(grain, key, comparison, shift)),
  };
}

/** Every time key of the grain in `from`–`to` (local day numbers), in order. */
export function bucketKeys(grain: TimeGrain, from: number, to: number): KeyValue[] {
  const keys: KeyValue[] = [];
  for (let day = from; day < to; day++) {
    if (grain === 'hour') for (let h = 0; h < 24; h++) keys.push(formatLocalHour(day * 24 + h));
    else {
      const key =
        grain === 'day'
          ? formatLocalDay(day)
          : grain === 'week'
            ? formatIsoWeek(day)
            : grain === 'month'
              ? formatLocalDay(day).slice(0, 7)
              : grain === 'quarter'
                ? formatQuarter(day)
                : civilOf(day).year;
      if (keys[keys.length - 1] !== key) keys.push(key);
    }
  }
  return keys;
}

/** Adds an empty group for every time key × combination of the other keys that has none. */
export function fillBuckets(
  groups: Map<string, Group>,
  grain: TimeGrain,
  keys: readonly KeyValue[],
  dims: readonly GroupDimension[],
): void {
  const others = dims.filter((d) => d !== grain);
  const combos = new Map<string, Record<string, KeyValue>>();
  for (const g of groups.values()) {
    const combo = Object.fromEntries(others.map((d) => [d, g.keys[d] ?? 0]));
    combos.set(groupKey(combo, others), combo);
  }
  if (others.length === 0) combos.set('', {});
  for (const key of keys)
    for (const combo of combos.values()) {
      const k = { ...combo, [grain]: key };
      const id = groupKey(k, dims);
      if (!groups.has(id)) groups.set(id, { keys: k, counts: new Array<number>(11).fill(0) });
    }
}

/** Every button of the filter's scale, else every button pressed in any group of either period. */
export function buttonsOfAll(
  spec: QuerySpec,
  current: Map<string, Group>,
  previous: Map<string, Group>,
): number[] {
  const scale = spec.filter.scale;
  if (scale) return buttons.slice(0, buttonCount[scaleGroupOf(scale)]);
  return pressedButtons(...[...current.values(), ...previous.values()].map((g) => g.counts));
}
