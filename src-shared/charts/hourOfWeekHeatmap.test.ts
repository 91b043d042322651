// The weekday × hour grid: both row shapes land in the same cells (weekdays worked out from a calendar by hand).
import { describe, expect, it } from 'vitest';
import { tabulateHourOfWeek } from './hourOfWeekHeatmap.ts';

describe('tabulateHourOfWeek', () => {
  it('puts 2026-10-01 (a Thursday) 09:00 and ISO weekday 4 hour 9 in the same cell', () => {
    const byHour = tabulateHourOfWeek([
      { hour: '2026-10-01T09', count: 3 },
      { hour: '2026-10-04T23', count: 2 }, // a Sunday
    ]);
    const byWeekday = tabulateHourOfWeek([
      { weekday: 4, hourOfDay: 9, count: 3 },
      { weekday: 7, hourOfDay: 23, count: 2 },
    ]);
    expect(byHour).toEqual(byWeekday);
    expect(byHour[3]?.[9]).toBe(3);
    expect(byHour[6]?.[23]).toBe(2);
    expect(byHour.flat().reduce((a, b) => a + b, 0)).toBe(5);
  });
});
