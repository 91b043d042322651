// The sync planner: year-long windows, resume of an unfinished cursor, incremental runs with a trailing window.
import { describe, expect, it } from 'vitest';
import {
  addYears,
  advance,
  buttonFeedbackStreamOf,
  daysBetween,
  parseCursor,
  planRun,
  windowEnd,
} from './plan.ts';
import type { FeedbackCursor } from './plan.ts';

const req = { source: 'https://svc', scope: null, from: '2023-06-01', to: '2026-06-03', trailingDays: 3 };

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

  it('after a finished run, replaces the trailing days before the last sync, then appends the new days', () => {
    let c = planRun(null, req);
    while (!c.complete) c = advance(c, null, new Date('2026-06-01T10:00:00Z'));
    expect(c.syncedAt).toBe('2026-06-01T10:00:00.000Z');
    const next = planRun(c, { ...req, to: '2026-06-05' });
    // 2026-06-01 (UTC day of the last sync) − 1 (zones behind UTC) − 3 trailing days, up to the previous end.
    expect(next).toMatchObject({
      from: '2023-06-01',
      to: '2026-06-05',
      windowStart: '2026-05-28',
      windowEnd: '2026-06-03',
      mode: 'replace',
      replaceUntil: '2026-06-03',
      offset: 0,
      complete: false,
    });
    expect(advance(next, null)).toMatchObject({
      windowStart: '2026-06-03',
      windowEnd: '2026-06-05',
      mode: 'append',
    });
    // Nothing new to append: the replaced window is all there is.
    expect(windows(planRun(c, req))).toEqual([['2026-05-28', '2026-06-03']]);
  });

  it('asked to reach further back after a finished run, appends the earlier days, skips the stored ones, then replaces the trailing days', () => {
    let c = planRun(null, { ...req, from: '2025-01-01' });
    while (!c.complete) c = advance(c, null, new Date('2026-06-01T10:00:00Z'));
    const w: [string, string, string][] = [];
    let next = planRun(c, { ...req, from: '2023-06-01', to: '2026-06-05' });
    expect(next).toMatchObject({ from: '2023-06-01', to: '2026-06-05', windowStart: '2023-06-01' });
    for (; !next.complete; next = advance(next, null, new Date('2026-06-02T10:00:00Z')))
      w.push([next.windowStart, next.windowEnd, next.mode]);
    // By hand: the stored range began 2025-01-01; its days up to the trailing window (2026-05-28, as in the test
    // above) are not fetched again; the years before it come in windows of at most a year, cut at 2025-01-01.
    expect(w).toEqual([
      ['2023-06-01', '2024-06-01', 'append'],
      ['2024-06-01', '2025-01-01', 'append'],
      ['2026-05-28', '2026-06-03', 'replace'],
      ['2026-06-03', '2026-06-05', 'append'],
    ]);
    expect(next).toMatchObject({ from: '2023-06-01', complete: true, skip: null });
    // A stop in the earlier days resumes there, the skip kept; a cursor written so reads back the same.
    const stopped = advance(planRun(c, { ...req, from: '2023-06-01' }), 20_000);
    expect(parseCursor(JSON.parse(JSON.stringify(stopped)))).toEqual(stopped);
    expect(planRun(stopped, req)).toMatchObject({ windowStart: '2023-06-01', offset: 20_000 });
    expect(parseCursor({ ...stopped, skip: { from: 'x', to: '2025-01-01' } })).toBeNull();
  });

  it('a full run replaces every window, a month at most each, then continues incrementally', () => {
    const full = planRun(null, { ...req, from: '2026-01-01', full: true });
    const w: [string, string, string][] = [];
    let c = full;
    for (; !c.complete; c = advance(c, null, new Date('2026-06-02T00:00:00Z')))
      w.push([c.windowStart, c.windowEnd, c.mode]);
    expect(w[0]).toEqual(['2026-01-01', '2026-02-01', 'replace']);
    expect(w.at(-1)).toEqual(['2026-05-05', '2026-06-03', 'replace']);
    expect(w.map(([s]) => s).slice(0, 3)).toEqual(['2026-01-01', '2026-02-01', '2026-03-04']);
    expect(w.every(([s, e]) => daysBetween(s, e) <= 31)).toBe(true);
    expect(planRun(c, { ...req, from: '2026-01-01' })).toMatchObject({
      windowStart: '2026-05-29',
      mode: 'replace',
    });
  });

  it('reads a version 1 cursor as a whole-tree append cursor; a scope has its own stream', () => {
    const v1 = {
      v: 1,
      source: 'https://svc',
      from: '2023-06-01',
      to: '2026-06-03',
      windowStart: '2024-06-01',
      windowEnd: '2025-06-01',
      offset: 20,
      complete: false,
    };
    expect(parseCursor(v1)).toMatchObject({
      v: 2,
      scope: null,
      mode: 'append',
      replaceUntil: null,
      offset: 20,
    });
    expect(planRun(parseCursor(v1), { ...req, scope: 12 })).toMatchObject({
      windowStart: '2023-06-01',
      offset: 0,
      scope: 12,
    });
    expect(buttonFeedbackStreamOf(null)).toBe('v2:button-feedbacks');
    expect(buttonFeedbackStreamOf(12)).toBe('v2:button-feedbacks@12');
  });

  it('parses only well-formed cursors', () => {
    const c = planRun(null, req);
    expect(parseCursor(JSON.parse(JSON.stringify(c)))).toEqual(c);
    expect(parseCursor({ ...c, offset: -1 })).toBeNull();
    expect(parseCursor({ ...c, from: '2023-02-30' })).toBeNull();
    expect(parseCursor({ ...c, mode: 'merge' })).toBeNull();
    expect(parseCursor({ ...c, scope: 'all' })).toBeNull();
    expect(parseCursor(null)).toBeNull();
  });
});
