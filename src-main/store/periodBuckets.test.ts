// Period buckets: a cover of a day range, expanded back to days (a week bucket to its seven days from its Monday, a
// month bucket to every day up to the next month's first, written out with Date), counts each day of the range
// exactly once and no other day — with and without taking parts away, with each set of levels, across 2020-W53,
// 29 February and DST days. And the month × hour-of-week bucket against Date's own weekday and month.
import { describe, expect, it } from 'vitest';
import {
  coverDays,
  monthBase,
  monthHourOf,
  weekBase,
  type BucketRange,
  type PeriodLevel,
} from './periodBuckets.ts';

const dayOf = (date: string): number => Date.parse(date) / 86_400_000;

/** Each day's multiplicity in a cover (sum of the signs of the buckets holding it). */
function expand(cover: BucketRange[]): Map<number, number> {
  const out = new Map<number, number>();
  const add = (day: number, sign: number): void => void out.set(day, (out.get(day) ?? 0) + sign);
  for (const r of cover) {
    if (r.level === 0) for (let d = r.lo; d < r.hi; d++) add(d, r.sign);
    else if (r.level === 1)
      for (let monday = r.lo - weekBase; monday < r.hi - weekBase; monday += 7) {
        expect(new Date(monday * 86_400_000).getUTCDay()).toBe(1); // week buckets start on Mondays
        for (let d = monday; d < monday + 7; d++) add(d, r.sign);
      }
    else
      for (let first = r.lo - monthBase; first < r.hi - monthBase;) {
        const date = new Date(first * 86_400_000);
        expect(date.getUTCDate()).toBe(1); // month buckets start on the first
        const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 86_400_000;
        for (let d = first; d < next; d++) add(d, r.sign);
        first = next;
      }
  }
  return out;
}

describe('coverDays', () => {
  const starts = [
    '2020-12-20',
    '2020-12-28',
    '2021-01-01',
    '2024-02-26',
    '2024-02-29',
    '2024-03-31',
    '2024-10-27',
  ];
  const lengths = [1, 2, 5, 6, 7, 8, 13, 29, 30, 31, 45, 90, 120, 400];
  const levelSets: PeriodLevel[][] = [[0], [0, 1], [0, 2], [0, 1, 2]];

  it('counts every day of the range once and nothing else', () => {
    for (const start of starts)
      for (const length of lengths)
        for (const levels of levelSets)
          for (const subtract of [false, true]) {
            const from = dayOf(start);
            const days = expand(coverDays(from, from + length, levels, subtract));
            for (const [day, n] of days)
              expect(n, `${start} +${length} ${levels} ${subtract} day ${day}`).toBe(
                day >= from && day < from + length ? 1 : 0,
              );
            for (let d = from; d < from + length; d++) expect(days.get(d)).toBe(1);
          }
  });

  it('reads 90 days in few buckets, fewer when parts are taken away', () => {
    const from = dayOf('2026-08-23');
    const plain = coverDays(from, from + 90);
    const subtracted = coverDays(from, from + 90, [0, 1, 2], true);
    const buckets = (c: BucketRange[]): number =>
      c.reduce((n, r) => n + (r.level === 0 ? r.hi - r.lo : r.level === 1 ? (r.hi - r.lo) / 7 : 2), 0);
    expect(buckets(plain)).toBeLessThan(20);
    expect(buckets(subtracted)).toBeLessThanOrEqual(buckets(plain));
  });
});

describe('monthHourOf', () => {
  it('is the month’s first day × 168 + (weekday − 1) × 24 + hour, by Date', () => {
    for (const text of [
      '2020-12-31T23',
      '2021-01-03T00',
      '2024-02-29T12',
      '2024-03-31T02',
      '2024-10-27T02',
    ]) {
      const ms = Date.parse(`${text}:00:00Z`);
      const d = new Date(ms);
      const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 86_400_000;
      expect(monthHourOf(ms / 3_600_000)).toBe(
        first * 168 + ((d.getUTCDay() + 6) % 7) * 24 + d.getUTCHours(),
      );
    }
  });
});
