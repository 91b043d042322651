// A successful answer offered to the caller's reader as bytes (http.ts getJson's `readBytes`), over a real loopback
// server: the bytes are the body whole, however it arrives and whatever its size (kept buffers are reused and grown);
// a reader that declines gets the usual JSON; an error status, a web page and a body cut short go the usual ways.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { createHttpClient } from './http.ts';

/** What the server answers next, per path: status, body chunks, and whether to send a Content-Length. */
type Answer = { status?: number; chunks: string[]; length?: boolean; cut?: boolean; type?: string };
const answers = new Map<string, Answer[]>();
let base = '';

const server = createServer((req, res) => {
  const a = answers.get(req.url ?? '')?.shift() ?? { status: 404, chunks: ['{"message":"none"}'] };
  const body = a.chunks.join('');
  res.statusCode = a.status ?? 200;
  res.setHeader('Content-Type', a.type ?? 'application/json');
  if (a.length !== false) res.setHeader('Content-Length', Buffer.byteLength(body) + (a.cut ? 100 : 0));
  const send = (k: number): void => {
    if (k === a.chunks.length) {
      if (a.cut) res.socket?.destroy();
      else res.end();
      return;
    }
    res.write(a.chunks[k]);
    setTimeout(() => send(k + 1), 2); // separate reads on the client's side
  };
  send(0);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () =>
  createHttpClient({ baseUrl: base, headers: {}, maxRetries: 1, backoffMs: 1, pacing: false });
/** A reader that keeps a copy of the bytes it was offered (the buffer itself is reused) and takes them. */
const copying = (seen: string[]) => (bytes: Uint8Array) => {
  seen.push(Buffer.from(bytes).toString('utf8'));
  return { length: bytes.length };
};

describe('getJson with readBytes', () => {
  it('offers the whole body, in one or many chunks, with or without a length, small then larger', async () => {
    const big = JSON.stringify(Array.from({ length: 40_000 }, (_, i) => ({ i, t: 'é' })));
    const bodies: Answer[] = [
      { chunks: ['[1,2,3]'] },
      { chunks: [big.slice(0, 100_000), big.slice(100_000, 700_000), big.slice(700_000)], length: false },
      { chunks: [big], length: true },
      { chunks: ['["a"', ',"b"]'], length: false },
    ];
    answers.set('/bytes', [...bodies]);
    const http = client();
    for (const answer of bodies) {
      const seen: string[] = [];
      const response = await http.getJson(new URL(`${base}/bytes`), 'bytes', undefined, copying(seen));
      const body = answer.chunks.join('');
      expect(seen).toEqual([body]);
      expect(response.read).toEqual({ length: Buffer.byteLength(body) });
      expect(response.body).toBeUndefined();
    }
  });

  it('parses the JSON as usual when the reader declines', async () => {
    answers.set('/declined', [{ chunks: ['{"a":', '[1,"ü"]}'] }]);
    const response = await client().getJson(
      new URL(`${base}/declined`),
      'declined',
      undefined,
      () => undefined,
    );
    expect(response.body).toEqual({ a: [1, 'ü'] });
    expect(response.read).toBeUndefined();
  });

  it('never offers an error answer; retries a server error and offers the answer after it', async () => {
    const seen: string[] = [];
    answers.set('/retry', [{ status: 503, chunks: ['{"message":"busy"}'] }, { chunks: ['[7]'] }]);
    const response = await client().getJson(new URL(`${base}/retry`), 'retry', undefined, copying(seen));
    expect(seen).toEqual(['[7]']);
    expect(response.read).toEqual({ length: 3 });
    answers.set('/denied', [{ status: 403, chunks: ['{"message":"no scope"}'] }]);
    const denied = client().getJson(new URL(`${base}/denied`), 'denied', undefined, copying(seen));
    await expect(denied).rejects.toThrow(/may not read denied \(403: no scope\)/);
    expect(seen).toEqual(['[7]']);
  });

  it('says a web page is not the API when the reader declines it, and a cut body is retried, then failed', async () => {
    answers.set('/page', [{ chunks: ['<html><body>Sign in</body></html>'], type: 'text/html' }]);
    const page = client().getJson(new URL(`${base}/page`), 'page', undefined, () => undefined);
    await expect(page).rejects.toThrow(/is not the service's API \(it answered a web page for page\)/);
    answers.set('/cut', [
      { chunks: ['[1,2'], cut: true },
      { chunks: ['[1,2'], cut: true },
    ]);
    const cut = await client()
      .getJson(new URL(`${base}/cut`), 'cut', undefined, () => ({}))
      .catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ApiError);
    expect((cut as ApiError).message).toMatch(/the answer was cut short\) after 2 attempts/);
  });
});
