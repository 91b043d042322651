// `serve` in-process: real services on a temp SQLite file, real HTTP on 127.0.0.1, a stand-in renderer folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../index.ts';
import { createServeCommand } from './serve.ts';

function get(url: URL, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path, method: body === undefined ? 'GET' : 'POST', headers },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('feedback-desk serve', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('prints one session URL, answers through the real services, and stops on the signal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-serve-'));
    dirs.push(dir);
    const rendererDir = join(dir, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Feedback Desk</title>');
    const opened: string[] = [];
    const command = createServeCommand({ rendererDir, openBrowser: (u) => opened.push(u) });
    const controller = new AbortController();
    let out = '';
    const stdout = { write: (t: string) => (out += t) };
    const running = command.run(
      { port: 0, db: join(dir, 'data', 'store.sqlite') },
      { stdout, stderr: stdout, stdin: new PassThrough(), env: {}, signal: controller.signal },
    );
    while (!out.includes('Open ')) await new Promise((r) => setTimeout(r, 20));
    const printed = /Open (http:\/\/127\.0\.0\.1:\d+\/\?session=\S+)/.exec(out)?.[1] ?? '';
    expect(opened).toEqual([printed]);
    const url = new URL(printed);
    const host = url.host;
    expect((await get(url, '/', { Host: host })).status).toBe(403);
    const exchange = await get(url, url.pathname + url.search, { Host: host });
    const cookie = String(exchange.headers['set-cookie']).split(';')[0] ?? '';
    const state = await get(
      url,
      '/api/invoke/app:getState',
      { Host: host, Cookie: cookie, Origin: `http://${host}`, 'Content-Type': 'application/json' },
      '{}',
    );
    expect(JSON.parse(state.body)).toMatchObject({ ok: true, value: { hasData: false, syncing: false } });
    controller.abort();
    expect(await running).toBe(0);
  });

  it('refuses a bad port and says so in one line', async () => {
    let err = '';
    const io = {
      stdout: { write: () => true },
      stderr: { write: (t: string) => (err += t) },
      stdin: new PassThrough(),
      env: {},
      signal: new AbortController().signal,
    };
    expect(await runCli(['serve', '--port', '70000'], io)).toBe(2);
    expect(err).toBe("feedback-desk serve: option '--port' must be at most 65535, not 70000\n");
  });
});
