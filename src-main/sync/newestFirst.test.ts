// Newest first (plan.ts): a first sync's newest window, then the history before it in windows going back in time;
// what a stop in either phase resumes, and what an incremental run between them does.
import { describe, expect, it } from 'vitest';
import { coverageOf, pendingOf } from './coverage.ts';
import { advance, advanceBack, daysBetween, parseCursor, planRun } from './plan.ts';
import type { FeedbackCursor } from './plan.ts';

const req = {
  source: 'https://svc',
  scope: null,
  from: '2024-01-10',
  to: '2026-06-03',
  trailingDays: 3,
  firstWindowFrom: '2026-03-03',
};
const at = new Date('2026-06-01T10:00:00Z');

/** The first phase walked to its end, every window a single page. */
function firstPhase(c: FeedbackCursor): FeedbackCursor {
  while (!c.complete) c = advance(c, null, at);
  return c;
}

describe('newest first', () => {
  it('stores the newest window first, then the history before it backwards, half a year at a time', () => {
    const start = planRun(null, req);
    expect(start).toMatchObject({ from: '2026-03-03', windowStart: '2026-03-03', windowEnd: '2026-06-03' });
    expect(start.back).toEqual({ floor: '2024-01-10', windowStart: '2025-09-01', offset: 0 });
    let c = firstPhase(start);
    expect(coverageOf([c])).toEqual({ completeFrom: '2026-03-03', firstWindowReady: true });
    const windows: [string, string][] = [];
    for (; c.back; c = advanceBack(c, null)) windows.push([c.back.windowStart, c.from]);
    // By hand: 183 days back from 2026-03-03 is 2025-09-01, from there 2025-03-02, 2024-08-31, 2024-03-01 (2024 is a
    // leap year); the last is cut at the floor 2024-01-10. Contiguous, newest first, none longer than the service's year.
    expect(windows).toEqual([
      ['2025-09-01', '2026-03-03'],
      ['2025-03-02', '2025-09-01'],
      ['2024-08-31', '2025-03-02'],
      ['2024-03-01', '2024-08-31'],
      ['2024-01-10', '2024-03-01'],
    ]);
    expect(windows.every(([s, e]) => daysBetween(s, e) <= 183)).toBe(true);
    // Done: the cursor a single pass from the floor ends with (no trace of the backfill), and nothing pending.
    expect(c).toMatchObject({ from: '2024-01-10', to: '2026-06-03', complete: true });
    expect('back' in c).toBe(false);
    expect(coverageOf([c])).toEqual({ completeFrom: null, firstWindowReady: true });
  });

  it('moves the coverage back only when a window is stored, and resumes a stopped backfill page exactly', () => {
    const c = firstPhase(planRun(null, req));
    const midWindow = advanceBack(c, 20_000);
    expect(coverageOf([midWindow]).completeFrom).toBe('2026-03-03');
    expect(parseCursor(JSON.parse(JSON.stringify(midWindow)))).toEqual(midWindow);
    // The next run (a day later) first replaces its trailing days, keeping the backfill where it stopped.
    const next = planRun(midWindow, { ...req, to: '2026-06-04' });
    expect(next).toMatchObject({
      from: '2026-03-03',
      windowStart: '2026-05-28',
      mode: 'replace',
      complete: false,
    });
    expect(next.back).toEqual({ floor: '2024-01-10', windowStart: '2025-09-01', offset: 20_000 });
    expect(coverageOf([next])).toEqual({ completeFrom: '2026-03-03', firstWindowReady: true });
  });

  it('a stop in the first window resumes it with the backfill still planned; nothing is ready before it ends', () => {
    const stopped = advance(planRun(null, req), 10_000, at);
    expect(coverageOf([stopped]).firstWindowReady).toBe(false);
    expect(planRun(stopped, req)).toMatchObject({
      windowStart: '2026-03-03',
      offset: 10_000,
      back: stopped.back,
    });
    // Asked to reach further back while the backfill is pending: the floor moves, nothing else.
    expect(planRun(stopped, { ...req, from: '2023-01-01' }).back).toMatchObject({ floor: '2023-01-01' });
  });

  it('is one pass when the range is shorter than the first window, on a full run, and for a stored range', () => {
    expect(planRun(null, { ...req, from: '2026-04-01' }).back).toBeUndefined();
    expect(planRun(null, { ...req, full: true }).back).toBeUndefined();
    const oldStyle = firstPhase(planRun(null, { ...req, firstWindowFrom: undefined }));
    expect(planRun(oldStyle, req).back).toBeUndefined();
    expect(
      parseCursor({ ...oldStyle, back: { floor: '2024-01-10', windowStart: 'x', offset: 0 } }),
    ).toBeNull();
  });
});

describe('what is still to come', () => {
  it('names the presses, the lists, the alerts and v1 still filling in, each from its own frontier', () => {
    const presses = firstPhase(planRun(null, req)); // complete from 2026-03-03, back to 2024-01-10
    const list = (from: string, skip: { from: string; to: string } | null, complete: boolean) => ({
      ...{ v: 1, kind: 'windows', source: 'https://svc', scope: null, from, to: '2026-06-03' },
      ...{ windowStart: from, windowEnd: '2026-06-03', root: 0, offset: 0, complete },
      ...(skip ? { skip } : {}),
    });
    const rows = [
      // Recent days stored, history not begun: complete from its own `from`.
      { stream: 'v2:text-feedbacks', cursor: list('2026-03-03', null, true) },
      // History under way (oldest first, the recent days skipped): complete from the skipped days' start.
      {
        stream: 'v2:follow-up-feedbacks',
        cursor: list('2024-01-10', { from: '2026-04-01', to: '2026-06-03' }, false),
      },
      // Reaching back to the presses' first day: nothing pending.
      { stream: 'v2:alerts', cursor: list('2024-01-10', null, true) },
      { stream: 'v2:alert-comments', cursor: list('2026-05-01', null, true) },
      {
        stream: 'v1:survey:7',
        cursor: {
          v: 1,
          source: 's',
          from: '2026-02-01',
          to: '2026-06-03',
          done: '2026-06-03',
          back: { floor: '2020-01-01' },
        },
      },
      {
        stream: 'v1:survey:8',
        cursor: {
          v: 1,
          source: 's',
          from: '2026-03-01',
          to: '2026-06-03',
          done: '2026-06-03',
          back: { floor: '2020-01-01' },
        },
      },
      {
        stream: 'v1:survey:9',
        cursor: { v: 1, source: 's', from: '2020-01-01', to: '2026-06-03', done: '2026-06-03' },
      },
    ];
    expect(pendingOf(rows, [presses])).toEqual([
      { part: 'presses', completeFrom: '2026-03-03' },
      { part: 'lists', completeFrom: '2026-04-01' },
      { part: 'alerts', completeFrom: '2026-05-01' },
      { part: 'v1', completeFrom: '2026-03-01' },
    ]);
    // History complete everywhere: nothing.
    let done = presses;
    while (done.back) done = advanceBack(done, null);
    expect(
      pendingOf([rows[2] ?? { stream: '', cursor: null }, rows[6] ?? { stream: '', cursor: null }], [done]),
    ).toEqual([]);
  });
});
