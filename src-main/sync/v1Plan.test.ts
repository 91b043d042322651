// Planning v1 survey windows and local midnights: fresh, resumed and incremental runs; hulls; DST and odd offsets.
import { describe, expect, it } from 'vitest';
import {
  afterHistoryWindow,
  historyWindows,
  parseV1Cursor,
  periodHull,
  planSurvey,
  surveyWindows,
} from './v1Plan.ts';
import { localDateOf, localMidnight, localMidnightOf } from './v1Zones.ts';

const req = { source: 'https://svc', from: '2024-01-01', to: '2024-12-01', trailingDays: 3 };

describe('planSurvey', () => {
  it('starts fresh, resumes an unfinished cursor, and re-fetches the trailing days after a finished one', () => {
    expect(planSurvey(null, req)).toEqual({
      v: 1,
      source: 'https://svc',
      from: '2024-01-01',
      to: '2024-12-01',
      done: '2024-01-01',
    });
    const half = {
      v: 1 as const,
      source: 'https://svc',
      from: '2024-01-01',
      to: '2024-11-01',
      done: '2024-06-30',
    };
    expect(planSurvey(half, req)).toEqual({ ...half, to: '2024-12-01' });
    // Finished on a run whose today was 2024-10-30 (to = today + 2): again from three days before that today.
    const finished = { ...half, done: '2024-11-01' };
    expect(planSurvey(finished, req)).toEqual({ ...finished, to: '2024-12-01', done: '2024-10-27' });
    expect(planSurvey({ ...finished, source: 'other' }, req).done).toBe('2024-01-01');
    expect(planSurvey(finished, { ...req, from: '2023-01-01' }).done).toBe('2023-01-01');
  });

  it('reads only well-formed cursors', () => {
    expect(
      parseV1Cursor({ v: 1, source: 's', from: '2024-01-01', to: '2024-02-01', done: '2024-01-15' }),
    ).not.toBeNull();
    expect(
      parseV1Cursor({ v: 1, source: 's', from: '2024-01-01', to: '2024-02-30', done: '2024-01-15' }),
    ).toBeNull();
    expect(parseV1Cursor({ v: 2 })).toBeNull();
    expect(parseV1Cursor('x')).toBeNull();
  });
});

describe('newest first', () => {
  // By hand: the recent days [2024-10-01, 2024-12-01), then the history [2024-01-01, 2024-10-01) in steps of 120 days
  // going back: 06-03..10-01, 02-04..06-03, then the rest 01-01..02-04.
  const newest = { ...req, recentFrom: '2024-10-01' };
  const first = planSurvey(null, newest);

  it('plans the recent days first, the history kept in `back`, and ends as one pass does', () => {
    expect(first).toEqual({
      ...planSurvey(null, req),
      from: '2024-10-01',
      done: '2024-10-01',
      back: { floor: '2024-01-01' },
    });
    expect(surveyWindows(first, null, 120).map((w) => `${w.start}..${w.end}`)).toEqual([
      '2024-10-01..2024-12-01',
    ]);
    const recentDone = { ...first, done: first.to };
    const history = historyWindows(recentDone, null, 120);
    expect(history.map((w) => `${w.start}..${w.end}`)).toEqual([
      '2024-06-03..2024-10-01',
      '2024-02-04..2024-06-03',
      '2024-01-01..2024-02-04',
    ]);
    const stored = history.map((w, i) => afterHistoryWindow(recentDone, w.start, i === history.length - 1));
    expect(stored.map((c) => c.from)).toEqual(['2024-06-03', '2024-02-04', '2024-01-01']);
    expect(stored.at(-1)).toEqual({ ...planSurvey(null, req), done: '2024-12-01' });
    expect(historyWindows(stored.at(-1) ?? first, null, 120)).toEqual([]);
    // A start within the recent days, or explicit dates: one pass.
    expect(planSurvey(null, { ...req, recentFrom: '2023-12-01' }).back).toBeUndefined();
    expect(parseV1Cursor(first)).toEqual(first);
    expect(parseV1Cursor({ ...first, back: { floor: 'x' } })).toBeNull();
  });

  it('resumes the recent days, then an incremental run keeps the history pending; a request further back moves the floor', () => {
    const killedRecent = { ...first, done: '2024-11-01' };
    expect(planSurvey(killedRecent, newest)).toEqual(killedRecent);
    // Killed in the history, its recent days stored on a run whose today was 2024-11-29 (to = today + 2).
    const killedHistory = { ...first, from: '2024-06-03', done: '2024-12-01' };
    expect(planSurvey(killedHistory, { ...newest, to: '2024-12-05' })).toEqual({
      ...killedHistory,
      to: '2024-12-05',
      done: '2024-11-26',
    });
    expect(planSurvey(killedHistory, { ...newest, from: '2023-06-01' }).back).toEqual({
      floor: '2023-06-01',
    });
    // Cut to the survey's periods: the windows stop at the hull's first day, the cursor still reaches the floor.
    const hull = { from: '2024-05-01', to: '2024-11-20' };
    expect(
      historyWindows({ ...first, done: first.to }, hull, 120).map((w) => `${w.start}..${w.end}`),
    ).toEqual(['2024-06-03..2024-10-01', '2024-05-01..2024-06-03']);
    expect(
      historyWindows({ ...first, done: first.to }, { from: '2024-10-05', to: '2024-11-20' }, 120),
    ).toEqual([]);
  });
});

describe('windows', () => {
  it('cuts [done, to) to the periods and into steps', () => {
    const cursor = planSurvey(null, req);
    expect(surveyWindows(cursor, null, 120).map((w) => `${w.start}..${w.end}`)).toEqual([
      '2024-01-01..2024-04-30',
      '2024-04-30..2024-08-28',
      '2024-08-28..2024-12-01',
    ]);
    const hull = periodHull('Europe/Berlin', [
      { startUtc: Date.parse('2024-03-09T23:00:00Z'), endUtc: Date.parse('2024-05-31T22:00:00Z') },
    ]);
    // The day before the first period to two days after the last one ends (local dates).
    expect(hull).toEqual({ from: '2024-03-09', to: '2024-06-02' });
    expect(surveyWindows(cursor, hull, 60).map((w) => `${w.start}..${w.end}`)).toEqual([
      '2024-03-09..2024-05-08',
      '2024-05-08..2024-06-02',
    ]);
    expect(surveyWindows({ ...cursor, done: '2024-07-01' }, hull, 60)).toEqual([]);
  });
});

describe('local midnights', () => {
  it('are exact across daylight-saving changes, half-hour offsets and a skipped midnight', () => {
    expect(new Date(localMidnightOf('Europe/Berlin', '2024-03-31')).toISOString()).toBe(
      '2024-03-30T23:00:00.000Z',
    );
    expect(new Date(localMidnightOf('Europe/Berlin', '2024-04-01')).toISOString()).toBe(
      '2024-03-31T22:00:00.000Z',
    );
    expect(new Date(localMidnightOf('Europe/Berlin', '2024-10-28')).toISOString()).toBe(
      '2024-10-27T23:00:00.000Z',
    );
    expect(new Date(localMidnightOf('Asia/Kolkata', '2024-01-01')).toISOString()).toBe(
      '2023-12-31T18:30:00.000Z',
    );
    expect(new Date(localMidnightOf('Australia/Sydney', '2024-10-06')).toISOString()).toBe(
      '2024-10-05T14:00:00.000Z',
    );
    // São Paulo started summer time at midnight on 2018-11-04: that day began at 01:00 (−02:00).
    expect(new Date(localMidnightOf('America/Sao_Paulo', '2018-11-04')).toISOString()).toBe(
      '2018-11-04T03:00:00.000Z',
    );
    expect(localMidnight('UTC', 19_000)).toBe(19_000 * 86_400_000);
    expect(localDateOf('America/Los_Angeles', Date.parse('2024-07-01T06:59:59Z'))).toBe('2024-06-30');
  });
});
