// Comparison periods and bucket pairing, worked out by hand on a calendar.
import { describe, expect, it } from 'vitest';
import { dayNumberOf, formatLocalDay } from '#shared/calendar.ts';
import { planComparison } from './comparison.ts';

const d = (text: string): number =>
  dayNumberOf(Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8)));
const range = (p: { from: number; to: number }): string[] => [formatLocalDay(p.from), formatLocalDay(p.to)];

describe('planComparison', () => {
  it('takes whole months back for a range of whole months, else days', () => {
    expect(
      range(planComparison({ kind: 'previousPeriod' }, d('2024-03-01'), d('2024-04-01'), 'day')),
    ).toEqual(['2024-02-01', '2024-03-01']);
    expect(
      range(planComparison({ kind: 'periodsAgo', periods: 3 }, d('2024-01-01'), d('2024-04-01'), 'month')),
    ).toEqual(['2023-04-01', '2023-07-01']);
    expect(
      range(planComparison({ kind: 'previousPeriod' }, d('2024-03-10'), d('2024-03-17'), 'day')),
    ).toEqual(['2024-03-03', '2024-03-10']);
    // Last year from 29 February starts on 28 February; 52 weeks back keeps the weekday.
    expect(range(planComparison({ kind: 'lastYear' }, d('2024-02-29'), d('2024-03-02'), 'day'))).toEqual([
      '2023-02-28',
      '2023-03-02',
    ]);
    expect(
      range(planComparison({ kind: 'sameWeekdayLastYear' }, d('2024-03-04'), d('2024-03-11'), null)),
    ).toEqual(['2023-03-06', '2023-03-13']);
  });

  it('pairs buckets: days, 29 February with none, ISO week 53 with none, months, quarters, years, hours', () => {
    const lastYear = (grain: 'day' | 'week' | 'month' | 'quarter' | 'year' | 'hour') =>
      planComparison({ kind: 'lastYear' }, d('2024-01-01'), d('2025-01-01'), grain).counterpart;
    expect(lastYear('day')('2024-02-29')).toBeNull();
    expect(lastYear('day')('2024-03-01')).toBe('2023-03-01');
    expect(lastYear('week')('2021-W01')).toBe('2020-W01');
    expect(
      planComparison({ kind: 'lastYear' }, d('2021-01-01'), d('2021-02-01'), 'week').counterpart('2020-W53'),
    ).toBeNull();
    expect(lastYear('month')('2024-02')).toBe('2023-02');
    expect(lastYear('quarter')('2024-Q1')).toBe('2023-Q1');
    expect(lastYear('year')(2024)).toBe(2023);
    expect(lastYear('hour')('2024-03-31T02')).toBe('2023-03-31T02');
    const weekdays = planComparison(
      { kind: 'sameWeekdayLastYear' },
      d('2024-01-01'),
      d('2024-02-01'),
      'week',
    );
    expect(weekdays.counterpart('2024-W02')).toBe('2023-W02'); // 2024-01-08 − 364 days = 2023-01-09, a Monday
    const months = planComparison({ kind: 'previousPeriod' }, d('2024-03-01'), d('2024-04-01'), 'day');
    expect(months.counterpart('2024-03-31')).toBeNull(); // February has no 31st
    expect(months.counterpart('2024-03-29')).toBe('2024-02-29');
  });
});
