// DST and formatting checks against instants and offsets worked out by hand from the zones' published rules.
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './calendar.ts';
import { ZoneClock } from './timeZones.ts';

const at = (iso: string): number => Date.parse(iso);
const span = (zone: string): ZoneClock =>
  new ZoneClock(zone, at('2025-06-01T00:00:00Z'), at('2027-06-01T00:00:00Z'));

describe('ZoneClock', () => {
  it('switches Europe/Berlin to summer time at 01:00 UTC on the last Sunday of March', () => {
    // EU rule: clocks go 02:00 CET → 03:00 CEST on 2026-03-29, i.e. at 01:00 UTC.
    const berlin = span('Europe/Berlin');
    expect(berlin.offsetAt(at('2026-03-29T00:59:59.999Z'))).toBe(60);
    expect(berlin.offsetAt(at('2026-03-29T01:00:00Z'))).toBe(120);
    // Back on the last Sunday of October (2026-10-25), 03:00 CEST → 02:00 CET, also at 01:00 UTC.
    expect(berlin.offsetAt(at('2026-10-25T00:59:59Z'))).toBe(120);
    expect(berlin.offsetAt(at('2026-10-25T01:00:00Z'))).toBe(60);
    expect(berlin.transitions().map((t) => new Date(t.at).toISOString())).toContain(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('knows the southern-hemisphere rule of Australia/Sydney', () => {
    // DST ends on the first Sunday of April (2026-04-05 03:00 AEDT → 02:00 AEST = 2026-04-04T16:00Z)
    // and starts on the first Sunday of October (2026-10-04 02:00 AEST → 03:00 AEDT = 2026-10-03T16:00Z).
    const sydney = span('Australia/Sydney');
    expect(sydney.offsetAt(at('2026-04-04T15:59:00Z'))).toBe(660);
    expect(sydney.offsetAt(at('2026-04-04T16:00:00Z'))).toBe(600);
    expect(sydney.offsetAt(at('2026-10-03T15:59:00Z'))).toBe(600);
    expect(sydney.offsetAt(at('2026-10-03T16:00:00Z'))).toBe(660);
  });

  it('maps local wall-clock times to instants, including the skipped hour', () => {
    const berlin = span('Europe/Berlin');
    const local = (iso: string): number => Date.parse(`${iso}Z`); // wall clock as ms since the local epoch
    expect(
      new Date(berlin.localMidnight(Math.floor(local('2026-03-29T00:00:00') / 86_400_000))).toISOString(),
    ).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(berlin.localToUtc(local('2026-07-01T12:00:00'))).toISOString()).toBe(
      '2026-07-01T10:00:00.000Z',
    );
    // 02:30 does not exist on 2026-03-29; it moves forward by the gap to 03:30 CEST = 01:30Z.
    expect(new Date(berlin.localToUtc(local('2026-03-29T02:30:00'))).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(berlin.localDay(at('2026-03-28T23:30:00Z'))).toBe(
      Math.floor(local('2026-03-29T00:00:00') / 86_400_000),
    );
  });

  it('formats localTime with the colon offset, half-hour zones included', () => {
    const instant = at('2026-01-15T12:34:56.789Z');
    expect(formatTimestamp(instant, span('Europe/Berlin').offsetAt(instant))).toBe(
      '2026-01-15T13:34:56.789+01:00',
    );
    expect(formatTimestamp(instant, span('Asia/Kolkata').offsetAt(instant))).toBe(
      '2026-01-15T18:04:56.789+05:30',
    );
    expect(formatTimestamp(instant, span('America/Los_Angeles').offsetAt(instant))).toBe(
      '2026-01-15T04:34:56.789-08:00',
    );
    const july = at('2026-07-01T00:00:00Z');
    expect(formatTimestamp(july, span('Australia/Sydney').offsetAt(july))).toBe(
      '2026-07-01T10:00:00.000+10:00',
    );
  });

  it('asks Intl directly outside its span', () => {
    const berlin = span('Europe/Berlin');
    expect(berlin.offsetAt(at('2010-07-01T00:00:00Z'))).toBe(120);
    expect(berlin.offsetAt(at('2010-01-01T00:00:00Z'))).toBe(60);
  });
});
