// The sync planner: year-long windows, resume of an unfinished cursor, incremental runs with a trailing window.
import { describe, expect, it } from 'vitest';
import { addYears, advance, daysBetween, parseCursor, planRun, windowEnd } from './plan.ts';
import type { FeedbackCursor } from './plan.ts';

const req = { source: 'https://svc', from: '2023-06-01', to: '2026-06-03', trailingDays: 3 };

/** Walks a plan to the end the way syncV2 does when every window is a single page. */
function windows(start: FeedbackCursor): [string, string][] {
  const out: [string, string][] = [];
  for (let c = start; !c.complete; c = advance(c, null)) out.push([c.windowStart, c.windowEnd]);
  return out;
}

describe('sync plan', () => {
  it('cuts the range into windows of at most a year (≤ 366 days), end exclusive, contiguous', () => {
    const w = windows(planRun(null, req));
    expect(w).toEqual([
      ['2023-06-01', '2024-06-01'],
      ['2024-06-01', '2025-06-01'],
      ['2025-06-01', '2026-06-01'],
      ['2026-06-01', '2026-06-03'],
    ]);
    for (const [s, e] of w) expect(daysBetween(s, e)).toBeLessThanOrEqual(366);
    expect(addYears('2024-02-29', 1)).toBe('2025-03-01');
    expect(daysBetween('2024-02-29', windowEnd('2024-02-29', '2030-01-01'))).toBe(366);
  });

  it('moves within a window by offset, then to the next window at offset 0', () => {
    const c = planRun(null, req);
    expect(advance(c, 10_000)).toMatchObject({ windowStart: '2023-06-01', offset: 10_000 });
    expect(advance(advance(c, 10_000), null)).toMatchObject({
      windowStart: '2024-06-01',
      windowEnd: '2025-06-01',
      offset: 0,
    });
  });

  it('resumes an unfinished cursor exactly, widening the range to the new end', () => {
    const stopped = { ...advance(advance(planRun(null, req), null), 30_000) };
    const resumed = planRun(stopped, { ...req, to: '2026-06-10' });
    expect(resumed).toMatchObject({
      windowStart: '2024-06-01',
      windowEnd: '2025-06-01',
      offset: 30_000,
      to: '2026-06-10',
      complete: false,
    });
  });

  it('never resumes a cursor of another source, or one that starts later than asked', () => {
    const stopped = advance(planRun(null, req), 500);
    expect(planRun(stopped, { ...req, source: 'https://other' })).toMatchObject({
      windowStart: '2023-06-01',
      offset: 0,
    });
    expect(planRun(stopped, { ...req, from: '2022-01-01' })).toMatchObject({
      windowStart: '2022-01-01',
      offset: 0,
    });
  });

  it('after a finished run, starts the trailing days before its end', () => {
    let c = planRun(null, req);
    while (!c.complete) c = advance(c, null);
    const next = planRun(c, { ...req, to: '2026-06-05' });
    expect(next).toMatchObject({
      from: '2023-06-01',
      windowStart: '2026-05-31',
      windowEnd: '2026-06-05',
      offset: 0,
      complete: false,
    });
  });

  it('parses only well-formed cursors', () => {
    const c = planRun(null, req);
    expect(parseCursor(JSON.parse(JSON.stringify(c)))).toEqual(c);
    expect(parseCursor({ ...c, offset: -1 })).toBeNull();
    expect(parseCursor({ ...c, from: '2023-02-30' })).toBeNull();
    expect(parseCursor(null)).toBeNull();
  });
});
