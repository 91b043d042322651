// Local calendar fields come from each timestamp's own offset; expected values worked out by hand below.
import { describe, expect, it } from 'vitest';
import {
  formatLocalHour,
  localCalendar,
  localHourKey,
  parseLocalDate,
  parseLocalTimestamp,
  utcMs,
} from './localTime.ts';

function read(text: string): { utc: string; day: string; hour: number; weekday: number } {
  const t = parseLocalTimestamp(text);
  if (!t) throw new Error(`unparsed ${text}`);
  return { utc: new Date(utcMs(t)).toISOString(), ...localCalendar(t.localMs) };
}

describe('parseLocalTimestamp across daylight-saving changes', () => {
  it('Berlin, spring forward on Sunday 2024-03-31: 01:59 CET is followed by 03:00 CEST, no local hour 2', () => {
    // 01:59:59+01:00 is 00:59:59Z; 03:00+02:00 is 01:00Z — one second apart in real time, an hour apart on the wall.
    expect(read('2024-03-31T01:59:59.000+01:00')).toEqual({
      utc: '2024-03-31T00:59:59.000Z',
      day: '2024-03-31',
      hour: 1,
      weekday: 7,
    });
    expect(read('2024-03-31T03:00:00.000+02:00')).toEqual({
      utc: '2024-03-31T01:00:00.000Z',
      day: '2024-03-31',
      hour: 3,
      weekday: 7,
    });
  });

  it('Berlin, fall back on Sunday 2024-10-27: 02:30 happens twice, both in local hour 2, an hour apart in UTC', () => {
    expect(read('2024-10-27T02:30:00.000+02:00')).toEqual({
      utc: '2024-10-27T00:30:00.000Z',
      day: '2024-10-27',
      hour: 2,
      weekday: 7,
    });
    expect(read('2024-10-27T02:30:00.000+01:00')).toEqual({
      utc: '2024-10-27T01:30:00.000Z',
      day: '2024-10-27',
      hour: 2,
      weekday: 7,
    });
  });

  it('New York, late evening: the local day is the day written, not the UTC day', () => {
    // Saturday 2024-03-09 23:30 EST (-05:00) is already Sunday 04:30 in UTC.
    expect(read('2024-03-09T23:30:00.000-05:00')).toEqual({
      utc: '2024-03-10T04:30:00.000Z',
      day: '2024-03-09',
      hour: 23,
      weekday: 6,
    });
    // After the change to EDT (-04:00) on 2024-03-10: 03:30 local is 07:30Z.
    expect(read('2024-03-10T03:30:00.000-04:00')).toEqual({
      utc: '2024-03-10T07:30:00.000Z',
      day: '2024-03-10',
      hour: 3,
      weekday: 7,
    });
  });

  it('accepts Z, ±HHmm and half-hour offsets; keeps milliseconds', () => {
    expect(read('2024-01-01T00:00:00.123Z').utc).toBe('2024-01-01T00:00:00.123Z');
    expect(read('2024-06-15T12:00:00.000+0530')).toMatchObject({
      utc: '2024-06-15T06:30:00.000Z',
      hour: 12,
      weekday: 6,
    });
  });

  it('knows leap years and optional seconds', () => {
    expect(read('2024-02-29T10:00+01:00').utc).toBe('2024-02-29T09:00:00.000Z');
    expect(read('2024-02-29T10:00:05.5Z').utc).toBe('2024-02-29T10:00:05.500Z');
    expect(parseLocalTimestamp('2100-02-29T10:00:00Z')).toBeNull();
    expect(parseLocalTimestamp('2000-02-29T10:00:00Z')).not.toBeNull();
  });

  it('refuses impossible or malformed timestamps', () => {
    for (const bad of [
      '2023-02-29T10:00:00.000+01:00',
      '2024-13-01T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01 10:00:00Z',
      '2024-01-01T10:00:00',
      '',
      '1969-12-31T23:00:00Z',
    ])
      expect(parseLocalTimestamp(bad), bad).toBeNull();
  });
});

describe('local hour keys and dates', () => {
  it('round-trip the wall-clock hour', () => {
    const t = parseLocalTimestamp('2024-10-27T02:30:00.000+01:00');
    expect(formatLocalHour(localHourKey(t?.localMs ?? 0))).toBe('2024-10-27T02');
  });
  it('parse only real dates', () => {
    expect(parseLocalDate('1970-01-02')).toBe(1);
    expect(parseLocalDate('2024-02-30')).toBeNull();
    expect(parseLocalDate('2024-2-3')).toBeNull();
  });
});
