// syncV1 against the emulator's tiny world in memory: progress events, cancellation and resume, a refused login,
// an unknown scope. (Counts against an independent route: test/integration/sync-v1*.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import { createV1Client } from '../api/v1/client.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { openStore } from '../store/db.ts';
import type { Store } from '../store/db.ts';
import { syncV1 } from './syncV1.ts';
import type { SyncV1Options } from './syncV1.ts';

const now = new Date('2026-11-21T14:00:00Z');
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ size: 'tiny', seed: 2, now });
});
afterAll(async () => {
  await emulator.close();
});

const client = (token = 'demo-token') =>
  createV1Client({ baseUrl: emulator.url, clientId: 'demo-client', token, backoffMs: 1, auth: 'headers' });
const run = (store: Store, extra: Partial<SyncV1Options> = {}) =>
  syncV1({ store, client: client(), since: '2019-11-01', now: () => now, windowDays: 90, ...extra });
const presses = (store: Store): unknown[] =>
  store.db.prepare('SELECT * FROM v1_press ORDER BY 1, 2, 3').raw(true).all();

describe('syncV1', () => {
  it('reports progress per stream in the contract’s shape and records the run', async () => {
    const store = openStore(':memory:');
    const events: SyncProgress[] = [];
    const result = await run(store, { onProgress: (p) => events.push(p) });
    expect(result.status).toBe('done');
    expect([...new Set(events.map((e) => e.stream))]).toEqual(['v1:folders', 'v1:surveys', 'v1:alerts']);
    const surveys = events.filter((e) => e.stream === 'v1:surveys');
    const fractions = surveys.map((e) => e.fraction ?? 0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(surveys.at(-1)).toMatchObject({ phase: 'done', fraction: 1 });
    expect(surveys.length).toBe(result.windows + 2);
    expect(store.syncRuns.last()).toMatchObject({
      source: 'v1',
      status: 'done',
      feedbackTotal: result.pressTotal,
    });
    expect(result.pressTotal).toBeGreaterThan(1000);
    store.close();
  });

  it('stops when cancelled, keeps what was committed, and the next run ends where a clean one does', async () => {
    const clean = openStore(':memory:');
    const full = await run(clean);
    const store = openStore(':memory:');
    const controller = new AbortController();
    const events: SyncProgress[] = [];
    let windows = 0;
    const stopped = await run(store, {
      signal: controller.signal,
      onProgress: (p) => {
        events.push(p);
        if (p.stream === 'v1:surveys' && p.phase === 'running' && p.pages > 0 && ++windows === 3)
          controller.abort();
      },
    });
    expect(stopped.status).toBe('cancelled');
    expect(events.at(-1)).toMatchObject({
      phase: 'cancelled',
      message: expect.stringMatching(/resumes/) as unknown,
    });
    expect(store.syncRuns.last()?.status).toBe('cancelled');
    expect(stopped.windows).toBeGreaterThanOrEqual(3);
    expect(stopped.pressTotal).toBeGreaterThan(0);
    expect(stopped.pressTotal).toBeLessThan(full.pressTotal);
    const resumed = await run(store);
    expect(resumed.status).toBe('done');
    expect(resumed.windows + stopped.windows).toBe(full.windows); // nothing fetched twice
    expect(presses(store)).toEqual(presses(clean));
    clean.close();
    store.close();
  });

  it('fails with a clear message on refused credentials and records it without the token', async () => {
    const store = openStore(':memory:');
    const events: SyncProgress[] = [];
    const error = await syncV1({
      store,
      client: client('wrong-secret'),
      onProgress: (p) => events.push(p),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('auth');
    expect(events.at(-1)).toMatchObject({ stream: 'v1:folders', phase: 'failed' });
    const last = store.syncRuns.last();
    expect(last?.status).toBe('failed');
    expect(last?.error).toMatch(/client id and API token \(401\)/);
    expect(last?.error).not.toContain('wrong-secret');
    store.close();
  });

  it('refuses a scope folder that is not in the tree', async () => {
    const store = openStore(':memory:');
    await expect(run(store, { scope: [123] })).rejects.toThrow(/Folder 123 is not in the v1 folder tree/);
    store.close();
  });

  it('skips a survey the service no longer has (404) and syncs the others', async () => {
    const store = openStore(':memory:');
    const events: SyncProgress[] = [];
    let gone = 0;
    const fetch404: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const m = /^\/v1\/surveys\/(\d+)\/rawresults$/.exec(url.pathname);
      if (m && (gone ||= Number(m[1])) === Number(m[1]))
        return new Response('{"status":404,"error":"Not Found","message":"No survey"}', { status: 404 });
      return fetch(input, init);
    };
    const result = await run(store, {
      client: createV1Client({
        baseUrl: emulator.url,
        clientId: 'demo-client',
        token: 'demo-token',
        fetch: fetch404,
      }),
      onProgress: (p) => events.push(p),
    });
    expect(result.status).toBe('done');
    expect(events.some((e) => e.message === `Survey ${gone} is no longer at the service; skipped.`)).toBe(
      true,
    );
    const synced = store.db.prepare('SELECT DISTINCT survey_key FROM v1_press').pluck().all();
    expect(synced).not.toContain(gone);
    expect(synced.length).toBeGreaterThan(3);
    store.close();
  });
});
