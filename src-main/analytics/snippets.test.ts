// Match ranges from FTS5 highlight markers, snippets as text segments, ISO weeks and periods, the shrinkage formula.
import { describe, expect, it } from 'vitest';
import { shrinkToward } from '#shared/metrics/shrinkage.ts';
import { parseLocalDate } from '../core/localTime.ts';
import { isoWeek, periodOf } from './periods.ts';
import { highlightSegments, snippetOf } from './snippets.ts';

const o = '\uE000';
const c = '\uE001';

describe('highlightSegments', () => {
  it('reads the ranges between markers, in UTF-16 units of the text', () => {
    expect(highlightSegments('Staff 🤢 staff!', `${o}Staff${c} 🤢 ${o}staff${c}!`, o, c)).toEqual([
      [0, 5],
      [9, 14],
    ]);
  });
  it('trusts nothing when the text itself holds a marker or differs', () => {
    expect(highlightSegments(`a${o}b`, `${o}a${c}${o}b`, o, c)).toEqual([]);
    expect(highlightSegments('abc', `${o}abd${c}`, o, c)).toEqual([]);
  });
});

describe('snippetOf', () => {
  it('gives a short text whole, markup-looking text staying text', () => {
    expect(snippetOf('<b>staff</b> rude', [[3, 8]])).toEqual([
      { text: '<b>', match: false },
      { text: 'staff', match: true },
      { text: '</b> rude', match: false },
    ]);
  });
  it('cuts a long text around the first match with ellipses', () => {
    const text = `${'word '.repeat(60)}staff ${'more '.repeat(60)}`;
    const at = text.indexOf('staff');
    const s = snippetOf(text, [[at, at + 5]], 80);
    expect(s[0]).toEqual({ text: '…', match: false });
    expect(s.at(-1)).toEqual({ text: '…', match: false });
    expect(s.filter((x) => x.match)).toEqual([{ text: 'staff', match: true }]);
    expect(s.map((x) => x.text).join('').length).toBeLessThan(110);
  });
});

describe('periods', () => {
  const day = (d: string): number => parseLocalDate(d) ?? NaN;
  it('numbers ISO weeks across year ends, week 53 included (checked against ISO 8601 calendars)', () => {
    expect(isoWeek(day('2026-12-31'))).toBe('2026-W53'); // Thursday: 2026 has 53 weeks
    expect(isoWeek(day('2027-01-03'))).toBe('2026-W53'); // Sunday of that week
    expect(isoWeek(day('2027-01-04'))).toBe('2027-W01');
    expect(isoWeek(day('2024-12-30'))).toBe('2025-W01'); // Monday of 2025's first week
    expect(isoWeek(day('2024-02-29'))).toBe('2024-W09');
  });
  it('labels months, quarters and years', () => {
    expect(periodOf(day('2024-02-29'), 'month')).toBe('2024-02');
    expect(periodOf(day('2024-10-01'), 'quarter')).toBe('2024-Q4');
    expect(periodOf(day('2024-12-31'), 'year')).toBe('2024');
  });
});

describe('shrinkToward', () => {
  it('is (N·x + m·p) / (N + m), by hand', () => {
    expect(shrinkToward(100, 10, 50, 30)).toBeCloseTo((10 * 100 + 30 * 50) / 40, 12); // 62.5
    expect(shrinkToward(80, 3, 60, 0)).toBe(80);
    expect(shrinkToward(null, 0, 60, 30)).toBe(60);
  });
});
