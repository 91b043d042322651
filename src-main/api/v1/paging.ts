// v1 paging envelopes (api-v1.md §2.11): offset `{meta:{offset,limit,total},data}` and cursor `{meta:{moreResultsAfter?},data}`.
import { parseLocalTimestamp, utcMs } from '../../core/localTime.ts';
import { invalid } from '../validate.ts';
import { array, at, int, inside, object, objectField, optTimestamp } from './fields.ts';
import type { At } from './fields.ts';

export interface OffsetPage<T> {
  items: T[];
  offset: number;
  limit: number;
  /** Items in the whole list. */
  total: number;
}

export interface CursorPage<T> {
  items: T[];
  /** Where the next page starts (inclusive, DECISIONS.md), or null after the last page. */
  moreResultsAfter: string | null;
}

/** The largest offset page the service gives (api-v1.md §8). */
export const maxOffsetLimit = 100;

export function parseOffsetEnvelope<T>(
  body: unknown,
  endpoint: string,
  parse: (value: unknown, a: At) => T,
): OffsetPage<T> {
  const a = at(endpoint);
  const o = object(body, a, 'an object with meta and data');
  const meta = objectField(o, 'meta', a);
  const ma = inside(a, 'meta');
  const offset = int(meta, 'offset', ma);
  const items = array(o, 'data', a).map((v, i) => parse(v, at(endpoint, offset + i)));
  return { items, offset, limit: int(meta, 'limit', ma), total: int(meta, 'total', ma) };
}

export function parseCursorEnvelope<T>(
  body: unknown,
  endpoint: string,
  parse: (value: unknown, a: At) => T,
): CursorPage<T> {
  const a = at(endpoint);
  const o = object(body, a, 'an object with meta and data');
  const meta = objectField(o, 'meta', a);
  const items = array(o, 'data', a).map((v, i) => parse(v, at(endpoint, i)));
  return { items, moreResultsAfter: optTimestamp(meta, 'moreResultsAfter', inside(a, 'meta')) };
}

const instant = (ts: string): number => {
  const t = parseLocalTimestamp(ts);
  return t ? utcMs(t) : NaN;
};

/**
 * Checks a page's continuation against DECISIONS.md: a page is cut only between two different timestamps, so
 * `moreResultsAfter` is later than every timestamp in the page; and each continuation moves forward. Following a
 * cursor that breaks either rule would count items twice or loop, so it is refused.
 */
export function checkContinuation<T>(
  page: CursorPage<T>,
  endpoint: string,
  timeOf: (item: T) => string,
  previous: string | null,
): void {
  const next = page.moreResultsAfter;
  if (next === null) return;
  const nextMs = instant(next);
  let latest = -Infinity;
  for (const item of page.items) latest = Math.max(latest, instant(timeOf(item)));
  if (!(nextMs > latest))
    throw invalid(
      { endpoint },
      `meta.moreResultsAfter '${next}' is not later than the page's last timestamp; continuing would count items twice`,
    );
  if (previous !== null && !(nextMs > instant(previous)))
    throw invalid(
      { endpoint },
      `meta.moreResultsAfter '${next}' does not move past the previous page's '${previous}'; paging would not end`,
    );
}

/**
 * Every page of a cursor-paged list. `fetchPage(after)` asks for the page starting at `after` (null: the first).
 * The next page is requested as soon as a page arrives, so it downloads while the caller handles this one; leaving
 * the loop early aborts it.
 */
export async function* cursorPages<T>(
  endpoint: string,
  fetchPage: (after: string | null, signal: AbortSignal) => Promise<CursorPage<T>>,
  timeOf: (item: T) => string,
  signal?: AbortSignal,
): AsyncGenerator<CursorPage<T>> {
  const local = new AbortController();
  const combined = signal ? AbortSignal.any([signal, local.signal]) : local.signal;
  let previous: string | null = null;
  let pending = fetchPage(null, combined);
  try {
    for (;;) {
      const page = await pending;
      checkContinuation(page, endpoint, timeOf, previous);
      const next = page.moreResultsAfter;
      if (next !== null) {
        pending = fetchPage(next, combined);
        pending.catch(() => undefined); // observed when awaited; never unhandled if the caller stops early
        previous = next;
      }
      yield page;
      if (next === null) return;
    }
  } finally {
    local.abort();
  }
}
