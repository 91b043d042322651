// What every v1 handler receives, and the two paging envelopes (offset and cursor) of api-v1.md §2.11.
import type { Params } from '../http/params.ts';
import { JSON_TYPE, type Reply, badRequest, jsonReply } from '../http/reply.ts';
import type { V1Company } from './company.ts';
import { timestampParam } from './timestamps.ts';

/** Nominal cursor page sizes (DECISIONS.md); tests may shrink them to exercise continuation. */
export interface PageSizes {
  raw: number;
  rawOpenFeedback: number;
  openFeedback: number;
  alerts: number;
}

export const DEFAULT_PAGE_SIZES: PageSizes = {
  raw: 100_000,
  rawOpenFeedback: 10_000,
  openFeedback: 10_000,
  alerts: 10_000,
};

export interface V1Context {
  company: V1Company;
  params: Params;
  pageSizes: PageSizes;
}

/** A numeric path key; 400 naming it when it is not a whole number. */
export function pathKey(text: string, name: string): number {
  if (!/^\d{1,15}$/.test(text))
    throw badRequest(`Path parameter '${name}' must be a numeric key, not '${text}'`);
  return Number(text);
}

/** offset (>= 0, default 0) and limit (1..100, default 50), then `{meta: {offset, limit, total}, data}`. */
export function offsetPage<T>(params: Params, items: T[], render: (item: T) => unknown): Reply {
  const offset = params.int('offset', 0) ?? 0;
  const limit = params.int('limit', 1, 100) ?? 50;
  return jsonReply({
    meta: { offset, limit, total: items.length },
    data: items.slice(offset, offset + limit).map(render),
  });
}

/** `{meta: {} | {moreResultsAfter}, data: [...]}` from already written item JSON. */
export function cursorReply(items: string, moreResultsAfter: string | undefined): Reply {
  const meta = moreResultsAfter === undefined ? '{}' : `{"moreResultsAfter":"${moreResultsAfter}"}`;
  return { status: 200, headers: {}, body: `{"meta":${meta},"data":[${items}]}`, contentType: JSON_TYPE };
}

/** date_start / date_end as UTC ms (either may be absent). */
export function dateRange(params: Params): { start: number | undefined; end: number | undefined } {
  return { start: timestampParam(params, 'date_start'), end: timestampParam(params, 'date_end') };
}

/** First position in a time-ordered press-index list whose press is at or after `utcMs`. */
export function lowerBound(list: Uint32Array, ts: Float64Array, utcMs: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ts[list[mid] ?? 0] ?? 0) < utcMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
