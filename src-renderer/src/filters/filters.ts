// The filters every view shares, and their form in the route query (a view is a link: defaults are left out).
import type { ScaleGroup } from '#shared/metrics/scales.ts';
import { scaleGroups } from '#shared/metrics/scales.ts';
import { dayNumber, periodPresets, presetRange, type DayRange, type PeriodPreset } from './periods.ts';

export type CompareMode = 'previous' | 'lastYear' | 'off';
export const compareModes = ['previous', 'lastYear', 'off'] as const satisfies readonly CompareMode[];

export type Grain = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';
export const grains = ['hour', 'day', 'week', 'month', 'quarter', 'year'] as const satisfies readonly Grain[];

export interface Filters {
  /** Selected experience points or groups, each standing for its whole subtree; empty: everything. */
  points: number[];
  period: PeriodPreset | 'custom';
  /** The custom range (inclusive), used when `period` is 'custom'. */
  custom: DayRange | null;
  compare: CompareMode;
  /** The answer scale; null: the one with the most presses. */
  scale: ScaleGroup | null;
  survey: number | null;
  misuse: boolean;
  grain: Grain;
}

export function defaultFilters(): Filters {
  return {
    points: [],
    period: 'last30',
    custom: null,
    compare: 'previous',
    scale: null,
    survey: null,
    misuse: false,
    grain: 'day',
  };
}

/** The query keys the filters own; other keys belong to the view (its measure, sort, …). */
export const filterKeys = ['points', 'period', 'from', 'to', 'compare', 'scale', 'survey', 'misuse', 'grain'];

type QueryValue = string | null | undefined | ReadonlyArray<string | null>;
export type RouteQuery = Readonly<Record<string, QueryValue>>;

function one(value: QueryValue): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v : undefined;
}

function oneOf<T extends string>(value: QueryValue, allowed: readonly T[]): T | undefined {
  const v = one(value);
  return (allowed as readonly string[]).find((a) => a === v) as T | undefined;
}

/** Filters from a route query; anything unreadable falls back to its default (a hand-edited link never breaks). */
export function filtersFromQuery(query: RouteQuery): Filters {
  const f = defaultFilters();
  const points = one(query.points);
  if (points)
    f.points = [
      ...new Set(
        points
          .split(',')
          .map(Number)
          .filter((n) => Number.isSafeInteger(n) && n > 0),
      ),
    ];
  const from = one(query.from);
  const to = one(query.to);
  const period = one(query.period);
  if (period === 'custom' && from && to && dayNumber(from) !== null && dayNumber(to) !== null) {
    f.period = 'custom';
    f.custom = from <= to ? { first: from, last: to } : { first: to, last: from };
  } else f.period = oneOf(query.period, periodPresets) ?? f.period;
  f.compare = oneOf(query.compare, compareModes) ?? f.compare;
  f.scale = oneOf(query.scale, scaleGroups) ?? null;
  const survey = Number(one(query.survey));
  f.survey = Number.isSafeInteger(survey) && survey > 0 ? survey : null;
  f.misuse = one(query.misuse) === '1';
  f.grain = oneOf(query.grain, grains) ?? f.grain;
  return f;
}

/** The route query of some filters: only what differs from the defaults, in a fixed order. */
export function filtersToQuery(f: Filters): Record<string, string> {
  const d = defaultFilters();
  const q: Record<string, string> = {};
  if (f.points.length) q.points = f.points.join(',');
  if (f.period === 'custom' && f.custom) {
    q.period = 'custom';
    q.from = f.custom.first;
    q.to = f.custom.last;
  } else if (f.period !== d.period && f.period !== 'custom') q.period = f.period;
  if (f.compare !== d.compare) q.compare = f.compare;
  if (f.scale) q.scale = f.scale;
  if (f.survey !== null) q.survey = String(f.survey);
  if (f.misuse) q.misuse = '1';
  if (f.grain !== d.grain) q.grain = f.grain;
  return q;
}

/** The dates the filters cover (inclusive), given the anchor day; null for all time. */
export function resolveRange(f: Filters, anchor: string): DayRange | null {
  if (f.period === 'custom') return f.custom;
  return presetRange(f.period, anchor);
}
