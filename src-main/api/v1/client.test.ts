// The v1 client against a real loopback server: auth, gzip, validation, 429, retries, cursor and offset paging.
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { sendJson, startLoopbackServer } from '../testing/loopbackServer.ts';
import type { Handler, LoopbackServer } from '../testing/loopbackServer.ts';
import { createV1Client } from './client.ts';
import type { V1ClientOptions } from './client.ts';

const clientId = 'client-abc';
const token = 'secret-token-xyz';
let server: LoopbackServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const delays: number[] = [];
async function clientFor(handler: Handler, options: Partial<V1ClientOptions> = {}) {
  server = await startLoopbackServer(handler);
  delays.length = 0;
  return createV1Client({
    baseUrl: server.url,
    clientId,
    token,
    backoffMs: 1,
    sleep: async (ms) => void delays.push(ms),
    random: () => 1,
    ...options,
  });
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

const question = { key: 7, name: 'How was it?', locale: 'en-US' };
const survey = {
  key: 80064,
  question,
  timeZone: 'Europe/Berlin',
  activePeriods: [{ start: '2024-01-01T00:00:00.000+01:00', end: '2025-01-01T00:00:00.000+01:00' }],
  surveyType: 'TERMINAL',
  aPropertyAddedLater: [1, 2], // objects grow: tolerated
};

describe('authentication', () => {
  it('sends HTTP Basic by default, never credentials in the URL, with JSON content type and gzip accepted', async () => {
    const client = await clientFor((_req, res) => sendJson(res, 200, survey));
    await client.survey(80064);
    const sent = server?.requests[0];
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${clientId}:${token}`).toString('base64')}`,
    );
    expect(sent?.headers['x-svc-api-token']).toBeUndefined();
    expect(sent?.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(sent?.headers['accept-encoding']).toMatch(/gzip/);
    expect(sent?.url.pathname).toBe('/v1/surveys/80064');
    expect(sent?.url.href).not.toContain(token);
    expect(sent?.url.href).not.toContain(clientId);
  });

  it('sends the header pair when asked', async () => {
    const client = await clientFor((_req, res) => sendJson(res, 200, survey), { auth: 'headers' });
    await client.survey(80064);
    const sent = server?.requests[0];
    expect(sent?.headers['x-svc-client-id']).toBe(clientId);
    expect(sent?.headers['x-svc-api-token']).toBe(token);
    expect(sent?.headers.authorization).toBeUndefined();
  });

  it('says which credentials a 401 refused, without echoing them, and does not retry', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 401, {
        status: 401,
        error: 'Unauthorized',
        message: `bad token ${token} for ${clientId}`,
      }),
    );
    const error = await apiError(client.survey(1));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/client id and API token \(401\)/);
    expect(error.message).not.toContain(token);
    expect(server?.requests).toHaveLength(1);
  });

  it('redacts credentials a service echoes in an error message', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 400, {
        status: 400,
        error: 'Bad Request',
        message: `token ${token} of ${clientId} is odd`,
      }),
    );
    const error = await apiError(client.survey(1));
    expect(error.message).toContain('token *** of *** is odd');
  });

  it('refuses credentials a header cannot carry, without echoing them', () => {
    expect(() => createV1Client({ baseUrl: 'http://127.0.0.1:1', clientId: 'a b', token: 'xyz' })).toThrow(
      /printable ASCII/,
    );
    expect(() => createV1Client({ baseUrl: 'http://127.0.0.1:1', clientId: 'a:b', token: 'xyz' })).toThrow(
      /header pair/,
    );
  });
});

describe('transport', () => {
  it('inflates a gzip answer', async () => {
    const client = await clientFor((_req, res) => {
      const body = gzipSync(JSON.stringify({ ...survey, filler: 'x'.repeat(5000) }));
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': body.length,
      });
      res.end(body);
    });
    expect((await client.survey(80064)).timeZone).toBe('Europe/Berlin');
  });

  it('retries a truncated body, then gives up with a network error naming the endpoint', async () => {
    const client = await clientFor(
      (_req, res) => {
        const text = JSON.stringify(survey);
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': text.length + 50 });
        res.end(text.slice(0, 20), () => res.socket?.destroy());
      },
      { maxRetries: 2 },
    );
    const error = await apiError(client.survey(80064));
    expect(error.kind).toBe('network');
    expect(error.endpoint).toBe('surveys/:key');
    expect(server?.requests).toHaveLength(3);
  });

  it('waits out a 429 for Retry-After seconds, then goes on', async () => {
    const client = await clientFor((_req, res, _url, i) =>
      i === 0
        ? sendJson(
            res,
            429,
            { status: 429, error: 'Too Many Requests', message: 'budget spent' },
            { 'Retry-After': '7' },
          )
        : sendJson(res, 200, survey),
    );
    expect((await client.survey(80064)).key).toBe(80064);
    expect(delays).toEqual([7000]);
  });

  it('retries 5xx with growing backoff', async () => {
    const client = await clientFor(
      (_req, res, _url, i) => (i < 2 ? sendJson(res, 503, { message: 'busy' }) : sendJson(res, 200, survey)),
      { backoffMs: 100 },
    );
    await client.survey(80064);
    expect(delays).toEqual([100, 200]);
  });

  it('stops at once when cancelled', async () => {
    const controller = new AbortController();
    const client = await clientFor((_req, res) => setTimeout(() => sendJson(res, 200, survey), 2000));
    const pending = client.survey(80064, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await apiError(pending)).kind).toBe('cancelled');
  });
});

describe('validation at the boundary', () => {
  it('names endpoint and field of a wrong type', async () => {
    const client = await clientFor((_req, res) => sendJson(res, 200, { ...survey, key: '80064' }));
    const error = await apiError(client.survey(80064));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain("surveys/:key: field 'key' should be an integer but is a string");
  });

  it('names a missing nested field with its path', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 200, {
        key: 1,
        name: 'Root',
        folders: [{ key: 2, name: 'A', surveys: [{ ...survey, question: { key: 7, name: 'q' } }] }],
      }),
    );
    const error = await apiError(client.rootFolder({ surveys: true }));
    expect(error.message).toContain("folders: field 'folders[0].surveys[0].question.locale' is missing");
  });

  it('rejects a raw result with a button out of range, naming the item', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 200, {
        meta: {},
        data: [
          { ts: '2024-05-01T10:00:00.000+02:00', r: 1 },
          { ts: '2024-05-01T10:00:00.000+02:00', r: 4 },
        ],
      }),
    );
    const error = await apiError(client.rawResults(5));
    expect(error.message).toContain("surveys/:key/rawresults, item 1: field 'r' should be 0..3 but is 4");
  });

  it('reads the three kinds of raw result, tolerating unknown properties', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 200, {
        meta: {},
        data: [
          { ts: '2020-02-01T10:00:00.000+01:00', r: 2, f: { key: 3, name: 'Queue' }, newThing: true },
          { ts: '2020-02-01T10:00:00.000+01:00', o: { r: 2, text: 'slow', relevance: 0.5 } },
          { ts: '2020-02-01T10:00:00.000+01:00', data: [1, 0, 2, 5] },
          { ts: '2020-04-01T10:00:00.000+02:00', r: 0, o: { text: 'bad' } },
        ],
      }),
    );
    const items = await client.rawResults(5, { followup: true, openfeedback: true });
    expect(items.map((i) => i.kind)).toEqual(['press', 'text', 'hourly', 'press']);
    expect(items[0]).toMatchObject({ r: 2, followUp: { key: 3, name: 'Queue' }, text: null });
    expect(items[2]).toMatchObject({ counts: [1, 0, 2, 5] });
    expect(items[3]).toMatchObject({ r: 0, text: 'bad' });
    const sent = server?.requests[0]?.url.searchParams;
    expect(sent?.get('followup')).toBe('true');
    expect(sent?.get('openfeedback')).toBe('true');
  });

  it('says at once that a web page is not the API, even one labelled JSON (retrying cannot mend it)', async () => {
    const client = await clientFor(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('<html>proxy</html>');
      },
      { maxRetries: 1 },
    );
    const error = await apiError(client.question(1));
    expect(error.kind).toBe('config');
    expect(error.message).toMatch(
      /is not the service's API \(it answered a web page for .*\): check the service address/,
    );
    expect(server?.requests).toHaveLength(1);
  });
});

describe('cursor paging', () => {
  const ts = (minute: number): string => `2024-05-01T10:${String(minute).padStart(2, '0')}:00.000+02:00`;
  // Six presses; two pages of nominally 2 items, the first completed to the end of its last timestamp (minute 1).
  const all = [
    { ts: ts(0), r: 0 },
    { ts: ts(1), r: 1 },
    { ts: ts(1), r: 1 },
    { ts: ts(1), r: 1 },
    { ts: ts(2), r: 3 },
    { ts: ts(3), data: [0, 0, 4, 0] },
  ];
  const paged: Handler = (_req, res, url) => {
    const start = url.searchParams.get('date_start');
    const from = start === null ? 0 : all.findIndex((i) => Date.parse(i.ts) >= Date.parse(start));
    let end = Math.min(all.length, from + 2);
    while (end < all.length && all[end]?.ts === all[end - 1]?.ts) end++;
    const more = all[end]?.ts;
    sendJson(res, 200, { meta: more ? { moreResultsAfter: more } : {}, data: all.slice(from, end) });
  };

  it('continues at moreResultsAfter (inclusive), keeping a timestamp shared by several items whole', async () => {
    const client = await clientFor(paged);
    const pages = [];
    for await (const page of client.rawResultPages(9, {
      start: '2024-05-01T00:00:00Z',
      end: '2024-05-02T00:00:00Z',
    }))
      pages.push(page.items.length);
    expect(pages).toEqual([4, 2]);
    const second = server?.requests[1]?.url.searchParams;
    expect(second?.get('date_start')).toBe(ts(2));
    expect(second?.get('date_end')).toBe('2024-05-02T00:00:00.000Z');
    const items = await client.rawResults(9);
    // By hand: presses 0,1,1,1,3 and an hourly item of 4 presses of button 2 = 9 presses.
    const presses = items.reduce(
      (n, i) => n + (i.kind === 'press' ? 1 : i.kind === 'hourly' ? i.counts.reduce((a, b) => a + b, 0) : 0),
      0,
    );
    expect(presses).toBe(9);
  });

  it('refuses a cursor that would repeat the page’s last timestamp', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 200, {
        meta: { moreResultsAfter: ts(1) },
        data: [
          { ts: ts(0), r: 0 },
          { ts: ts(1), r: 1 },
        ],
      }),
    );
    const error = await apiError(client.rawResults(9));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/not later than the page's last timestamp/);
  });

  it('pages open feedback the same way', async () => {
    const client = await clientFor((_req, res, url) =>
      url.searchParams.get('date_start') === null
        ? sendJson(res, 200, {
            meta: { moreResultsAfter: ts(5) },
            data: [{ ts: ts(1), r: 0, text: 'a', spam: false }],
          })
        : sendJson(res, 200, {
            meta: {},
            data: [{ ts: ts(5), r: 3, text: 'b', relevance: 0.9, f: { key: 1, name: 'x' } }],
          }),
    );
    const texts = await client.openFeedback(4);
    expect(texts.map((t) => t.text)).toEqual(['a', 'b']);
    expect(texts[1]?.followUp).toEqual({ key: 1, name: 'x' });
  });
});

describe('results and the day-truncate defect', () => {
  it('asks for half a day before the start for day or coarser, the start itself for hour', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 200, [{ ts: '2024-03-31T00:00:00.000+01:00', data: [1, 2, 3, 4] }]),
    );
    const buckets = await client.results(3, {
      truncate: 'day',
      start: '2024-03-31T00:00:00.000+01:00',
      end: '2024-04-07T00:00:00.000+02:00',
    });
    expect(buckets).toEqual([{ ts: '2024-03-31T00:00:00.000+01:00', data: [1, 2, 3, 4] }]);
    await client.results(3, { truncate: 'hour', start: '2024-03-31T00:00:00.000+01:00' });
    await client.results(3, { start: new Date('2024-06-01T22:00:00Z') });
    const sent = (server?.requests ?? []).map((r) => [
      r.url.searchParams.get('truncate'),
      r.url.searchParams.get('date_start'),
    ]);
    expect(sent).toEqual([
      ['day', '2024-03-30T11:00:00.000Z'],
      ['hour', '2024-03-30T23:00:00.000Z'],
      ['day', '2024-06-01T10:00:00.000Z'],
    ]);
    expect(server?.requests[0]?.url.searchParams.get('date_end')).toBe('2024-04-06T22:00:00.000Z');
  });

  it('refuses a start that is not a timestamp with a zone', async () => {
    const client = await clientFor((_req, res) => sendJson(res, 200, []));
    await expect(client.results(3, { start: '2024-03-31' })).rejects.toThrow(/timestamp with a zone/);
  });
});

describe('offset paging', () => {
  it('collects every page with limit 100', async () => {
    const questions = Array.from({ length: 250 }, (_, i) => ({ key: i + 1, name: `q${i}`, locale: 'de-DE' }));
    const client = await clientFor((_req, res, url) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      sendJson(res, 200, {
        meta: { offset, limit, total: 250 },
        data: questions.slice(offset, offset + limit),
      });
    });
    const all = await client.allQuestions();
    expect(all.map((q) => q.key)).toEqual(questions.map((q) => q.key));
    expect(server?.requests.map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '100', '200']);
    await expect(client.questions({ limit: 101 })).rejects.toThrow(/'limit' must be 1..100/);
  });
});
