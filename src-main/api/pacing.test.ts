// Pacing: requests spread out as X-Svc-RateLimit-Remaining nears zero, before any 429; gzip off on loopback.
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from './http.ts';
import { createPacer } from './pacing.ts';
import { sendJson, startLoopbackServer } from './testing/loopbackServer.ts';
import type { LoopbackServer } from './testing/loopbackServer.ts';

const budget = (limit: number, remaining: number): Headers =>
  new Headers({ 'X-Svc-RateLimit-Limit': String(limit), 'X-Svc-RateLimit-Remaining': String(remaining) });

describe('pacer', () => {
  it('does not pause while the budget is comfortable, nor without budget headers', () => {
    const pacer = createPacer({ now: () => 0 });
    expect(pacer.delayMs()).toBeNull();
    pacer.observe(new Headers());
    expect(pacer.delayMs()).toBeNull();
    pacer.observe(budget(1000, 101));
    expect(pacer.delayMs()).toBeNull();
  });

  it('spreads the remaining requests over what is left of the window, longer as it nears 0', () => {
    let t = 0;
    const pacer = createPacer({ now: () => t, lowWater: 0.1, windowMs: 3_600_000 });
    pacer.observe(budget(1000, 500)); // window taken to start now (t = 0)
    t = 600_000;
    pacer.observe(budget(1000, 99));
    // By hand: 3,000,000 ms left of the hour over 99 + 1 requests = 30,000 ms each.
    expect(pacer.delayMs()).toEqual({ delayMs: 30_000, remaining: 99, limit: 1000 });
    pacer.observe(budget(1000, 9));
    expect(pacer.delayMs()?.delayMs).toBe(300_000); // 3,000,000 / 10, at the 5-minute cap
    pacer.observe(budget(1000, 1000)); // refilled: a new window starts
    expect(pacer.delayMs()).toBeNull();
  });
});

describe('http client pacing', () => {
  let server: LoopbackServer;
  afterEach(async () => server.close());

  it('pauses before requests once the budget runs low, and never meets a 429', async () => {
    let remaining = 10;
    server = await startLoopbackServer((_req, res) => {
      remaining--;
      if (remaining < 0) return sendJson(res, 429, { status: 429 }, { 'Retry-After': '1' });
      sendJson(res, 200, [], {
        'X-Svc-RateLimit-Limit': '10',
        'X-Svc-RateLimit-Remaining': String(remaining),
      });
    });
    const sleeps: number[] = [];
    const paces: number[] = [];
    const http = createHttpClient({
      baseUrl: server.url,
      headers: {},
      pacing: { lowWater: 0.5, windowMs: 10_000 },
      onPace: (p) => paces.push(p.remaining),
      sleep: async (ms) => void sleeps.push(ms),
    });
    for (let i = 0; i < 9; i++) await http.getJson(http.url('v2/x.json'), 'x.json');
    // By hand: after request k, 10 − k remain; from remaining 5 (half of 10) on, requests 6..9 are each preceded by
    // a pause, at remaining 5, 4, 3, 2.
    expect(paces).toEqual([5, 4, 3, 2]);
    expect(sleeps).toHaveLength(4);
    expect(sleeps.every((ms) => ms > 0 && ms <= 10_000)).toBe(true);
    expect(sleeps).toEqual([...sleeps].sort((a, b) => a - b)); // longer as the budget nears 0
    expect(remaining).toBe(1);
  });

  it('asks for an uncompressed answer on loopback and for gzip elsewhere', async () => {
    server = await startLoopbackServer((_req, res) => sendJson(res, 200, []));
    const http = createHttpClient({ baseUrl: server.url, headers: {} });
    await http.getJson(http.url('v2/x.json'), 'x.json');
    expect(server.requests[0]?.headers['accept-encoding']).toBe('identity');
    const seen: (string | null)[] = [];
    const remote = createHttpClient({
      baseUrl: 'https://service.example.com',
      headers: {},
      fetch: async (_url, init) => {
        seen.push(new Headers(init?.headers).get('accept-encoding'));
        return new Response('[]', { status: 200 });
      },
    });
    await remote.getJson(remote.url('v2/x.json'), 'x.json');
    expect(seen).toEqual([null]); // fetch adds its own gzip, deflate, br
  });
});
