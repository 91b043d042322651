// Period words and date windows, with expected ranges worked out on a calendar.
import { describe, expect, it } from 'vitest';
import { formatDay, parseIsoDate } from '../world/calendar.ts';
import { Params } from './params.ts';
import { HttpError } from './reply.ts';
import { localRanges, parseDateSpec } from './timeWindow.ts';

const day = (s: string): number => parseIsoDate(s) ?? NaN;
const ranges = (query: string, today: string): string[][] =>
  localRanges(parseDateSpec(new Params(new URLSearchParams(query))), day(today)).map((r) => r.map(formatDay));

describe('v2 time windows', () => {
  it('resolves relative periods around a Sunday (weeks start on Monday)', () => {
    // 2026-11-22 is a Sunday: this week is Mon 16th .. Sun 22nd.
    expect(ranges('period=today', '2026-11-22')).toEqual([['2026-11-22', '2026-11-23']]);
    expect(ranges('period=yesterday', '2026-11-22')).toEqual([['2026-11-21', '2026-11-22']]);
    expect(ranges('period=this-week', '2026-11-22')).toEqual([['2026-11-16', '2026-11-23']]);
    expect(ranges('period=last-week', '2026-11-22')).toEqual([['2026-11-09', '2026-11-16']]);
    expect(ranges('period=this-month', '2026-11-22')).toEqual([['2026-11-01', '2026-12-01']]);
    expect(ranges('period=last-month', '2026-01-05')).toEqual([['2025-12-01', '2026-01-01']]);
    expect(ranges('period=this-year', '2026-11-22')).toEqual([['2026-01-01', '2027-01-01']]);
    expect(ranges('period=last-year', '2026-11-22')).toEqual([['2025-01-01', '2026-01-01']]);
  });

  it('reads years, months and quarters, and merges a list into a union', () => {
    expect(ranges('period=2023-q3', '2026-11-22')).toEqual([['2023-07-01', '2023-10-01']]);
    expect(ranges('period=2024-02', '2026-11-22')).toEqual([['2024-02-01', '2024-03-01']]);
    expect(ranges('period=2024', '2026-11-22')).toEqual([['2024-01-01', '2025-01-01']]);
    expect(ranges('period=2024-03,2024-01,2024-02', '2026-11-22')).toEqual([['2024-01-01', '2024-04-01']]);
    expect(ranges('period=2024-01,2024-03', '2026-11-22')).toEqual([
      ['2024-01-01', '2024-02-01'],
      ['2024-03-01', '2024-04-01'],
    ]);
  });

  it('defaults to today .. tomorrow, lets dates win over periods, and enforces 366 days', () => {
    expect(ranges('', '2026-11-22')).toEqual([['2026-11-22', '2026-11-23']]);
    expect(ranges('startDate=2026-11-01', '2026-11-22')).toEqual([['2026-11-01', '2026-11-23']]);
    expect(ranges('period=2020&startDate=2026-01-01&endDate=2026-02-01', '2026-11-22')).toEqual([
      ['2026-01-01', '2026-02-01'],
    ]);
    expect(ranges('startDate=2024-01-01&endDate=2025-01-01', '2026-11-22')).toEqual([
      ['2024-01-01', '2025-01-01'],
    ]); // 366 days
    expect(() => ranges('startDate=2024-01-01&endDate=2025-01-02', '2026-11-22')).toThrow(HttpError);
    expect(() => ranges('startDate=2024-01-02&endDate=2024-01-02', '2026-11-22')).toThrow(HttpError);
    expect(() => ranges('period=2024-13', '2026-11-22')).toThrow(HttpError);
    expect(() => ranges('period=today,', '2026-11-22')).toThrow(HttpError);
  });
});
