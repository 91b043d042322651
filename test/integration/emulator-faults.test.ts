// Faults on demand over real HTTP: each kind as a client meets it, and the seeded, countable schedule.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, generateWorld, startEmulator } from '#emulator/index.ts';

const PATH = '/v2/results/button-feedbacks.json?startDate=2026-01-01&endDate=2026-11-22&limit=200';
let emu: RunningEmulator;

/** A raw GET that reports what happened on the wire, including resets and short bodies. */
function raw(url: string): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  length: number;
  error?: string;
}> {
  return new Promise((resolve) => {
    const req = request(url, { headers: { 'X-Svc-API-Token': 'demo-v2-token' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const done = (error?: string): void => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: body.toString('utf8'),
          length: body.length,
          ...(error && { error }),
        });
      };
      res.on('end', () => done());
      res.on('error', (e) => done(e.message));
      res.on('aborted', () => done('aborted'));
    });
    req.on('error', (e) => resolve({ status: 0, headers: {}, body: '', length: 0, error: e.message }));
    req.end();
  });
}

beforeAll(async () => {
  emu = await startEmulator({
    world: generateWorld({ seed: 4, size: 'tiny', now: new Date('2026-11-21T14:00:00Z') }),
  });
});
afterAll(async () => {
  await emu.close();
});

describe('faults', () => {
  it.each(['500', '502', '503'] as const)('answers %s with the error body', async (kind) => {
    emu.setFaults({ kinds: [kind] });
    const r = await raw(`${emu.url}${PATH}`);
    expect(r.status).toBe(Number(kind));
    expect(JSON.parse(r.body)).toMatchObject({ status: Number(kind) });
    expect(r.headers['x-svc-ratelimit-remaining']).toBeDefined();
  });

  it('answers 429 with Retry-After', async () => {
    emu.setFaults({ kinds: ['429'], retryAfterSeconds: 7 });
    const r = await raw(`${emu.url}${PATH}`);
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('7');
  });

  it('resets the connection', async () => {
    emu.setFaults({ kinds: ['reset'] });
    const r = await raw(`${emu.url}${PATH}`);
    expect(r.error).toBeDefined();
    expect(r.status).toBe(0);
  });

  it('cuts a body short of its Content-Length', async () => {
    emu.setFaults({ kinds: ['truncate'] });
    const r = await raw(`${emu.url}${PATH}`);
    expect(r.length).toBeLessThan(Number(r.headers['content-length']));
  });

  it('sends invalid JSON labelled as JSON', async () => {
    emu.setFaults({ kinds: ['invalid-json'] });
    const r = await raw(`${emu.url}${PATH}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/json/);
    expect(() => JSON.parse(r.body)).toThrow();
  });

  it('answers slowly', async () => {
    emu.setFaults({ kinds: ['slow'], slowMs: 300 });
    const started = performance.now();
    const r = await raw(`${emu.url}${PATH}`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(r.status).toBe(200);
  });

  it('faults exactly once after the N-th request when asked', async () => {
    emu.setFaults({ kinds: ['503'], afterRequests: 3, maxFaults: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await raw(`${emu.url}${PATH}`)).status);
    expect(statuses).toEqual([200, 200, 200, 503, 200, 200]);
  });

  it('draws the same faults for the same seed and request order, about the asked fraction', async () => {
    const run = async (): Promise<number[]> => {
      emu.setFaults({ kinds: ['500', '503'], rate: 0.3, seed: 42 });
      const out: number[] = [];
      for (let i = 0; i < 60; i++) out.push((await raw(`${emu.url}/v2/token/introspect`)).status);
      return out;
    };
    const a = await run();
    expect(await run()).toEqual(a);
    const failed = a.filter((s) => s !== 200).length;
    expect(failed).toBeGreaterThan(6);
    expect(failed).toBeLessThan(32);
    emu.setFaults(null);
    expect((await raw(`${emu.url}${PATH}`)).status).toBe(200);
  });
});
