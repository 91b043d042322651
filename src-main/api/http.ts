// The service's HTTP transport: base-URL rule, auth headers, timeouts, cancellation, 429 waits, retries with backoff.
import { bodyBuffers, bodyText, decodeBody } from './answerBody.ts';
import { ApiError, isAbortError } from './errors.ts';
import { describeFetchFailure } from './netFailure.ts';
import { createPacer } from './pacing.ts';
import type { PaceInfo, PacingOptions } from './pacing.ts';

export interface RetryInfo {
  endpoint: string;
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  reason: string;
  rateLimited: boolean;
}

export interface HttpOptions {
  /** The service's base address (without `/v1` or `/v2`); checked by `checkBaseUrl`. */
  baseUrl: string;
  /** Headers sent with every request (e.g. the token header). */
  headers: Record<string, string>;
  /** Strings that must never appear in an error message (the token); replaced by `***`. */
  secrets?: readonly string[];
  /** What a 401 says after "The service at <origin> " (v1 names its client id and API token); default: the v2 token. */
  authFailure?: string;
  fetch?: typeof globalThis.fetch;
  /** Per attempt, headers and body together. */
  timeoutMs?: number;
  /** Retries after 5xx, network errors, timeouts and unreadable bodies. */
  maxRetries?: number;
  /** How many 429 answers in a row are waited out before giving up. */
  maxRateLimitWaits?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A Retry-After longer than this is capped (the wait stays cancellable either way). */
  maxRetryAfterMs?: number;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  onRetry?: (info: RetryInfo) => void;
  /** Pacing from X-Svc-RateLimit-Remaining (pacing.ts); false turns it off. */
  pacing?: PacingOptions | false;
  /** Called before each paced pause. */
  onPace?: (info: PaceInfo & { endpoint: string }) => void;
  /** Ask for gzip (default: yes, except plain http on loopback, where compressing costs more than it saves). */
  compression?: boolean;
}

export interface JsonResponse {
  body: unknown;
  headers: Headers;
  url: string;
  /** What the caller's `readBytes` made of a successful answer's bytes (then `body` is undefined), when it did. */
  read?: unknown;
}

/**
 * Reads a successful answer's bytes straight into the caller's value (valid only during the call: the buffer is
 * reused), or undefined: the answer is then decoded and parsed as JSON as any other.
 */
export type BytesReader = (bytes: Uint8Array) => unknown;

export interface HttpClient {
  /** `scheme://host:port` of the service. */
  readonly origin: string;
  /** The normalised base URL (no trailing slash). */
  readonly baseUrl: string;
  /** An absolute URL below the base, with query parameters (undefined values left out). */
  url(path: string, query?: Record<string, string | number | boolean | undefined>): URL;
  /**
   * GET and parse JSON, with retries; `endpoint` names the resource in messages. With `readBytes`, a successful
   * answer is offered to it first, as bytes (`read`).
   */
  getJson(url: URL, endpoint: string, signal?: AbortSignal, readBytes?: BytesReader): Promise<JsonResponse>;
}

const loopbackHosts = new Set(['localhost', '[::1]']);

function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Returns the base URL without a trailing slash, or throws a `config` ApiError saying what is wrong with it. */
export function checkBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(
      'config',
      `'${raw}' is not a valid address. Give the service's base URL, e.g. https://service.example.com.`,
    );
  }
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new ApiError(
      'config',
      `The base URL must start with https:// (plain http:// is allowed only for localhost), not '${url.protocol}//${url.host}'.`,
    );
  if (url.username || url.password)
    throw new ApiError(
      'config',
      'The base URL must not contain a user name or password; store the token with `feedback-desk login` instead.',
    );
  if (url.search || url.hash)
    throw new ApiError('config', 'The base URL must not contain a query string or fragment.');
  return url.href.replace(/\/+$/, '');
}

// eslint-disable-next-line max-lines-per-function -- a client factory: pacing, retries and attempts share the client's clock, queue and options through closures
export function createHttpClient(options: HttpOptions): HttpClient {
  const baseUrl = checkBaseUrl(options.baseUrl);
  const origin = new URL(baseUrl).origin;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 5;
  const maxRateLimitWaits = options.maxRateLimitWaits ?? 20;
  const backoffMs = options.backoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 3_600_000;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? sleepCancellable;
  const secrets = (options.secrets ?? []).filter((s) => s.length > 0);
  const pacer = options.pacing === false ? null : createPacer(options.pacing ?? {});
  const encoding =
    (options.compression ?? !(isLoopbackHost(new URL(baseUrl).hostname) && baseUrl.startsWith('http:')))
      ? {}
      : { 'Accept-Encoding': 'identity' };
  const bodies = bodyBuffers();
  const timeoutText = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;

  // Our own sentences never hold the token; text that comes from the service (its error message) might echo it.
  const redact = (text: string): string => secrets.reduce((t, s) => t.split(s).join('***'), text);
  const fail = (kind: ApiError['kind'], message: string, endpoint: string, status?: number): ApiError =>
    new ApiError(kind, message, status === undefined ? { endpoint } : { endpoint, status });

  function url(path: string, query: Record<string, string | number | boolean | undefined> = {}): URL {
    const u = new URL(`${baseUrl}/${path.replace(/^\/+/, '')}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, String(v));
    return u;
  }

  async function getJson(
    target: URL,
    endpoint: string,
    signal?: AbortSignal,
    readBytes?: BytesReader,
  ): Promise<JsonResponse> {
    // Never send the token anywhere but the configured service (a Link header could point elsewhere).
    if (target.origin !== origin)
      throw fail(
        'invalid',
        `The service pointed ${endpoint} to another address (${target.origin}); Feedback Desk refuses to follow it.`,
        endpoint,
      );
    let failures = 0;
    let rateLimitWaits = 0;
    for (;;) {
      if (signal?.aborted) throw cancelled(endpoint);
      const pace = pacer?.delayMs();
      if (pace) {
        options.onPace?.({ ...pace, endpoint });
        await sleep(pace.delayMs, signal).catch(() => {
          throw cancelled(endpoint);
        });
      }
      const outcome = await attempt(target, endpoint, signal, readBytes);
      if (outcome.ok) return outcome.response;
      let delayMs: number;
      if (outcome.rateLimited) {
        rateLimitWaits++;
        if (rateLimitWaits > maxRateLimitWaits)
          throw fail(
            'service',
            `The service kept answering 'too many requests' for ${endpoint}. Wait an hour, then sync again; it resumes where it stopped.`,
            endpoint,
            429,
          );
        delayMs = outcome.retryAfterMs ?? backoff(rateLimitWaits);
        delayMs = Math.min(delayMs, maxRetryAfterMs);
      } else {
        failures++;
        if (failures > maxRetries) throw outcome.finalError(failures);
        delayMs = backoff(failures);
      }
      options.onRetry?.({
        endpoint,
        attempt: outcome.rateLimited ? rateLimitWaits : failures,
        delayMs,
        reason: outcome.reason,
        rateLimited: outcome.rateLimited,
      });
      await sleep(delayMs, signal).catch(() => {
        throw cancelled(endpoint);
      });
    }
  }

  /** Exponential backoff with full jitter: uniform in [0.5, 1] × base × 2^(n-1), capped. */
  function backoff(n: number): number {
    const ceiling = Math.min(maxBackoffMs, backoffMs * 2 ** (n - 1));
    return Math.round(ceiling * (0.5 + random() / 2));
  }

  function cancelled(endpoint: string): ApiError {
    return new ApiError('cancelled', 'The sync was cancelled.', { endpoint });
  }

  type Outcome =
    | { ok: true; response: JsonResponse }
    | { ok: false; rateLimited: true; retryAfterMs: number | null; reason: string }
    | { ok: false; rateLimited: false; reason: string; finalError: (attempts: number) => ApiError };

  // eslint-disable-next-line max-lines-per-function, complexity -- one request's outcome: every failure (timeout, abort, network, HTTP status, rate limit, body) becomes a retry, a wait or a final error here, in one place so none is missed
  async function attempt(
    target: URL,
    endpoint: string,
    signal?: AbortSignal,
    readBytes?: BytesReader,
  ): Promise<Outcome> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const networkFailure = (reason: string): Outcome => ({
      ok: false,
      rateLimited: false,
      reason,
      finalError: (n) =>
        fail(
          'network',
          `Could not get ${endpoint} from ${origin} (${reason}) after ${n} attempts. Check the network connection and the base URL, then sync again; it resumes where it stopped.`,
          endpoint,
        ),
    });
    let res: Response;
    try {
      res = await doFetch(target, {
        headers: { Accept: 'application/json', ...encoding, ...options.headers },
        signal: combined,
      });
    } catch (error) {
      if (signal?.aborted) throw cancelled(endpoint);
      if (isAbortError(error)) return networkFailure(`no answer within ${timeoutText}`);
      const failure = describeFetchFailure(error, target);
      // An untrusted certificate, plain HTTP behind https://, a refusing proxy: retrying cannot mend them.
      if (failure.final) throw new ApiError('network', failure.final, { endpoint, immediate: true });
      return networkFailure(failure.reason);
    }
    pacer?.observe(res.headers);
    const status = res.status;
    let text = '';
    let body: { bytes: Uint8Array; release: () => void } | null = null;
    try {
      if (readBytes && status >= 200 && status < 300) body = await bodies.read(res);
      else text = await bodyText(res);
    } catch (error) {
      if (signal?.aborted) throw cancelled(endpoint);
      if (isAbortError(error)) return networkFailure(`the answer did not arrive within ${timeoutText}`);
      // The headers came, the body stopped: the only failure that is "cut short".
      return networkFailure('the answer was cut short');
    }
    if (body) {
      // Offered to the caller's reader as bytes first; when it does not take them, decoded as `text()` would.
      try {
        const read = readBytes?.(body.bytes);
        if (read !== undefined)
          return {
            ok: true,
            response: { body: undefined, headers: res.headers, url: res.url || target.href, read },
          };
        text = decodeBody(body.bytes);
      } finally {
        body.release();
      }
    }
    // A web page where the API should answer (a website, a sign-in page) is not mended by asking again; a gateway's
    // error page (5xx, 408, 429) is retried like any such status.
    if (!(status >= 500 || status === 408 || status === 429) && isWebPage(text))
      throw new ApiError(
        'config',
        `${origin} is not the service's API (it answered a web page for ${endpoint}${status >= 300 ? `, status ${status}` : ''}): check the service address. Nothing stored was changed.`,
        { endpoint, status, immediate: true },
      );
    if (status >= 200 && status < 300) {
      try {
        const body: unknown = JSON.parse(text);
        return { ok: true, response: { body, headers: res.headers, url: res.url || target.href } };
      } catch {
        return networkFailure('the answer was not valid JSON');
      }
    }
    const detail = redact(errorDetail(text));
    if (status === 429)
      return {
        ok: false,
        rateLimited: true,
        retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
        reason: '429 too many requests',
      };
    if (status === 401)
      throw fail(
        'auth',
        `The service at ${origin} ${options.authFailure ?? 'refused the API token (401). Check that the token is valid and not revoked, then try again.'}`,
        endpoint,
        status,
      );
    if (status === 403)
      throw fail(
        'auth',
        `The API token may not read ${endpoint} (403${detail ? `: ${detail}` : ''}). Ask an administrator for a token with the needed scope and experience points.`,
        endpoint,
        status,
      );
    if (status >= 500 || status === 408) {
      const reason = `${status}${detail ? ` ${detail}` : ''}`;
      return {
        ok: false,
        rateLimited: false,
        reason,
        finalError: (n) =>
          fail(
            'service',
            `The service kept failing for ${endpoint} (${reason}) after ${n} attempts. Try again later; the sync resumes where it stopped.`,
            endpoint,
            status,
          ),
      };
    }
    throw fail(
      'service',
      `The service rejected the request for ${endpoint} (${status}${detail ? `: ${detail}` : ''}). This looks like a bug in Feedback Desk; please report it.`,
      endpoint,
      status,
    );
  }

  return { origin, baseUrl, url, getJson };
}

/** The `message` of a DECISIONS.md error body, or a short excerpt of whatever came (text), or ''. */
function errorDetail(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
      return clip(parsed.message);
  } catch {
    // Not JSON (a gateway's HTML page, or nothing): fall through to a plain excerpt.
  }
  return /^\s*</.test(text) ? '' : clip(text.trim());
}

/** An HTML (or XML) document, by how the body starts: JSON never starts with `<` (its type label may lie either way). */
function isWebPage(text: string): boolean {
  return /^\uFEFF?\s*</.test(text.slice(0, 512));
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine;
}

/** Seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function sleepCancellable(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
