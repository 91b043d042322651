// Security of web mode's HTTP bridge, over real HTTP on 127.0.0.1 with a small in-memory Handlers object.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, type Events, type Handlers, type QuerySpec } from '#shared/contract.ts';
import { startWebServer, type RunningWebServer, type SubscribeToEvent } from './server.ts';
import { withStubs } from '#shared/testing/withStubs.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A tiny but real Handlers: a three-node tree and a query that records what it was given. */
function smallHandlers(): {
  handlers: Handlers;
  queries: QuerySpec[];
  emit(p: Events['sync:progress']): void;
  onEvent: SubscribeToEvent;
} {
  const queries: QuerySpec[] = [];
  const listeners = new Set<(p: Events['sync:progress']) => void>();
  const handlers: Handlers = withStubs({
    'app:getState': async () =>
      ok({ hasData: true, storePath: '/tmp/x.sqlite', lastSync: null, syncing: false }),
    'tree:list': async () => ok([{ experiencePointId: 1, name: 'Root', parent: null, type: 'GROUP' }]),
    'analytics:query': async (spec) => {
      queries.push(spec);
      return ok([{ day: '2024-01-01', buttonIndex: 0, count: 3 }]);
    },
    'analytics:scales': async () => ok({ scales: [], unknown: [] }),
    'demo:explore': async () => {
      throw new Error('secret-token-abc leaked?');
    },
    'sync:cancel': async () => fail('not-found', 'No sync is running.'),
    'store:rebuild': async () => ok({ setAsidePath: null }),
  });
  const onEvent: SubscribeToEvent = (name, listener) => {
    if (name !== 'sync:progress') return () => {};
    const l = listener as (p: Events['sync:progress']) => void; // the only event of the contract
    listeners.add(l);
    return () => listeners.delete(l);
  };
  return { handlers, queries, onEvent, emit: (p) => listeners.forEach((l) => l(p)) };
}

describe('web bridge security', () => {
  let dir: string;
  let server: RunningWebServer;
  let small: ReturnType<typeof smallHandlers>;
  let cookie: string;
  let host: string;
  const handlerErrors: unknown[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fd-web-'));
    const root = join(dir, 'renderer');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Feedback Desk</title>');
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(root, '.env'), 'SECRET=1');
    writeFileSync(join(dir, 'secret.txt'), 'outside');
    symlinkSync(join(dir, 'secret.txt'), join(root, 'assets', 'link.js'));
    small = smallHandlers();
    server = await startWebServer({
      handlers: small.handlers,
      onEvent: small.onEvent,
      rendererDir: root,
      onHandlerError: (_c, e) => handlerErrors.push(e),
    });
    host = `127.0.0.1:${server.port}`;
    const path = new URL(server.url).pathname + new URL(server.url).search;
    const answer = await send(server.port, 'GET', path, { Host: host });
    expect(answer.status).toBe(303);
    const setCookie = String(answer.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    cookie = setCookie.split(';')[0] ?? '';
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const withSession = (extra: Record<string, string> = {}): Record<string, string> => ({
    Host: host,
    Cookie: cookie,
    ...extra,
  });
  const post = (command: string, body: unknown, extra: Record<string, string> = {}): Promise<Answer> =>
    send(
      server.port,
      'POST',
      `/api/invoke/${command}`,
      withSession({ Origin: `http://${host}`, 'Content-Type': 'application/json', ...extra }),
      typeof body === 'string' ? body : JSON.stringify(body),
    );

  it('binds to loopback and prints a URL carrying the token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?session=[\w-]{40,}$/);
  });

  it('refuses every request without the session (403), pages, assets and API alike', async () => {
    expect((await send(server.port, 'GET', '/', { Host: host })).status).toBe(403);
    expect((await send(server.port, 'GET', '/assets/app.js', { Host: host })).status).toBe(403);
    expect((await send(server.port, 'GET', '/api/events', { Host: host })).status).toBe(403);
    const postNoCookie = await send(
      server.port,
      'POST',
      '/api/invoke/tree:list',
      { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json' },
      '{}',
    );
    expect(postNoCookie.status).toBe(403);
    expect((await send(server.port, 'GET', '/?session=wrong', { Host: host })).status).toBe(403);
    expect(
      (await send(server.port, 'GET', '/', { Host: host, Cookie: `${cookie.split('=')[0]}=forged` })).status,
    ).toBe(403);
  });

  it('serves the page with the session, with a strict CSP and security headers on every answer', async () => {
    const page = await send(server.port, 'GET', '/', withSession());
    expect(page.status).toBe(200);
    expect(page.body).toContain('Feedback Desk');
    for (const answer of [
      page,
      await send(server.port, 'GET', '/', { Host: host }),
      await post('nope', {}),
    ]) {
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('refuses a foreign Host header (DNS rebinding), even with the session', async () => {
    expect(
      (await send(server.port, 'GET', '/', withSession({ Host: `evil.example:${server.port}` }))).status,
    ).toBe(403);
    expect((await send(server.port, 'GET', '/', withSession({ Host: '127.0.0.1:1' }))).status).toBe(403);
    expect((await post('tree:list', {}, { Host: `attacker.test:${server.port}` })).status).toBe(403);
  });

  it('refuses POSTs without this origin, and cross-site or same-site fetches', async () => {
    const noOrigin = await send(
      server.port,
      'POST',
      '/api/invoke/tree:list',
      withSession({ 'Content-Type': 'application/json' }),
      '{}',
    );
    expect(noOrigin.status).toBe(403);
    expect((await post('tree:list', {}, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await post('tree:list', {}, { Origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(403);
    expect((await post('tree:list', {}, { Origin: 'null' })).status).toBe(403);
    expect((await post('tree:list', {}, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await post('tree:list', {}, { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect(
      (await send(server.port, 'GET', '/', withSession({ 'Sec-Fetch-Site': 'cross-site' }))).status,
    ).toBe(403);
  });

  it('answers a valid command with the handler Result', async () => {
    const answer = await post('tree:list', {}, { 'Sec-Fetch-Site': 'same-origin' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      ok: true,
      value: [{ experiencePointId: 1, name: 'Root', parent: null, type: 'GROUP' }],
    });
    expect(JSON.parse((await post('sync:cancel', {})).body)).toEqual(
      fail('not-found', 'No sync is running.'),
    );
  });

  it('refuses unknown commands, including prototype names', async () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString', 'tree:list/x', '..%2Fadmin']) {
      const answer = await post(name, {});
      expect(answer.status, name).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    }
    expect((await send(server.port, 'GET', '/api/invoke/tree:list', withSession())).status).toBe(405);
  });

  it('refuses bad arguments before any handler runs, and passes only checked copies', async () => {
    const before = small.queries.length;
    const bad = await post('analytics:query', {
      measures: ['count'],
      groupBy: ['day'],
      filter: { experiencePointIds: ['1 OR 1=1'] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect((await post('tree:list', { extra: true })).status).toBe(400);
    expect((await post('tree:list', '{not json')).status).toBe(400);
    expect((await post('tree:list', '{}', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect(small.queries.length).toBe(before);
    const good = await post('analytics:query', {
      measures: ['count'],
      groupBy: ['day', 'buttonIndex'],
      filter: { experiencePointIds: [1] },
    });
    expect(JSON.parse(good.body)).toEqual({
      ok: true,
      value: [{ day: '2024-01-01', buttonIndex: 0, count: 3 }],
    });
    expect(small.queries.at(-1)).toEqual({
      measures: ['count'],
      groupBy: ['day', 'buttonIndex'],
      filter: { experiencePointIds: [1] },
    });
  });

  it('refuses bodies over the size limit', async () => {
    const huge = JSON.stringify({ measures: ['count'], groupBy: [], filter: { pad: 'x'.repeat(300_000) } });
    expect((await post('analytics:query', huge)).status).toBe(413);
  });

  it('turns a throwing handler into a generic error that reveals nothing of it', async () => {
    const answer = await post('demo:explore', {});
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('secret');
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(handlerErrors).toHaveLength(1);
  });

  it('serves only files inside the renderer folder', async () => {
    expect((await send(server.port, 'GET', '/assets/app.js', withSession())).headers['content-type']).toMatch(
      /javascript/,
    );
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/link.js',
      '/.env',
      '/assets/..%5c..%5csecret.txt',
      '/nothing.js',
    ]) {
      expect((await send(server.port, 'GET', path, withSession())).status, path).toBe(404);
    }
  });

  it('matches command names exactly on the path as sent: no `..` or `.` reaches another command', async () => {
    const rebuilds: string[] = [];
    const original = small.handlers['store:rebuild'];
    small.handlers['store:rebuild'] = async () => {
      rebuilds.push('called');
      return ok({ setAsidePath: null });
    };
    try {
      for (const path of [
        '/api/invoke/app:getState/../store:rebuild',
        '/api/invoke/./store:rebuild',
        '/api/x/../invoke/store:rebuild',
        '/assets/../api/invoke/store:rebuild',
        '/api/invoke/app:getState/%2e%2e/store:rebuild',
      ]) {
        const answer = await send(
          server.port,
          'POST',
          path,
          withSession({ Origin: `http://${host}`, 'Content-Type': 'application/json' }),
          '{}',
        );
        expect(answer.status, path).toBe(404);
      }
      expect(rebuilds).toEqual([]);
      expect((await post('store:rebuild', {})).status).toBe(200); // the exact name still works
      expect(rebuilds).toEqual(['called']);
    } finally {
      small.handlers['store:rebuild'] = original;
    }
  });

  it("checks the event stream's Origin like every other route", async () => {
    const events = (extra: Record<string, string>): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: server.port, path: '/api/events', headers: withSession(extra) },
          (res) => {
            resolve(res.statusCode ?? 0);
            req.destroy();
          },
        );
        req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
        req.end();
      });
    expect(await events({ Origin: 'http://evil.example' })).toBe(403);
    expect(await events({ Origin: `http://127.0.0.1:${server.port + 1}` })).toBe(403);
    expect(await events({ Origin: 'null' })).toBe(403);
    expect(await events({ Origin: `http://${host}` })).toBe(200);
    expect(await events({})).toBe(200); // a browser's own same-origin EventSource sends none
  });

  it('pushes events to the page over server-sent events', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '/api/events', headers: withSession() },
        (res) => {
          expect(res.headers['content-type']).toMatch(/text\/event-stream/);
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
            if (text.includes('retry:') && !text.includes('event:'))
              small.emit({
                stream: 'v2:button-feedbacks',
                phase: 'running',
                items: 5,
                pages: 1,
                fraction: 0.5,
              });
            if (text.includes('\n\nevent:') || text.match(/data: \{.*\}\n\n/)) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(received).toContain(
      'event: sync:progress\ndata: {"stream":"v2:button-feedbacks","phase":"running","items":5',
    );
  });
});
