// Web mode's loopback HTTP bridge: serves the built renderer and carries the contract's commands and events.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  eventNames,
  fail,
  checkCommandArgs,
  isCommandName,
  type CommandName,
  type EventName,
  type Events,
  type Handlers,
  type Result,
} from '#shared/contract.ts';

import { createEventStreamHub } from './eventStream.ts';
import { securityHeaders } from './securityHeaders.ts';
import { createWebSession, type WebSession } from './session.ts';
import { readStaticFile } from './staticFiles.ts';

export type SubscribeToEvent = <E extends EventName>(
  name: E,
  listener: (payload: Events[E]) => void,
) => () => void;

export interface WebServerOptions {
  handlers: Handlers;
  onEvent: SubscribeToEvent;
  /** The built renderer (out/renderer), holding index.html. */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Largest accepted request body, in bytes. */
  maxBodyBytes?: number;
  /** Export downloads (src-main/export/downloadShelf.ts): a file by its one-time id, or null. */
  takeDownload?: (id: string) => { fileName: string; mime: string; bytes: Buffer } | null;
  /** Largest accepted body of an export command (a report carries charts and tables), in bytes. */
  maxExportBodyBytes?: number;
  /** Told about a handler that threw (the page only gets a generic error). Never given secrets by this module. */
  onHandlerError?: (command: CommandName, error: unknown) => void;
}

export interface RunningWebServer {
  /** The one URL to open: it carries the session token. */
  url: string;
  origin: string;
  port: number;
  close(): Promise<void>;
}

const invokePrefix = '/api/invoke/';
const downloadPrefix = '/api/download/';

/** Always binds to 127.0.0.1: web mode is for this machine only. */
// eslint-disable-next-line max-lines-per-function -- the web server and its request handler share the sessions, handlers and downloads through closures
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const maxBodyBytes = options.maxBodyBytes ?? 256 * 1024;
  const maxExportBodyBytes = options.maxExportBodyBytes ?? 16 * 1024 * 1024;
  const hub = createEventStreamHub();
  let session: WebSession | null = null;

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    if (!session) return sendText(res, 503, 'Starting.');
    handle(req, res, session).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'Internal error.');
      else res.destroy();
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  // eslint-disable-next-line complexity -- the loopback bridge's one request path: origin and token checks, then a branch per route (command, events, download, static files)
  async function handle(req: IncomingMessage, res: ServerResponse, s: WebSession): Promise<void> {
    if (!s.hostAllowed(req)) return sendText(res, 403, 'Forbidden: this server answers to 127.0.0.1 only.');
    if (!s.fetchSiteAllowed(req)) return sendText(res, 403, 'Forbidden: cross-site request.');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // The API is routed on the path exactly as sent: `new URL` resolves `..` and `.` segments, which would let
    // `/api/invoke/app:getState/../store:rebuild` reach another command than the one named.
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && url.pathname === '/' && url.searchParams.has('session')) {
      if (!s.tokenMatches(url.searchParams.get('session')))
        return sendText(res, 403, 'Forbidden: wrong session token.');
      // Trade the token for a cookie and drop it from the address bar.
      res.writeHead(303, { Location: '/', 'Set-Cookie': s.setCookieHeader() });
      return void res.end();
    }
    if (!s.hasSession(req))
      return sendText(
        res,
        403,
        'Forbidden: open the URL that `feedback-desk serve` printed (it carries the session).',
      );

    if ((rawPath.startsWith('/api/') || url.pathname.startsWith('/api/')) && rawPath !== url.pathname)
      return sendJson(res, 404, fail('not-found', 'No such endpoint.'));
    if (rawPath.startsWith(invokePrefix)) {
      if (req.method !== 'POST')
        return sendJson(res, 405, fail('bad-request', 'Use POST.'), { Allow: 'POST' });
      if (!s.originAllowed(req)) return sendJson(res, 403, fail('bad-request', 'Forbidden: wrong origin.'));
      return invoke(req, res, rawPath.slice(invokePrefix.length));
    }
    if (rawPath === '/api/events') {
      if (req.method !== 'GET') return sendJson(res, 405, fail('bad-request', 'Use GET.'), { Allow: 'GET' });
      // A browser sends no Origin on its own same-origin EventSource; one that names another origin is refused.
      if (req.headers.origin !== undefined && !s.originAllowed(req))
        return sendJson(res, 403, fail('bad-request', 'Forbidden: wrong origin.'));
      if (!hub.attach(res)) sendJson(res, 503, fail('busy', 'Too many open pages; close one and reload.'));
      return;
    }
    if (rawPath.startsWith(downloadPrefix)) {
      if (req.method !== 'GET') return sendText(res, 405, 'Use GET.', { Allow: 'GET' });
      const file = options.takeDownload?.(rawPath.slice(downloadPrefix.length)) ?? null;
      if (!file) return sendText(res, 404, 'This export is no longer waiting; export it again.');
      res.writeHead(200, {
        'Content-Type': file.mime,
        'Content-Length': file.bytes.length,
        'Content-Disposition': contentDisposition(file.fileName),
        'Cache-Control': 'no-store',
      });
      return void res.end(file.bytes);
    }
    if (rawPath.startsWith('/api/')) return sendJson(res, 404, fail('not-found', 'No such endpoint.'));
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendText(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    const file = await readStaticFile(options.rendererDir, url.pathname);
    if (!file) return sendText(res, 404, 'Not found.');
    res.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': file.body.length });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  async function invoke(req: IncomingMessage, res: ServerResponse, rawName: string): Promise<void> {
    if (!isCommandName(rawName)) return sendJson(res, 404, fail('bad-request', 'Unknown command.'));
    const command = rawName;
    const type = req.headers['content-type'] ?? '';
    // JSON only: a cross-origin page cannot send this type without a preflight, which is never granted.
    if (!/^application\/json(;|$)/i.test(type)) return sendJson(res, 415, fail('bad-request', 'Send JSON.'));
    const body = await readBody(req, command.startsWith('export:') ? maxExportBodyBytes : maxBodyBytes);
    if (body === 'too-large')
      return sendJson(res, 413, fail('bad-request', 'The request is too large.'), { Connection: 'close' });
    let value: unknown;
    try {
      value = body.length === 0 ? undefined : JSON.parse(body);
    } catch {
      return sendJson(res, 400, fail('bad-request', 'The request is not valid JSON.'));
    }
    const checked = checkCommandArgs(command, value);
    if (!checked.ok)
      return sendJson(res, 400, fail('bad-request', `Invalid arguments for ${command}: ${checked.message}.`));
    let result: Result<unknown>;
    try {
      result = await dispatch(options.handlers, command, checked.args);
    } catch (error) {
      options.onHandlerError?.(command, error);
      result = fail(
        'internal',
        'Something went wrong inside Feedback Desk. Try again; if it persists, restart it.',
      );
    }
    sendJson(res, 200, result);
  }

  const unsubscribers = eventNames.map((name) =>
    options.onEvent(name, (payload) => hub.broadcast(name, payload)),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the web server did not bind a TCP port');
  const { port } = address;
  session = createWebSession(port);
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?session=${session.token}`,
    origin,
    port,
    async close() {
      for (const off of unsubscribers) off();
      hub.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Calls one handler with arguments already checked for it (the command/argument link is lost on a union). */
function dispatch<K extends CommandName>(
  handlers: Handlers,
  command: K,
  args: Parameters<Handlers[K]>[0],
): Promise<Result<unknown>> {
  const handler: (a: Parameters<Handlers[K]>[0]) => Promise<Result<unknown>> = handlers[command];
  return handler(args);
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

function readBody(req: IncomingMessage, limit: number): Promise<string | 'too-large'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve('too-large');
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text + '\n');
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
