// The v2 client against a real loopback server: token header, paging, validation, retries, 429, auth, cancellation.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { checkBaseUrl } from '../http.ts';
import { sendJson, startLoopbackServer } from '../testing/loopbackServer.ts';
import type { Handler, LoopbackServer } from '../testing/loopbackServer.ts';
import { createV2Client } from './client.ts';
import type { V2ClientOptions } from './client.ts';

const token = 'secret-token-123';
let server: LoopbackServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const delays: number[] = [];
async function clientFor(handler: Handler, options: Partial<V2ClientOptions> = {}) {
  server = await startLoopbackServer(handler);
  delays.length = 0;
  return createV2Client({
    baseUrl: server.url,
    token,
    backoffMs: 1,
    sleep: async (ms) => void delays.push(ms),
    random: () => 1,
    ...options,
  });
}

const feedback = (i: number): Record<string, unknown> => ({
  feedbackId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  smileyId: 5,
  localTime: '2024-05-01T10:00:00.000+02:00',
  surveyId: 1,
  experiencePointId: 2,
  buttonIndex: i % 4,
  misuse: false,
  smileyType: 'SMILEY_TERMINAL',
  position: 0,
  ui: 'physical',
  someFutureField: { nested: true }, // objects grow: tolerated
});
const window = { startDate: '2024-01-01', endDate: '2025-01-01', includeMisuse: true, limit: 10 };

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

/** Serves 25 records with the documented paging headers (Link carries the offset advanced by limit). */
const pagedFeedback: Handler = (_req, res, url) => {
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 1000);
  const items = Array.from({ length: 25 }, (_, i) => feedback(i)).slice(offset, offset + limit);
  const more = offset + limit < 25;
  const next = new URL(url.href.replace('http://127.0.0.1', server?.url ?? ''));
  next.searchParams.set('offset', String(offset + limit));
  sendJson(res, 200, items, {
    'X-More-Available': String(more),
    ...(more ? { Link: `<${next.href}>; rel="next"` } : {}),
  });
};

describe('base URL rule', () => {
  it('allows https anywhere and http on loopback only', () => {
    expect(checkBaseUrl('https://svc.example.com/')).toBe('https://svc.example.com');
    expect(checkBaseUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(checkBaseUrl('http://localhost:1')).toBe('http://localhost:1');
    expect(checkBaseUrl('http://[::1]:1')).toBe('http://[::1]:1');
    expect(() => checkBaseUrl('http://svc.example.com')).toThrow(/must start with https/);
    expect(() => checkBaseUrl('http://127.0.0.1.example.com')).toThrow(/must start with https/);
    expect(() => checkBaseUrl('https://user:pw@svc.example.com')).toThrow(/user name or password/);
    expect(() => checkBaseUrl('not a url')).toThrow(/not a valid address/);
  });
});

describe('v2 client', () => {
  it('sends the token header and follows X-More-Available/Link paging to the end', async () => {
    const client = await clientFor(pagedFeedback);
    const pages = [];
    for await (const page of client.buttonFeedbackPages(window)) pages.push(page);
    expect(pages.map((p) => [p.offset, p.items.length, p.next?.offset ?? null])).toEqual([
      [0, 10, 10],
      [10, 10, 20],
      [20, 5, null],
    ]);
    expect(pages.flatMap((p) => p.items.map((f) => f.buttonIndex))).toEqual(
      Array.from({ length: 25 }, (_, i) => i % 4),
    );
    const first = server?.requests[0];
    expect(first?.headers['x-svc-api-token']).toBe(token);
    expect(first?.url.pathname).toBe('/v2/results/button-feedbacks.json');
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toMatchObject({
      startDate: '2024-01-01',
      endDate: '2025-01-01',
      includeMisuse: 'true',
      offset: '0',
      limit: '10',
    });
    expect(first?.url.searchParams.has('auth')).toBe(false); // the token never goes into a URL
  });

  it('resumes at a given offset', async () => {
    const client = await clientFor(pagedFeedback);
    const pages = [];
    for await (const page of client.buttonFeedbackPages(window, { startOffset: 20 })) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([5]);
  });

  it('refuses a Link to another host (the token must not travel)', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 200, [feedback(1)], {
        'X-More-Available': 'true',
        Link: '<https://elsewhere.example/v2/x?offset=1>; rel="next"',
      }),
    );
    const error = await apiError(
      (async () => {
        for await (const _ of client.buttonFeedbackPages({ ...window, limit: 1 })) void _;
      })(),
    );
    expect(error.message).toMatch(/another address/);
  });

  it('rejects a wrong type or a missing field, naming the endpoint, the item and the field', async () => {
    const { feedbackId: _, ...missing } = feedback(1);
    let client = await clientFor((_req, res) => sendJson(res, 200, [feedback(0), missing]));
    let error = await apiError(client.buttonFeedbackPage(window, 0));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain("results/button-feedbacks.json, item 1: field 'feedbackId' is missing");
    await server?.close();
    client = await clientFor((_req, res) => sendJson(res, 200, [{ ...feedback(0), buttonIndex: '3' }]));
    error = await apiError(client.buttonFeedbackPage(window, 40));
    expect(error.message).toContain("item 40: field 'buttonIndex' should be an integer but is a string");
    await server?.close();
    client = await clientFor((_req, res) =>
      sendJson(res, 200, [{ experiencePointId: 1, name: 'Root', type: 'FOLDER' }]),
    );
    error = await apiError(client.experiencePoints());
    expect(error.message).toContain(
      "experience-points.json, item 0: field 'type' should be one of GROUP, EXPERIENCE_POINT",
    );
  });

  it('reads the tree, the root without a parent', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 200, [
        { experiencePointId: 1, name: 'Root', type: 'GROUP' },
        { experiencePointId: 2, name: 'A', parent: 1, type: 'EXPERIENCE_POINT', extra: 1 },
      ]),
    );
    expect(await client.experiencePoints()).toEqual([
      { experiencePointId: 1, name: 'Root', parent: null, type: 'GROUP' },
      { experiencePointId: 2, name: 'A', parent: 1, type: 'EXPERIENCE_POINT' },
    ]);
  });

  it('waits Retry-After on 429, then goes on', async () => {
    const client = await clientFor((_req, res, _url, i) =>
      i < 2
        ? sendJson(
            res,
            429,
            { status: 429, error: 'Too Many Requests', message: 'budget spent' },
            { 'Retry-After': '7' },
          )
        : sendJson(res, 200, []),
    );
    expect((await client.buttonFeedbackPage(window, 0)).items).toEqual([]);
    expect(delays).toEqual([7000, 7000]);
  });

  it('retries 5xx with growing backoff, then succeeds', async () => {
    const client = await clientFor(
      (_req, res, _url, i) =>
        i < 3 ? sendJson(res, 503, { status: 503, error: 'x', message: 'busy' }) : sendJson(res, 200, []),
      { backoffMs: 100 },
    );
    await client.buttonFeedbackPage(window, 0);
    expect(delays).toEqual([100, 200, 400]); // random() = 1: the top of each jitter range
  });

  it('gives up on a persistent 5xx with a clear message, HTML bodies left out', async () => {
    const client = await clientFor(
      (_req, res) => {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        res.end('<html><body>Bad gateway</body></html>');
      },
      { maxRetries: 2 },
    );
    const error = await apiError(client.buttonFeedbackPage(window, 0));
    expect(error.kind).toBe('service');
    expect(error.message).toBe(
      'The service kept failing for results/button-feedbacks.json (502) after 3 attempts. Try again later; the sync resumes where it stopped.',
    );
    expect(server?.requests).toHaveLength(3);
  });

  it('retries a body cut short, and unreadable JSON', async () => {
    const client = await clientFor((_req, res, _url, i) => {
      if (i === 0) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        res.write('[{"feedbackId":');
        res.destroy();
      } else if (i === 1) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('[{"truncated');
      } else sendJson(res, 200, [feedback(1)]);
    });
    expect((await client.buttonFeedbackPage(window, 0)).items).toHaveLength(1);
    expect(delays).toHaveLength(2);
  });

  it('explains 401 and 403 without ever showing the token', async () => {
    let client = await clientFor((_req, res) =>
      sendJson(res, 401, { status: 401, error: 'Unauthorized', message: `unknown token ${token}` }),
    );
    let error = await apiError(client.experiencePoints());
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/refused the API token \(401\)/);
    expect(error.message).not.toContain(token);
    await server?.close();
    client = await clientFor((_req, res) =>
      sendJson(res, 403, {
        status: 403,
        error: 'Forbidden',
        message: `token ${token} lacks scope feedback:read`,
      }),
    );
    error = await apiError(client.buttonFeedbackPage(window, 0));
    expect(error.message).toContain(
      'may not read results/button-feedbacks.json (403: token *** lacks scope feedback:read)',
    );
    expect(error.message).not.toContain(token);
  });

  it('fails a 400 at once with the service’s reason', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 400, {
        status: 400,
        error: 'Bad Request',
        message: "parameter 'endDate' is more than 366 days after startDate",
      }),
    );
    const error = await apiError(client.buttonFeedbackPage(window, 0));
    expect(error.message).toContain("(400: parameter 'endDate' is more than 366 days after startDate)");
    expect(server?.requests).toHaveLength(1);
  });

  it('times out a silent server, retries, then says so', async () => {
    const client = await clientFor(() => undefined, { timeoutMs: 100, maxRetries: 1 });
    const error = await apiError(client.experiencePoints());
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(
      /^Could not get experience-points.json from http:\/\/127\.0\.0\.1:\d+ \(no answer within 100 ms\) after 2 attempts\./,
    );
  });

  it('reports an unreachable service', async () => {
    const client = await clientFor(() => undefined, { maxRetries: 1 });
    await server?.close();
    const error = await apiError(client.experiencePoints());
    expect(error.message).toMatch(/connection refused/);
  });

  it('stops at once when cancelled, even while waiting for an answer', async () => {
    const client = await clientFor(() => undefined, { sleep: undefined });
    const controller = new AbortController();
    const pending = client.buttonFeedbackPage(window, 0, controller.signal);
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const error = await apiError(pending);
    expect(error.kind).toBe('cancelled');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
