// syncV2 against a small real v2 service on loopback: windows, paging from the checkpoint, a failure mid-way
// (what is committed stays, the run is recorded as failed) and the resume after it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import { sendJson, startLoopbackServer } from '../api/testing/loopbackServer.ts';
import type { LoopbackServer } from '../api/testing/loopbackServer.ts';
import { createV2Client } from '../api/v2/client.ts';
import { openStore } from '../store/db.ts';
import type { Store } from '../store/db.ts';
import { syncV2 } from './syncV2.ts';

/** 30 presses, one per day from 2024-12-20 (so they straddle the window boundary at 2025-01-01). */
const presses = Array.from({ length: 30 }, (_, i) => {
  const d = new Date(Date.UTC(2024, 11, 20 + i)).toISOString().slice(0, 10);
  return {
    feedbackId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    smileyId: 1,
    localTime: `${d}T12:00:00.000+01:00`,
    surveyId: 5,
    experiencePointId: 2,
    buttonIndex: i % 4,
    misuse: i % 10 === 0,
    smileyType: 'SMILEY_TOUCH',
    position: 0,
    ui: 'physical',
  };
});

let server: LoopbackServer;
let store: Store;
let failFrom = Infinity; // requests with index ≥ this answer 500

beforeEach(async () => {
  failFrom = Infinity;
  store = openStore(':memory:');
  server = await startLoopbackServer((_req, res, url, index) => {
    if (index >= failFrom)
      return sendJson(res, 500, { status: 500, error: 'Internal Server Error', message: 'boom' });
    if (url.pathname === '/v2/experience-points.json')
      return sendJson(res, 200, [{ experiencePointId: 2, name: 'P', type: 'EXPERIENCE_POINT' }]);
    const start = url.searchParams.get('startDate') ?? '';
    const end = url.searchParams.get('endDate') ?? '';
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    const inWindow = presses.filter(
      (p) => p.localTime.slice(0, 10) >= start && p.localTime.slice(0, 10) < end,
    );
    const more = offset + limit < inWindow.length;
    sendJson(res, 200, inWindow.slice(offset, offset + limit), { 'X-More-Available': String(more) });
  });
});
afterEach(async () => {
  store.close();
  await server.close();
});

const client = () => createV2Client({ baseUrl: server.url, token: 't', maxRetries: 1, backoffMs: 1 });
const feedbackRequests = () =>
  server.requests
    .filter((r) => r.url.pathname.endsWith('button-feedbacks.json'))
    .map((r) => Object.fromEntries(r.url.searchParams));

describe('syncV2', () => {
  it('fetches year windows with misuse included, page by page, and reports progress', async () => {
    const events: SyncProgress[] = [];
    const result = await syncV2({
      store,
      client: client(),
      since: '2024-01-01',
      until: '2025-03-01',
      pageSize: 8,
      onProgress: (p) => events.push(p),
    });
    expect(result).toMatchObject({
      status: 'done',
      itemsReceived: 30,
      rowsInserted: 30,
      feedbackTotal: 30,
      experiencePointCount: 1,
    });
    const windows = feedbackRequests().map((q) => `${q.startDate}..${q.endDate}@${q.offset}`);
    // 12 presses in 2024 (pages of 8: offsets 0, 8), 18 in 2025 (0, 8, 16).
    expect(windows).toEqual([
      '2024-01-01..2025-01-01@0',
      '2024-01-01..2025-01-01@8',
      '2025-01-01..2025-03-01@0',
      '2025-01-01..2025-03-01@8',
      '2025-01-01..2025-03-01@16',
    ]);
    expect(feedbackRequests().every((q) => q.includeMisuse === 'true' && q.limit === '8')).toBe(true);
    expect(events.at(-1)).toMatchObject({
      stream: 'v2:button-feedbacks',
      phase: 'done',
      items: 30,
      pages: 5,
      fraction: 1,
    });
    expect(store.buttonFeedback.total({ includeMisuse: false })).toBe(27);
    expect(store.syncRuns.last()).toMatchObject({ status: 'done', itemsReceived: 30, feedbackTotal: 30 });
  });

  it('newest first: the progress of the history moves page by page inside a window, not only when a window is stored', async () => {
    const events: SyncProgress[] = [];
    const result = await syncV2({
      store,
      client: client(),
      since: '2024-12-01',
      until: '2025-01-20',
      firstWindowDays: 5,
      pageSize: 3,
      onProgress: (p) => events.push(p),
    });
    expect(result.status).toBe('done');
    expect(store.buttonFeedback.total()).toBe(30);
    // By hand: the history before the newest days holds ~20 presses in one half-year window, pages of 3, in time
    // order; each page reaches a later day, so the fraction grows before the window is stored.
    const history = events
      .filter((e) => e.stream === 'v2:history' && e.phase === 'running')
      .map((e) => e.fraction ?? 0);
    const inside = history.filter((f) => f > 0 && f < 1);
    expect(new Set(inside).size).toBeGreaterThanOrEqual(3);
    expect(history).toEqual([...history].sort((a, b) => a - b));
  });

  it('keeps what was committed when the service fails, records the failure, and resumes from there', async () => {
    failFrom = 3; // tree, page 1 and page 2 succeed; page 3 fails twice (one retry)
    const error = await syncV2({
      store,
      client: client(),
      since: '2024-01-01',
      until: '2025-03-01',
      pageSize: 8,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/kept failing .* after 2 attempts/);
    expect(store.buttonFeedback.total()).toBe(12);
    expect(store.syncRuns.last()).toMatchObject({
      status: 'failed',
      itemsReceived: 12,
      error: (error as ApiError).message,
    });
    expect(store.checkpoints.get('v2:button-feedbacks')).toMatchObject({
      windowStart: '2025-01-01',
      offset: 0,
      complete: false,
    });

    failFrom = Infinity;
    server.requests.length = 0;
    const resumed = await syncV2({
      store,
      client: client(),
      since: '2024-01-01',
      until: '2025-03-01',
      pageSize: 8,
    });
    expect(resumed).toMatchObject({ status: 'done', itemsReceived: 18, rowsInserted: 18, feedbackTotal: 30 });
    expect(feedbackRequests()[0]).toMatchObject({ startDate: '2025-01-01', offset: '0' });
  });
});
