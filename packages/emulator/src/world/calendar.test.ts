// Calendar arithmetic checked against Date (an independent implementation) and hand-known weekdays.
import { describe, expect, it } from 'vitest';
import { civilFromDays, formatDay, parseIsoDate, weekdayOfDay } from './calendar.ts';

describe('calendar', () => {
  it('converts epoch days to dates like Date does, over several centuries', () => {
    for (let d = -200_000; d < 200_000; d += 997) {
      const date = new Date(d * 86_400_000);
      expect(civilFromDays(d)).toEqual({
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
      });
    }
  });

  it('numbers weekdays from Monday', () => {
    expect(weekdayOfDay(parseIsoDate('2026-11-23') ?? 0)).toBe(0); // a Monday
    expect(weekdayOfDay(parseIsoDate('2026-11-22') ?? 0)).toBe(6); // a Sunday
    expect(weekdayOfDay(0)).toBe(3); // 1970-01-01 was a Thursday
  });

  it('parses strict dates only', () => {
    expect(formatDay(parseIsoDate('2024-02-29') ?? 0)).toBe('2024-02-29');
    expect(parseIsoDate('2023-02-29')).toBeUndefined();
    expect(parseIsoDate('2023-1-05')).toBeUndefined();
    expect(parseIsoDate('2023-01-05T00:00')).toBeUndefined();
  });
});
