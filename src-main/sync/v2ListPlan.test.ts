// Planning windowed resource streams: windows of at most a year, roots within a window, resume, incremental runs.
import { describe, expect, it } from 'vitest';
import {
  advanceList,
  listFraction,
  normaliseScope,
  parseListCursor,
  planListRun,
  rootOf,
} from './v2ListPlan.ts';
import type { ListCursor } from './v2ListPlan.ts';

const req = { source: 's', scope: null, from: '2023-03-01', to: '2025-06-01', trailingDays: 3 };

/** Walks a plan to the end, recording (window start, window end, root) of each request. */
function walk(c: ListCursor): string[] {
  const seen: string[] = [];
  while (!c.complete) {
    seen.push(`${c.windowStart}..${c.windowEnd}@${rootOf(c)}`);
    c = advanceList(c, null);
  }
  return seen;
}

describe('planListRun and advanceList', () => {
  it('covers the range in windows of at most a year, each root in turn', () => {
    expect(walk(planListRun(null, req))).toEqual([
      '2023-03-01..2024-03-01@null',
      '2024-03-01..2025-03-01@null',
      '2025-03-01..2025-06-01@null',
    ]);
    expect(walk(planListRun(null, { ...req, from: '2025-01-01', scope: [7, 3] }))).toEqual([
      '2025-01-01..2025-06-01@3', // roots in canonical (sorted) order
      '2025-01-01..2025-06-01@7',
    ]);
  });

  it('asked to reach further back than a finished run, fetches the earlier days, skips the stored ones', () => {
    let done = planListRun(null, { ...req, from: '2024-09-01', scope: [7, 3] });
    while (!done.complete) done = advanceList(done, null);
    const next = planListRun(done, { ...req, scope: [3, 7] });
    // By hand: 2023-03-01 up to the stored range's start (2024-09-01) in windows of at most a year, each root in
    // turn; then the trailing window as in the next test (from 2025-05-26).
    expect(walk(next)).toEqual([
      '2023-03-01..2024-03-01@3',
      '2023-03-01..2024-03-01@7',
      '2024-03-01..2024-09-01@3',
      '2024-03-01..2024-09-01@7',
      '2025-05-26..2025-06-01@3',
      '2025-05-26..2025-06-01@7',
    ]);
    expect(next.from).toBe('2023-03-01');
    expect(parseListCursor(JSON.parse(JSON.stringify(advanceList(next, 500))))).toEqual(
      advanceList(next, 500),
    );
    expect(parseListCursor({ ...next, skip: { from: '2024-09-01' } })).toBeNull();
  });

  it('newest first in one run: the recent days, then only the days before them (none fetched twice)', () => {
    let recent = planListRun(null, { ...req, from: '2025-03-03' });
    while (!recent.complete) recent = advanceList(recent, null);
    const history = planListRun(recent, { ...req, continuesRun: true });
    // By hand: 2023-03-01 up to the recent window's start 2025-03-03, a year at most each; nothing after it.
    expect(walk(history)).toEqual([
      '2023-03-01..2024-03-01@null',
      '2024-03-01..2025-03-01@null',
      '2025-03-01..2025-03-03@null',
    ]);
    let end = history;
    while (!end.complete) end = advanceList(end, null);
    // Ends as a single pass from 2023-03-01 does: complete, the whole range, nothing skipped.
    let single = planListRun(null, req);
    while (!single.complete) single = advanceList(single, null);
    expect({ ...end, skip: null }).toEqual({ ...single, skip: null });
    expect([end.from, end.to, end.complete, end.skip]).toEqual(['2023-03-01', '2025-06-01', true, null]);
    // Nothing older to fetch: the recent cursor is kept as it is.
    expect(planListRun(recent, { ...req, from: '2025-04-01', continuesRun: true })).toBe(recent);
  });

  it('keeps the offset within a window and root', () => {
    const c = advanceList(planListRun(null, req), 2000);
    expect([c.windowStart, c.offset, c.root]).toEqual(['2023-03-01', 2000, 0]);
  });

  it('resumes an unfinished cursor of the same source and scope exactly, else starts over', () => {
    const mid = advanceList(advanceList(planListRun(null, { ...req, scope: [5, 9] }), null), 30);
    const stored = parseListCursor(JSON.parse(JSON.stringify(mid)));
    expect(stored).toEqual(mid);
    const resumed = planListRun(stored, { ...req, scope: [9, 5] });
    expect(resumed).toEqual(mid);
    expect(planListRun(stored, { ...req, scope: [5] }).offset).toBe(0);
    expect(planListRun(stored, { ...req, scope: [5, 9], source: 'other' }).root).toBe(0);
  });

  it('makes a finished plan incremental: the trailing days before the previous end, up to the new end', () => {
    let c = planListRun(null, req);
    while (!c.complete) c = advanceList(c, null);
    const next = planListRun(c, { ...req, to: '2025-06-03' });
    // By hand: the previous end 2025-06-01 is the last sync's day (2025-05-30) + 2; less 1 (zones behind UTC) and
    // the 3 trailing days: 2025-05-26, as the button feedbacks' trailing window starts.
    expect([next.windowStart, next.windowEnd, next.from, next.complete]).toEqual([
      '2025-05-26',
      '2025-06-03',
      '2023-03-01',
      false,
    ]);
  });

  it('refuses cursors it did not write', () => {
    expect(parseListCursor({ v: 1, kind: 'replaced', rows: 3 })).toBeNull();
    expect(parseListCursor({ ...planListRun(null, req), offset: -1 })).toBeNull();
    expect(parseListCursor({ ...planListRun(null, req), windowEnd: '2024-02-30' })).toBeNull();
  });

  it('normalises the scope and estimates progress from 0 to 1', () => {
    expect(normaliseScope([9, 3, 9])).toEqual([3, 9]);
    expect(normaliseScope([])).toBeNull();
    const start = planListRun(null, { ...req, scope: [1, 2] });
    const fraction = listFraction(start);
    expect(fraction(start, null)).toBe(0);
    const secondRoot = advanceList(start, null);
    expect(fraction(secondRoot, null)).toBeCloseTo(366 / 2 / 823, 6); // 2023-03-01..2024-03-01 holds 29 February;
    let c = secondRoot;
    while (!c.complete) c = advanceList(c, null);
    expect(fraction(c, null)).toBe(1);
  });
});
