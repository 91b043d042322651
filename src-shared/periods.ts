// Period presets as date ranges, computed from an anchor day (the data's last day or the injected clock's today).

/** Named periods the filter bar offers; `all` has no bounds. */
export const periodPresets = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'last90',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'lastQuarter',
  'thisYear',
  'lastYear',
  'all',
] as const;
export type PeriodPreset = (typeof periodPresets)[number];

/** Local dates `yyyy-MM-dd`, both ends inclusive (as a person reads a range). */
export interface DayRange {
  first: string;
  last: string;
}

const msPerDay = 86_400_000;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number (days since 1970-01-01) of a real `yyyy-MM-dd` date, else null. */
export function dayNumber(text: string): number | null {
  const m = datePattern.exec(text);
  if (!m) return null;
  const n = Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / msPerDay);
  return dayText(n) === text ? n : null;
}

export function dayText(n: number): string {
  return new Date(n * msPerDay).toISOString().slice(0, 10);
}

/** The day `days` after `text` (negative: before). */
export function addDays(text: string, days: number): string {
  return dayText((dayNumber(text) ?? 0) + days);
}

/** Number of days in an inclusive range. */
export function rangeLength(range: DayRange): number {
  return (dayNumber(range.last) ?? 0) - (dayNumber(range.first) ?? 0) + 1;
}

function civil(text: string): { y: number; m: number; d: number } {
  const [y = 1970, m = 1, d = 1] = text.split('-').map(Number);
  return { y, m, d };
}

function ymd(y: number, m: number, d: number): string {
  return dayText(Math.round(Date.UTC(y, m - 1, d) / msPerDay));
}

/** The range of a preset around `anchor` (a local date), or null for all time. Weeks start on Monday (ISO). */
export function presetRange(preset: PeriodPreset, anchor: string): DayRange | null {
  const { y, m } = civil(anchor);
  const weekday = (((dayNumber(anchor) ?? 0) + 3) % 7) + 1; // ISO, 1 = Monday; 1970-01-01 was a Thursday
  const monday = addDays(anchor, 1 - weekday);
  const q = Math.floor((m - 1) / 3) * 3 + 1; // first month of the quarter
  switch (preset) {
    case 'today':
      return { first: anchor, last: anchor };
    case 'yesterday':
      return { first: addDays(anchor, -1), last: addDays(anchor, -1) };
    case 'last7':
      return { first: addDays(anchor, -6), last: anchor };
    case 'last30':
      return { first: addDays(anchor, -29), last: anchor };
    case 'last90':
      return { first: addDays(anchor, -89), last: anchor };
    case 'thisWeek':
      return { first: monday, last: addDays(monday, 6) };
    case 'lastWeek':
      return { first: addDays(monday, -7), last: addDays(monday, -1) };
    case 'thisMonth':
      return { first: ymd(y, m, 1), last: ymd(y, m + 1, 0) };
    case 'lastMonth':
      return { first: ymd(y, m - 1, 1), last: ymd(y, m, 0) };
    case 'thisQuarter':
      return { first: ymd(y, q, 1), last: ymd(y, q + 3, 0) };
    case 'lastQuarter':
      return { first: ymd(y, q - 3, 1), last: ymd(y, q, 0) };
    case 'thisYear':
      return { first: ymd(y, 1, 1), last: ymd(y, 12, 31) };
    case 'lastYear':
      return { first: ymd(y - 1, 1, 1), last: ymd(y - 1, 12, 31) };
    case 'all':
      return null;
  }
}

/** The comparison range a person expects to see next to `range` (the engine computes the numbers itself). */
export function comparisonRange(range: DayRange, mode: 'previous' | 'lastYear'): DayRange {
  if (mode === 'previous') {
    // Whole months (first day to last day of a month) go back by as many months, as the engine pairs them.
    const a = civil(range.first);
    const b = civil(range.last);
    if (a.d === 1 && addDays(range.last, 1).endsWith('-01')) {
      const months = (b.y - a.y) * 12 + (b.m - a.m) + 1;
      return { first: ymd(a.y, a.m - months, 1), last: addDays(range.first, -1) };
    }
    const n = rangeLength(range);
    return { first: addDays(range.first, -n), last: addDays(range.first, -1) };
  }
  const back = (text: string): string => {
    const { y, m, d } = civil(text);
    return ymd(y - 1, m, Math.min(d, m === 2 ? 28 : d));
  };
  return { first: back(range.first), last: back(range.last) };
}

/** A grain that keeps a range readable: days up to two months, weeks up to a year and a half, else months. */
export function readableGrain(range: DayRange | null, dataDays: DayRange | null): 'day' | 'week' | 'month' {
  const r = range ?? dataDays;
  if (!r) return 'month';
  return rangeLength(r) <= 62 ? 'day' : rangeLength(r) <= 550 ? 'week' : 'month';
}
