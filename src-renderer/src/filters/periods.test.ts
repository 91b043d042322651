// Period presets around fixed anchor days; every expected range worked out on a calendar by hand.
import { describe, expect, it } from 'vitest';
import { comparisonRange, dayNumber, presetRange, rangeLength } from './periods.ts';

describe('presetRange', () => {
  // 2026-11-18 is a Wednesday in Q4.
  const anchor = '2026-11-18';
  it.each([
    ['today', '2026-11-18', '2026-11-18'],
    ['yesterday', '2026-11-17', '2026-11-17'],
    ['last7', '2026-11-12', '2026-11-18'],
    ['last30', '2026-10-20', '2026-11-18'],
    ['last90', '2026-08-21', '2026-11-18'],
    ['thisWeek', '2026-11-16', '2026-11-22'],
    ['lastWeek', '2026-11-09', '2026-11-15'],
    ['thisMonth', '2026-11-01', '2026-11-30'],
    ['lastMonth', '2026-10-01', '2026-10-31'],
    ['thisQuarter', '2026-10-01', '2026-12-31'],
    ['lastQuarter', '2026-07-01', '2026-09-30'],
    ['thisYear', '2026-01-01', '2026-12-31'],
    ['lastYear', '2025-01-01', '2025-12-31'],
  ] as const)('%s', (preset, first, last) => {
    expect(presetRange(preset, anchor)).toEqual({ first, last });
  });

  it('all time has no bounds', () => {
    expect(presetRange('all', anchor)).toBeNull();
  });

  it('crosses year and leap-day boundaries', () => {
    expect(presetRange('lastMonth', '2024-03-10')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(presetRange('lastQuarter', '2026-02-03')).toEqual({ first: '2025-10-01', last: '2025-12-31' });
    expect(presetRange('thisWeek', '2027-01-01')).toEqual({ first: '2026-12-28', last: '2027-01-03' }); // a Friday
    expect(presetRange('thisWeek', '2026-11-22')).toEqual({ first: '2026-11-16', last: '2026-11-22' }); // a Sunday
  });
});

describe('comparisonRange', () => {
  it('previous period: as many days, just before', () => {
    const range = { first: '2026-11-12', last: '2026-11-18' };
    expect(comparisonRange(range, 'previous')).toEqual({ first: '2026-11-05', last: '2026-11-11' });
    expect(rangeLength(range)).toBe(7);
  });
  it('previous period of whole months: as many months, just before', () => {
    expect(comparisonRange({ first: '2025-01-01', last: '2025-12-31' }, 'previous')).toEqual({
      first: '2024-01-01',
      last: '2024-12-31',
    });
    expect(comparisonRange({ first: '2026-03-01', last: '2026-03-31' }, 'previous')).toEqual({
      first: '2026-02-01',
      last: '2026-02-28',
    });
  });
  it('same period last year', () => {
    expect(comparisonRange({ first: '2024-02-01', last: '2024-02-29' }, 'lastYear')).toEqual({
      first: '2023-02-01',
      last: '2023-02-28',
    });
  });
  it('rejects impossible dates', () => {
    expect(dayNumber('2023-02-29')).toBeNull();
    expect(dayNumber('1970-01-02')).toBe(1);
  });
});
