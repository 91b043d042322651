// v1 folder alerts: UTC or local ranges, cursor continuation over an "open at any time in the range" filter.
import { ApiError } from '../errors.ts';
import { parseLocalTimestamp } from '../../core/localTime.ts';
import { instantMs, instantParam, localMs, localParam } from './instants.ts';
import type { Instant } from './instants.ts';
import { cursorPages, parseCursorEnvelope } from './paging.ts';
import type { CursorPage } from './paging.ts';
import { parseAlert } from './records.ts';
import type { V1Alert } from './records.ts';

export interface AlertQuery {
  /** Include alerts of every folder below this one. */
  childFolders?: boolean;
  /** Instants: alerts that ended at or after `start` (or are open) and began before `end`. */
  start?: Instant;
  end?: Instant;
  /** The same in each survey's own wall-clock time (`yyyy-MM-ddTHH:mm:ss.SSS`); not together with start/end. */
  localStart?: string;
  localEnd?: string;
  signal?: AbortSignal;
}

type Query = Record<string, string | number | boolean | undefined>;

/** No wall clock is more than 12 hours behind UTC (Etc/GMT+12): a local time L is an instant before L + 12 h. */
const maxBehindMs = 12 * 3_600_000;

/**
 * Alert pages, each alert once, exactly those the range selects. The service's cursor is a beginTime, but its
 * range filter is on endTime ("open at any time in the range"), so continuing with `date_start = moreResultsAfter`
 * (DECISIONS.md) also lists alerts still open at that instant again — seen before, or begun before the caller's
 * start and ended before it. Those are dropped: by key, and by the caller's own bounds.
 *
 * A local range is asked for as such; its continuation cannot be (a local start late enough to move on could
 * drop alerts of zones behind the cursor's), so it continues with the instant range that surely holds the rest:
 * `date_start = moreResultsAfter`, `date_end` = the local end + 12 h, and keeps the alerts whose own wall-clock
 * times (written in their survey's zone) fall in the local range.
 */
export async function* alertPages(
  endpoint: string,
  q: AlertQuery,
  fetchBody: (query: Query, signal: AbortSignal) => Promise<unknown>,
): AsyncGenerator<CursorPage<V1Alert>> {
  const local = q.localStart !== undefined || q.localEnd !== undefined;
  if (local && (q.start !== undefined || q.end !== undefined))
    throw new ApiError(
      'config',
      'Give alerts either an instant range (start/end) or a local one (localStart/localEnd), not both.',
    );
  const base: Query = { child_folders: q.childFolders };
  let keep: (alert: V1Alert) => boolean;
  let continuation: (after: string) => Query;
  if (local) {
    const startMs = q.localStart === undefined ? null : localMs(q.localStart);
    const endMs = q.localEnd === undefined ? null : localMs(q.localEnd);
    if (q.localStart !== undefined) base.local_date_start = localParam(q.localStart, 'localStart');
    if (q.localEnd !== undefined) base.local_date_end = localParam(q.localEnd, 'localEnd');
    const wall = (ts: string): number => parseLocalTimestamp(ts)?.localMs ?? NaN;
    keep = (a) =>
      (startMs === null || a.endTime === null || wall(a.endTime) >= startMs) &&
      (endMs === null || wall(a.beginTime) < endMs);
    continuation = (after) => ({
      child_folders: q.childFolders,
      date_start: after,
      date_end: endMs === null ? undefined : new Date(endMs + maxBehindMs).toISOString(),
    });
  } else {
    const startMs = q.start === undefined ? null : instantMs(q.start, 'start');
    if (q.start !== undefined) base.date_start = instantParam(q.start, 'start');
    if (q.end !== undefined) base.date_end = instantParam(q.end, 'end');
    keep = (a) => startMs === null || a.endTime === null || instantMs(a.endTime, 'endTime') >= startMs;
    continuation = (after) => ({ ...base, date_start: after });
  }
  const seen = new Set<number>();
  const pages = cursorPages(
    endpoint,
    async (after, signal) =>
      parseCursorEnvelope(
        await fetchBody(after === null ? base : continuation(after), signal),
        endpoint,
        parseAlert,
      ),
    (a) => a.beginTime,
    q.signal,
  );
  for await (const page of pages) {
    const items = page.items.filter((a) => {
      if (seen.has(a.key) || !keep(a)) return false;
      seen.add(a.key);
      return true;
    });
    yield { items, moreResultsAfter: page.moreResultsAfter };
  }
}
