// v1 timestamp input forms and output across DST, and the results window rules; expected values worked out by hand
// on a calendar (Europe/Berlin: CEST ends 2026-10-25 03:00 → 02:00, Asia/Kolkata is +05:30 all year).
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/reply.ts';
import { ZoneClock } from '../world/timeZones.ts';
import { parseTruncate, resultWindow } from './results.ts';
import { ZoneFormatter, addLocalMonths, parseLocalTimestamp, parseTimestamp } from './timestamps.ts';

const berlin = new ZoneClock(
  'Europe/Berlin',
  Date.parse('2024-01-01T00:00:00Z'),
  Date.parse('2027-12-31T00:00:00Z'),
);
const kolkata = new ZoneClock(
  'Asia/Kolkata',
  Date.parse('2024-01-01T00:00:00Z'),
  Date.parse('2027-12-31T00:00:00Z'),
);
const iso = (ms: number): string => new Date(ms).toISOString();
const at = (text: string): number => Date.parse(text);

describe('v1 timestamp input', () => {
  it('accepts Z, ±HHmm and ±HH:MM, with or without milliseconds', () => {
    const t = at('2026-03-01T10:00:00.000Z');
    expect(parseTimestamp('2026-03-01T10:00:00.000Z')).toBe(t);
    expect(parseTimestamp('2026-03-01T11:00:00.000+0100')).toBe(t);
    expect(parseTimestamp('2026-03-01T11:00:00.000+01:00')).toBe(t);
    expect(parseTimestamp('2026-03-01T04:30:00.000-05:30')).toBe(t);
    expect(parseTimestamp('2026-03-01T10:00:00Z')).toBe(t);
    expect(parseTimestamp('2026-03-01T10:00:00.5Z')).toBe(t + 500);
  });

  it('refuses malformed text, impossible dates and times, and a missing zone', () => {
    for (const bad of [
      '2026-03-01',
      '2026-03-01T10:00:00.000',
      '2026-02-29T10:00:00.000Z',
      '2026-13-01T10:00:00.000Z',
      '2026-03-01T24:00:00.000Z',
      '2026-03-01T10:60:00.000Z',
      '2026-03-01T10:00:00.000+1',
      '2026-03-01T10:00:00.000+19:00',
      '2026-03-01T10:00:00.000 01:00',
      '2026-03-01 10:00:00.000Z',
    ])
      expect(parseTimestamp(bad), bad).toBeUndefined();
  });

  it('reads a local timestamp only without a zone', () => {
    expect(parseLocalTimestamp('2026-03-01T10:00:00.000')).toBe(at('2026-03-01T10:00:00.000Z'));
    expect(parseLocalTimestamp('2026-03-01T10:00:00.000Z')).toBeUndefined();
    expect(parseLocalTimestamp('2026-03-01')).toBeUndefined();
  });
});

describe('v1 timestamp output', () => {
  it('writes local time with the offset in force, across the October change and at +05:30', () => {
    const f = new ZoneFormatter(berlin);
    expect(f.format(at('2026-10-25T00:59:59.999Z'))).toBe('2026-10-25T02:59:59.999+02:00');
    expect(f.format(at('2026-10-25T01:00:00.000Z'))).toBe('2026-10-25T02:00:00.000+01:00');
    expect(f.format(at('2026-10-24T22:00:00.000Z'))).toBe('2026-10-25T00:00:00.000+02:00');
    expect(new ZoneFormatter(kolkata).format(at('2026-01-01T18:30:00.000Z'))).toBe(
      '2026-01-02T00:00:00.000+05:30',
    );
  });

  it('steps whole local months keeping the wall time and clamping the day', () => {
    expect(iso(addLocalMonths(berlin, at('2026-01-31T09:00:00+01:00'), 1))).toBe(
      iso(at('2026-02-28T09:00:00+01:00')),
    );
    expect(iso(addLocalMonths(berlin, at('2026-11-21T15:00:00+01:00'), -2))).toBe(
      iso(at('2026-09-21T15:00:00+02:00')),
    );
    expect(iso(addLocalMonths(berlin, at('2025-12-01T00:00:00+01:00'), 12))).toBe(
      iso(at('2026-12-01T00:00:00+01:00')),
    );
  });
});

describe('v1 results window', () => {
  const now = at('2026-11-21T14:00:00Z');
  const win = (t: ReturnType<typeof parseTruncate>, s?: string, e?: string): string[] => {
    const w = resultWindow(
      berlin,
      t,
      s === undefined ? undefined : at(s),
      e === undefined ? undefined : at(e),
      now,
    );
    return [w.from === -Infinity ? '-inf' : iso(w.from), iso(w.to)];
  };

  it('reads truncate case-insensitively, day by default, and refuses unknown values', () => {
    expect(parseTruncate(undefined)).toBe('day');
    expect(parseTruncate('WeEk')).toBe('week');
    expect(() => parseTruncate('quarter')).toThrow(HttpError);
  });

  it('starts day and coarser at the local midnight after date_start (the defect); hour at date_start', () => {
    expect(win('hour', '2026-11-10T15:00:00+01:00', '2026-11-11T00:00:00+01:00')).toEqual([
      '2026-11-10T14:00:00.000Z',
      '2026-11-10T23:00:00.000Z',
    ]);
    for (const t of ['day', 'week', 'month', 'year'] as const)
      expect(win(t, '2026-11-10T00:00:00+01:00', '2026-11-20T00:00:00+01:00')[0]).toBe(
        '2026-11-10T23:00:00.000Z',
      );
  });

  it('defaults: hour 24 hours, day 14 days, week 2 months, month from 1 January, year all; end = now', () => {
    expect(win('hour')).toEqual(['2026-11-20T14:00:00.000Z', iso(now)]);
    expect(win('day')).toEqual(['2026-11-07T14:00:00.000Z', iso(now)]);
    expect(win('week')).toEqual(['2026-09-21T13:00:00.000Z', iso(now)]); // 15:00 CEST
    expect(win('month')).toEqual(['2025-12-31T23:00:00.000Z', iso(now)]);
    expect(win('year')).toEqual(['-inf', iso(now)]);
    expect(win('day', undefined, '2026-06-15T00:00:00+02:00')).toEqual([
      '2026-05-31T22:00:00.000Z',
      '2026-06-14T22:00:00.000Z',
    ]);
  });

  it('refuses a reversed range and ranges over 7 days (hour) or 12 months (day, week, month)', () => {
    expect(() => win('day', '2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z')).toThrow(HttpError);
    expect(win('hour', '2026-06-01T00:00:00Z', '2026-06-08T00:00:00Z')).toHaveLength(2);
    expect(() => win('hour', '2026-06-01T00:00:00Z', '2026-06-08T00:00:00.001Z')).toThrow(HttpError);
    // Counted from 2025-12-01 00:00: twelve months end 2026-12-01 00:00.
    expect(win('month', '2025-11-30T12:00:00+01:00', '2026-12-01T00:00:00+01:00')).toHaveLength(2);
    expect(() => win('month', '2025-11-30T12:00:00+01:00', '2026-12-01T00:00:00.001+01:00')).toThrow(
      HttpError,
    );
    expect(win('year', '2000-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toHaveLength(2);
  });
});
