// Local day numbers (days since 1970-01-01 on the wall clock) → the period labels of a trend grain.
import type { TrendGrain } from '#shared/contract.ts';
import { formatLocalDay } from '../core/localTime.ts';

/** ISO 8601 week of a day number: the week starts on Monday and belongs to the year of its Thursday. */
export function isoWeek(day: number): string {
  const weekday = ((((day + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday (4)
  const thursday = day - weekday + 4;
  const year = new Date(thursday * 86_400_000).getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1) / 86_400_000;
  const week = Math.floor((thursday - jan1) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The label of the period of `grain` holding `day`. */
export function periodOf(day: number, grain: TrendGrain): string {
  const date = formatLocalDay(day);
  switch (grain) {
    case 'day':
      return date;
    case 'week':
      return isoWeek(day);
    case 'month':
      return date.slice(0, 7);
    case 'quarter':
      return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
    case 'year':
      return date.slice(0, 4);
  }
}

/** Every period label of `grain` touched by days [fromDay, toDay), in order. */
export function periodsBetween(fromDay: number, toDay: number, grain: TrendGrain): string[] {
  const out: string[] = [];
  for (let d = fromDay; d < toDay; d++) {
    const p = periodOf(d, grain);
    if (out[out.length - 1] !== p) out.push(p);
  }
  return out;
}
