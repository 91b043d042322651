// The emulator's HTTP server on node:http: rate limiting, dispatch to the version routers, errors, compression.
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
} from 'node:http';
import { type Server as HttpsServer, createServer as createHttpsServer } from 'node:https';
import { promisify } from 'node:util';
import { deflate, gzip } from 'node:zlib';
import type { World } from '../world/types.ts';
import { type FaultKind, FaultPlan } from './faults.ts';
import { RateLimiter } from './rateLimit.ts';
import { HttpError, type Reply, errorReply } from './reply.ts';

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/** Bodies above this size are compressed when the client asks for gzip or deflate (api-v1.md §8). */
export const COMPRESSION_THRESHOLD = 1400;
export const DEFAULT_RATE_LIMIT = 10_000;

export interface RouteRequest {
  world: World;
  method: string;
  headers: IncomingHttpHeaders;
  url: URL;
  /** scheme://host:port as the client addressed the server (for absolute links). */
  origin: string;
}

/** Serves one version's paths; throws HttpError for refusals. */
export type Router = (req: RouteRequest) => Reply | Promise<Reply>;

export interface EmulatorServerOptions {
  world: World;
  /** Requests per credential per hour. */
  rateLimit?: number;
  routers: { v2: Router; v1?: Router };
  /** Fault injection; the server consults it on every request. */
  faults?: FaultPlan;
  /** Serve HTTPS with this certificate and key (PEM), as the real service does. */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** Told of every answer (tests: who asked, and whether it went out compressed). */
  onAnswer?: (info: ServedAnswer) => void;
}

export interface ServedAnswer {
  path: string;
  status: number;
  /** 'gzip', 'deflate' or null. */
  encoding: string | null;
  /** The body's size before compression. */
  bytes: number;
  /** The address the request came from (a proxy's, when one forwarded it). */
  remoteAddress: string;
}

/** The budget key: the presented credential, or the caller's address when none is presented. */
function rateKey(req: IncomingMessage, url: URL): string {
  // v1 (client id present) is budgeted per client id, whichever of the two auth methods it uses.
  const client = req.headers['x-svc-client-id'];
  if (typeof client === 'string' && client) return `client:${client}`;
  const token = req.headers['x-svc-api-token'];
  if (typeof token === 'string' && token) return `token:${token}`;
  const auth = url.searchParams.get('auth');
  if (auth) return `token:${auth}`;
  const basic = /^Basic\s+(\S+)/i.exec(req.headers.authorization ?? '');
  if (basic?.[1]) return `client:${Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] ?? ''}`;
  return `addr:${req.socket.remoteAddress ?? ''}`;
}

async function encode(
  req: IncomingMessage,
  body: string | Buffer,
): Promise<{ data: Buffer; encoding?: string }> {
  const data = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (data.length <= COMPRESSION_THRESHOLD) return { data };
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((e) => e.trim().split(';')[0]?.toLowerCase());
  if (accepted.includes('gzip')) return { data: await gzipAsync(data, { level: 4 }), encoding: 'gzip' };
  if (accepted.includes('deflate'))
    return { data: await deflateAsync(data, { level: 4 }), encoding: 'deflate' };
  return { data };
}

function faultReply(fault: FaultKind | null, plan: FaultPlan): Reply | null {
  if (fault === '500' || fault === '502' || fault === '503')
    return errorReply(Number(fault), `Injected fault ${fault}`);
  if (fault === '429')
    return errorReply(429, 'Injected fault: too many requests', {
      'Retry-After': String(plan.retryAfterSeconds),
    });
  return null;
}

// eslint-disable-next-line max-lines-per-function -- the server and its one request path (method check, route, faults, rate limit, reply) share the world, the limiter and the fault plan
export function createEmulatorServer(options: EmulatorServerOptions): Server | HttpsServer {
  const limiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const faults = options.faults ?? new FaultPlan();

  async function answer(req: IncomingMessage, url: URL): Promise<Reply> {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD')
      return errorReply(405, `Method ${method} is not allowed; every operation is a GET`, {
        Allow: 'GET, HEAD',
      });
    const request: RouteRequest = {
      world: options.world,
      method,
      headers: req.headers,
      url,
      origin: `${options.tls ? 'https' : 'http'}://${req.headers.host ?? `${req.socket.localAddress ?? '127.0.0.1'}:${req.socket.localPort ?? 80}`}`,
    };
    try {
      if (url.pathname === '/v2' || url.pathname.startsWith('/v2/')) return await options.routers.v2(request);
      if (options.routers.v1 && (url.pathname === '/v1' || url.pathname.startsWith('/v1/')))
        return await options.routers.v1(request);
      return errorReply(404, `No such path: ${url.pathname}`);
    } catch (error) {
      if (error instanceof HttpError) return errorReply(error.status, error.message, error.headers);
      return errorReply(500, 'Internal error in the emulator');
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://emulator.invalid');
    } catch {
      url = new URL('http://emulator.invalid/');
    }
    const rate = limiter.take(rateKey(req, url), Date.now());
    const fault = faults.next();
    if (fault === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault === 'slow') await new Promise((r) => setTimeout(r, faults.slowMs));
    const reply =
      rate.retryAfter !== undefined
        ? errorReply(429, 'The hourly request budget is spent; retry after the time in Retry-After', {
            'Retry-After': String(rate.retryAfter),
          })
        : (faultReply(fault, faults) ?? (await answer(req, url)));
    if (fault === 'invalid-json') {
      // What a misbehaving proxy might send: half a body, then an HTML page, still labelled JSON.
      const text = typeof reply.body === 'string' ? reply.body : reply.body.toString('utf8');
      reply.body = `${text.slice(0, Math.floor(text.length / 2))}<html>502 Bad Gateway</html>`;
      reply.contentType = 'application/json; charset=utf-8';
    }
    const { data, encoding } = await encode(req, reply.body);
    const headers: Record<string, string> = {
      ...reply.headers,
      'Content-Type': reply.contentType,
      'Content-Length': String(data.length),
      'X-Svc-RateLimit-Limit': String(rate.limit),
      'X-Svc-RateLimit-Remaining': String(rate.remaining),
    };
    if (encoding) {
      headers['Content-Encoding'] = encoding;
      headers.Vary = 'Accept-Encoding';
    }
    res.writeHead(reply.status, headers);
    options.onAnswer?.({
      path: url.pathname,
      status: reply.status,
      encoding: encoding ?? null,
      bytes: typeof reply.body === 'string' ? Buffer.byteLength(reply.body) : reply.body.length,
      remoteAddress: req.socket.remoteAddress ?? '',
    });
    if (fault === 'truncate' && req.method !== 'HEAD') {
      // The promised Content-Length is never reached: the client sees a body cut short.
      res.write(data.subarray(0, Math.floor(data.length / 2)), () => res.destroy());
      return;
    }
    res.end(req.method === 'HEAD' ? undefined : data);
  }

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          status: 500,
          error: 'Internal Server Error',
          message: 'Internal error in the emulator',
        }),
      );
    });
  };
  return options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, listener)
    : createServer(listener);
}
