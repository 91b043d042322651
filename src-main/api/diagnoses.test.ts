// Each network failure names its real cause, with real servers on loopback: a website where the API should be, plain
// HTTP behind an https:// address, a certificate from a CA nobody trusts, a body cut short. The ones retrying
// cannot mend are said after the first attempt.
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import type { RetryInfo } from './http.ts';
import { createNetworkFetch } from './network.ts';
import { makeTestCa, opensslAvailable } from './testing/testCa.ts';
import type { TestCa } from './testing/testCa.ts';
import { createV2Client } from './v2/client.ts';
import type { V2ClientOptions } from './v2/client.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** A server on 127.0.0.1 that counts TCP connections (a TLS hello to a plain server never reaches a handler). */
async function listen(server: Server): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

const retries: RetryInfo[] = [];
function client(baseUrl: string, options: Partial<V2ClientOptions> = {}) {
  retries.length = 0;
  return createV2Client({
    baseUrl,
    token: 'tok-diagnoses',
    backoffMs: 1,
    sleep: async () => undefined,
    onRetry: (r) => void retries.push(r),
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const page = '<!DOCTYPE html>\n<html><head><title>Welcome</title></head><body>Our website</body></html>';

describe('a web page where the API should answer', () => {
  it('is said at once, for a page answered with 200 at every path', async () => {
    const { port } = await listen(
      createHttpServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(page);
      }),
    );
    const requests: string[] = [];
    const error = await failure(
      client(`http://127.0.0.1:${port}`, {
        fetch: (input, init) => (requests.push(String(input)), fetch(input, init)),
      }).experiencePoints(),
    );
    expect(error.message).toBe(
      `http://127.0.0.1:${port} is not the service's API (it answered a web page for experience-points.json): check the service address. Nothing stored was changed.`,
    );
    expect(error.kind).toBe('config');
    expect(requests).toHaveLength(1);
    expect(retries).toHaveLength(0);
  });

  it('is said for a 404 page too, and for HTML labelled as JSON', async () => {
    const { port } = await listen(
      createHttpServer((req, res) => {
        res.writeHead(req.url?.includes('button') ? 200 : 404, { 'Content-Type': 'application/json' });
        res.end(page);
      }),
    );
    const c = client(`http://127.0.0.1:${port}`);
    expect((await failure(c.experiencePoints())).message).toMatch(
      /is not the service's API \(it answered a web page for experience-points\.json, status 404\): check the service address/,
    );
    expect(retries).toHaveLength(0);
  });
});

describe('https:// to a port that speaks plain HTTP', () => {
  it('says the server does not speak HTTPS on that port, after one attempt', async () => {
    const { port, connections } = await listen(createHttpServer((_req, res) => res.end('{}')));
    for (const fetchImpl of [
      undefined,
      createNetworkFetch({ proxy: null, proxySource: 'test', systemCa: true }),
    ]) {
      const before = connections();
      const error = await failure(
        client(`https://127.0.0.1:${port}`, fetchImpl ? { fetch: fetchImpl } : {}).experiencePoints(),
      );
      expect(error.message).toBe(
        `The server at 127.0.0.1:${port} does not speak HTTPS on that port (it answered in plain HTTP): check the service address, its scheme and port. Nothing stored was changed.`,
      );
      expect(error.message).not.toMatch(/certificate/);
      expect(connections() - before).toBe(1);
      expect(retries).toHaveLength(0);
    }
  });
});

describe('a body cut short, and one that is not JSON', () => {
  it('calls only the truncated body "cut short", and retries both', async () => {
    const { port } = await listen(
      createHttpServer((req, res) => {
        if (req.url?.includes('experience-points')) {
          // 2,000 bytes promised, 15 sent, then the connection closes.
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '2000' });
          res.write('[{"experiencePo', () => res.destroy());
        } else {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end('{"status": "active", "token_name": ');
        }
      }),
    );
    const c = client(`http://127.0.0.1:${port}`, { maxRetries: 1 });
    const cut = await failure(c.experiencePoints());
    expect(retries.map((r) => r.reason)).toEqual(['the answer was cut short']);
    expect(cut.message).toMatch(/\(the answer was cut short\) after 2 attempts/);
    retries.length = 0;
    const garbled = await failure(c.get('token/introspect', {}));
    expect(retries.map((r) => r.reason)).toEqual(['the answer was not valid JSON']);
    expect(garbled.message).toMatch(/\(the answer was not valid JSON\) after 2 attempts/);
    expect(garbled.message).not.toMatch(/cut short/);
  });
});

describe.skipIf(!opensslAvailable())('a certificate that does not verify', () => {
  let ca: TestCa;
  beforeAll(() => {
    ca = makeTestCa(['127.0.0.1']);
  });
  afterAll(() => ca.remove());

  it('names the host, what is wrong and how to trust a company CA, after one attempt; the CA trusted, it syncs', async () => {
    const { port, connections } = await listen(
      createHttpsServer({ cert: ca.certPem, key: ca.keyPem }, (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('[]');
      }),
    );
    const base = `https://127.0.0.1:${port}`;
    const error = await failure(
      client(base, {
        fetch: createNetworkFetch({ proxy: null, proxySource: 'test', systemCa: true }),
      }).experiencePoints(),
    );
    expect(error.message).toBe(
      "The certificate of 127.0.0.1 is not trusted: it was issued by a certificate authority this computer does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE). If your company's network inspects HTTPS, trust its CA certificate: add it to the system's certificate store, or name its PEM file in NODE_EXTRA_CA_CERTS. Nothing stored was changed.",
    );
    expect(error.kind).toBe('network');
    expect(connections()).toBe(1);
    expect(retries).toHaveLength(0);

    const trusted = createNetworkFetch({
      proxy: null,
      proxySource: 'test',
      systemCa: true,
      extraCa: [ca.caPem],
    });
    expect(await client(base, { fetch: trusted }).experiencePoints()).toEqual([]);
  });

  it('says a certificate for another name is for another name', async () => {
    const other = makeTestCa(['feedback.example.com']);
    try {
      const { port } = await listen(
        createHttpsServer({ cert: other.certPem, key: other.keyPem }, (_q, r) => r.end('[]')),
      );
      const fetchImpl = createNetworkFetch({
        proxy: null,
        proxySource: 'test',
        systemCa: false,
        extraCa: [other.caPem],
      });
      const error = await failure(
        client(`https://127.0.0.1:${port}`, { fetch: fetchImpl }).experiencePoints(),
      );
      expect(error.message).toMatch(
        /^The certificate of 127\.0\.0\.1 is not trusted: it was issued for another name \(ERR_TLS_CERT_ALTNAME_INVALID\)\. Check the service address/,
      );
    } finally {
      other.remove();
    }
  });
});
