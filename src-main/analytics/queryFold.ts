// Turns grouped presses per button (one time bucket per read row) into QuerySpec rows: time grains, buttons, measures.
import { formatIsoWeek, formatLocalDay, formatLocalHour, formatQuarter } from '#shared/calendar.ts';
import type { GroupDimension, Measure, QueryRow, QuerySpec } from '#shared/contract.ts';
import {
  averageEstimate,
  changeZ,
  happyIndexEstimateOn,
  npsEstimate,
  shareEstimate,
  type Estimate,
} from '#shared/metrics/intervals.ts';
import { averageAnswer, happyIndexOn, netPromoterScore, shareOf } from '#shared/metrics/measures.ts';

/** One row read from a rollup: its hour key or day number (null when no time was asked), point group, survey. */
import type { ReadRow } from '../store/reads/rollupRead.ts';

export type { ReadRow };

export type KeyValue = string | number;

/** A group's keys (every dimension but the button) and its presses per button. */
export interface Group {
  keys: Record<string, KeyValue>;
  counts: number[];
}

/** The key of one grouping dimension of a read row (not the button). */
export function keyOf(dim: GroupDimension, row: ReadRow, hourly: boolean): KeyValue {
  const t = row.t ?? 0;
  const day = hourly ? Math.floor(t / 24) : t;
  switch (dim) {
    case 'hour':
      return formatLocalHour(t);
    case 'day':
      return formatLocalDay(day);
    case 'week':
      return formatIsoWeek(day);
    case 'month':
      return formatLocalDay(day).slice(0, 7);
    case 'quarter':
      return formatQuarter(day);
    case 'year':
      return Number(formatLocalDay(day).slice(0, 4));
    case 'hourOfDay':
      return row.hourOfDay ?? 0;
    case 'weekday':
      return row.weekday ?? 0;
    case 'experiencePointId':
      return row.point ?? 0;
    case 'surveyId':
      return row.survey ?? 0;
    case 'buttonIndex':
      return 0;
  }
}

/** A group's identity: its key values in the order asked. */
export const groupKey = (keys: Record<string, KeyValue | undefined>, dims: readonly string[]): string =>
  dims.map((d) => keys[d]).join('|');

/** Adds the read rows up per group (every asked dimension except the button), in first-seen order. */
export function foldGroups(
  rows: readonly ReadRow[],
  groupBy: readonly GroupDimension[],
  hourly: boolean,
): Map<string, Group> {
  const dims = groupBy.filter((d) => d !== 'buttonIndex');
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const keys: Record<string, KeyValue> = {};
    for (const d of dims) keys[d] = keyOf(d, row, hourly);
    const id = groupKey(keys, dims);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { keys, counts: new Array<number>(11).fill(0) }));
    for (let i = 0; i < 11; i++) group.counts[i] = (group.counts[i] ?? 0) + (row.counts[i] ?? 0);
  }
  return groups;
}

export type MeasureValues = Partial<Record<Measure, number | null>>;

const total = (counts: readonly number[]): number => counts.reduce((a, b) => a + b, 0);

/** The asked measures of a group, or of one button of it. */
export function measureValues(
  spec: QuerySpec,
  counts: readonly number[],
  button: number | null,
): MeasureValues {
  const presses = total(counts);
  const count = button === null ? presses : (counts[button] ?? 0);
  const scale = spec.filter.scale;
  const values: MeasureValues = {};
  for (const m of spec.measures) {
    if (m === 'count') values.count = count;
    else if (m === 'presses') values.presses = presses;
    else if (m === 'share') values.share = shareOf(count, presses);
    else if (m === 'happyIndex') values.happyIndex = scale ? happyIndexOn(counts, scale) : null;
    else if (m === 'nps') values.nps = netPromoterScore(counts);
    else values.average = scale ? averageAnswer(counts, scale) : null;
  }
  return values;
}

/** The scores that carry an interval. */
export type ScoredMeasure = 'share' | 'happyIndex' | 'nps' | 'average';
export type MeasureEstimates = Partial<Record<ScoredMeasure, Estimate | null>>;

/** The asked scores of a group (or one button of it) with their standard errors and 95% intervals. */
export function measureEstimates(
  spec: QuerySpec,
  counts: readonly number[],
  button: number | null,
): MeasureEstimates {
  const scale = spec.filter.scale;
  const out: MeasureEstimates = {};
  for (const m of spec.measures) {
    if (m === 'share')
      out.share = shareEstimate(button === null ? total(counts) : (counts[button] ?? 0), total(counts));
    else if (m === 'happyIndex') out.happyIndex = scale ? happyIndexEstimateOn(counts, scale) : null;
    else if (m === 'nps') out.nps = npsEstimate(counts);
    else if (m === 'average') out.average = scale ? averageEstimate(counts, scale) : null;
  }
  return out;
}

/**
 * Writes `<measure>Low`/`High` of each estimate into `row`; with `previous`, also `previous<Measure>Low`/`High`
 * and `z<Measure>`, the change's two-sample z.
 */
export function writeIntervals(row: QueryRow, current: MeasureEstimates, previous?: MeasureEstimates): void {
  const target: Record<string, number | null> = row as Record<string, number | null>;
  for (const [m, e] of Object.entries(current) as [ScoredMeasure, Estimate | null][]) {
    target[`${m}Low`] = e?.low ?? null;
    target[`${m}High`] = e?.high ?? null;
    if (!previous) continue;
    const before = previous[m] ?? null;
    target[`previous${capitalised(m)}Low`] = before?.low ?? null;
    target[`previous${capitalised(m)}High`] = before?.high ?? null;
    target[`z${capitalised(m)}`] = changeZ(e, before);
  }
}

/** The buttons a group has rows for: those pressed (in the period or, with a comparison, its counterpart). */
export function pressedButtons(...counts: (readonly number[] | undefined)[]): number[] {
  const buttons: number[] = [];
  for (let i = 0; i < 11; i++) if (counts.some((c) => (c?.[i] ?? 0) > 0)) buttons.push(i);
  return buttons;
}

const capitalised = (m: Measure): string => m[0]?.toUpperCase() + m.slice(1);

/** Writes `previous…` and `delta…` keys of each measure into `row`. */
export function writeComparison(row: QueryRow, current: MeasureValues, previous: MeasureValues): void {
  const target: Record<string, number | null> = row as Record<string, number | null>;
  for (const [m, value] of Object.entries(current) as [Measure, number | null][]) {
    const before = previous[m] ?? null;
    target[`previous${capitalised(m)}`] = before;
    target[`delta${capitalised(m)}`] = value === null || before === null ? null : value - before;
  }
}

/** Orders rows by the grouping keys, in the order asked. */
export function sortRows(rows: QueryRow[], groupBy: readonly GroupDimension[]): QueryRow[] {
  const keyed = rows as Record<string, unknown>[];
  keyed.sort((a, b) => {
    for (const d of groupBy) {
      const x = a[d];
      const y = b[d];
      if (x === y) continue;
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      return String(x) < String(y) ? -1 : 1;
    }
    return 0;
  });
  return rows;
}
