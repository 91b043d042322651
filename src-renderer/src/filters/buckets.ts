// Time buckets as the engine names them (day yyyy-MM-dd, ISO week yyyy-Www, yyyy-MM, yyyy-Qn, year): the bucket
// of a day, a bucket's dates, and the finer grain to drill into.
import type { Grain } from './filters.ts';
import { addDays, dayNumber, dayText, type DayRange } from './periods.ts';

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function weekdayOf(day: string): number {
  return (((((dayNumber(day) ?? 0) + 3) % 7) + 7) % 7) + 1;
}

function isoWeek(day: string): { year: number; week: number } {
  const n = dayNumber(day) ?? 0;
  const thursday = n - weekdayOf(day) + 4;
  const year = Number(dayText(thursday).slice(0, 4));
  const jan4 = dayNumber(`${year}-01-04`) ?? 0;
  const week1Monday = jan4 - weekdayOf(`${year}-01-04`) + 1;
  return { year, week: Math.floor((thursday - 3 - week1Monday) / 7) + 1 };
}

/** The label of the bucket holding `day` at `grain` (hour: the day's first hour). */
export function bucketOf(day: string, grain: Grain): string {
  const [y = '', m = ''] = day.split('-');
  switch (grain) {
    case 'hour':
      return `${day}T00`;
    case 'day':
      return day;
    case 'week': {
      const w = isoWeek(day);
      return `${w.year}-W${pad(w.week)}`;
    }
    case 'month':
      return `${y}-${m}`;
    case 'quarter':
      return `${y}-Q${Math.floor((Number(m) - 1) / 3) + 1}`;
    case 'year':
      return y;
  }
}

/** The dates of a bucket (inclusive), or null for a label this grain cannot read. */
export function bucketRange(label: string, grain: Grain): DayRange | null {
  if (grain === 'hour' || grain === 'day') {
    const day = label.slice(0, 10);
    return dayNumber(day) === null ? null : { first: day, last: day };
  }
  if (grain === 'week') {
    const m = /^(\d{4})-W(\d{2})$/.exec(label);
    if (!m) return null;
    const jan4 = `${m[1]}-01-04`;
    const monday = addDays(jan4, 1 - weekdayOf(jan4) + (Number(m[2]) - 1) * 7);
    return { first: monday, last: addDays(monday, 6) };
  }
  if (grain === 'month') {
    const m = /^(\d{4})-(\d{2})$/.exec(label);
    if (!m) return null;
    const first = `${m[1]}-${m[2]}-01`;
    return dayNumber(first) === null ? null : { first, last: addDays(monthAfter(first), -1) };
  }
  if (grain === 'quarter') {
    const m = /^(\d{4})-Q([1-4])$/.exec(label);
    if (!m) return null;
    const first = `${m[1]}-${pad((Number(m[2]) - 1) * 3 + 1)}-01`;
    return { first, last: addDays(monthAfter(monthAfter(monthAfter(first))), -1) };
  }
  const y = /^(\d{4})$/.exec(label)?.[1];
  return y ? { first: `${y}-01-01`, last: `${y}-12-31` } : null;
}

function monthAfter(first: string): string {
  const [y = 1970, m = 1] = first.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
}

/** The grain to show inside one bucket of `grain`. */
export function finerGrain(grain: Grain): Grain {
  const order: Grain[] = ['hour', 'day', 'week', 'month', 'quarter', 'year'];
  const finer: Record<Grain, Grain> = {
    hour: 'hour',
    day: 'hour',
    week: 'day',
    month: 'day',
    quarter: 'week',
    year: 'month',
  };
  return order.includes(grain) ? finer[grain] : 'day';
}

/** A grain that keeps a range readable (shared with the command line's report packs). */
export { readableGrain } from '#shared/periods.ts';
