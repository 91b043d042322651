// Planning the windowed v2 resource streams (feedback lists, alerts, alert comments): date range, year-long windows,
// subtree roots, and the checkpoint cursor that resumes them.
import { parseLocalDate } from '../core/localTime.ts';
import { addDays, aroundSkip, daysBetween, trailingStart, validSkip } from './plan.ts';
import type { SkippedDays } from './plan.ts';

/** Where one windowed stream stands; stored as JSON in sync_checkpoint. Dates are local `yyyy-MM-dd`. */
export interface ListCursor {
  v: 1;
  kind: 'windows';
  /** Which service the cursor belongs to; a cursor of another source is never resumed. */
  source: string;
  /** Subtree roots (sorted, distinct), fetched one after the other in each window; null = the whole tree. */
  scope: number[] | null;
  /** The planned range: `from` inclusive, `to` exclusive. */
  from: string;
  to: string;
  /** The window being fetched (≤ 1 year, end exclusive), the index of its root in `scope`, the next offset. */
  windowStart: string;
  windowEnd: string;
  root: number;
  offset: number;
  /** True once every window up to `to` is stored. */
  complete: boolean;
  /** Days no window covers (stored already): a window ending at `from` is followed by one at `to` (plan.ts). */
  skip?: SkippedDays;
}

export interface ListPlanRequest {
  source: string;
  scope: number[] | null;
  from: string;
  to: string;
  /**
   * On an incremental run, how many whole days before the last sync's day are fetched again, as for the button
   * feedbacks (plan.ts): the last sync's UTC day is the previous end less two (a run's end is the day after
   * tomorrow), less one more for zones behind UTC.
   */
  trailingDays: number;
  /**
   * The previous cursor was completed earlier in this very run (newest first: the recent window, then the history):
   * its days are not fetched again, only those before it.
   */
  continuesRun?: boolean;
}

/** Scope roots in a canonical form (sorted, distinct); an empty list means the whole tree. */
export function normaliseScope(scope: readonly number[] | undefined | null): number[] | null {
  if (!scope || scope.length === 0) return null;
  return [...new Set(scope)].sort((a, b) => a - b);
}

const sameScope = (a: number[] | null, b: number[] | null): boolean =>
  a === null || b === null ? a === b : a.length === b.length && a.every((x, i) => x === b[i]);

export function parseListCursor(value: unknown): ListCursor | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  if (c.v !== 1 || c.kind !== 'windows' || typeof c.source !== 'string' || typeof c.complete !== 'boolean')
    return null;
  const dates = ['from', 'to', 'windowStart', 'windowEnd'] as const;
  if (!dates.every((k) => typeof c[k] === 'string' && parseLocalDate(c[k]) !== null)) return null;
  const count = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (!count(c.offset) || !count(c.root)) return null;
  if (c.scope !== null && !(Array.isArray(c.scope) && c.scope.every((x) => Number.isSafeInteger(x))))
    return null;
  if (!validSkip(c.skip)) return null;
  return value as ListCursor;
}

/** The window starting at `from`, around the skipped days (plan.ts `aroundSkip`). */
function listWindow(
  from: string,
  to: string,
  skip: SkippedDays,
): Pick<ListCursor, 'windowStart' | 'windowEnd'> {
  const w = aroundSkip(from, to, skip);
  return { windowStart: w.start, windowEnd: w.end };
}

/**
 * Where this run starts. An unfinished cursor of the same source and scope resumes exactly (its range widened to
 * `to`); a finished one makes the run incremental (from its end less the trailing days), and when asked to reach
 * further back than it, fetches the earlier days first and skips the stored ones; anything else starts at `from`.
 */
export function planListRun(previous: ListCursor | null, req: ListPlanRequest): ListCursor {
  const scope = normaliseScope(req.scope);
  const fresh = (from: string, start: string, to: string, skip: ListCursor['skip'] = null): ListCursor => ({
    v: 1,
    kind: 'windows',
    source: req.source,
    scope,
    from,
    to,
    ...listWindow(start, to, skip),
    ...(skip ? { skip } : {}),
    root: 0,
    offset: 0,
    complete: start >= to,
  });
  if (!previous || previous.source !== req.source || !sameScope(previous.scope, scope))
    return fresh(req.from, req.from, req.to);
  const earlier = req.from < previous.from;
  if (earlier && !previous.complete) return fresh(req.from, req.from, req.to);
  const to = previous.to > req.to ? previous.to : req.to;
  if (!previous.complete) return { ...previous, to };
  if (req.continuesRun && previous.to >= to)
    return earlier ? fresh(req.from, req.from, to, { from: previous.from, to }) : previous;
  // The last sync's UTC day is the previous end less two (a run's end is the day after tomorrow).
  const trailing = trailingStart(addDays(previous.to, -2), req.trailingDays);
  const start = trailing > previous.from ? trailing : previous.from;
  if (earlier)
    return fresh(req.from, req.from, to, previous.from < start ? { from: previous.from, to: start } : null);
  return fresh(previous.from, trailing > req.from ? trailing : req.from, to);
}

/** The subtree root the cursor's window is fetched for (null = the whole tree). */
export function rootOf(c: ListCursor): number | null {
  return c.scope === null ? null : (c.scope[c.root] ?? null);
}

/** The cursor after a page: the next offset, the next root of this window, the next window, or complete. */
export function advanceList(c: ListCursor, nextOffset: number | null): ListCursor {
  if (nextOffset !== null) return { ...c, offset: nextOffset };
  if (c.scope !== null && c.root + 1 < c.scope.length) return { ...c, root: c.root + 1, offset: 0 };
  const next = c.windowEnd >= c.to ? null : listWindow(c.windowEnd, c.to, c.skip);
  // Past the last window, or the next one would start past the skipped days at the end (nothing left after them).
  if (next === null || next.windowStart >= c.to)
    return { ...c, windowStart: c.to, windowEnd: c.to, root: 0, offset: 0, complete: true, skip: null };
  return { ...c, ...next, root: 0, offset: 0 };
}

/**
 * Progress over the planned range, 0..1: whole windows done, plus the share of this window's roots done, plus how
 * far (by local date) the last item of the current root reached.
 */
export function listFraction(start: ListCursor): (c: ListCursor, lastDay: string | null) => number {
  const total = Math.max(1, daysBetween(start.windowStart, start.to));
  const roots = start.scope?.length ?? 1;
  return (c, lastDay) => {
    if (c.complete) return 1;
    const windowDays = Math.max(1, daysBetween(c.windowStart, c.windowEnd));
    let within = 0;
    if (lastDay && parseLocalDate(lastDay) !== null && lastDay > c.windowStart && lastDay < c.windowEnd)
      within = daysBetween(c.windowStart, lastDay) / windowDays;
    const done = daysBetween(start.windowStart, c.windowStart) + ((c.root + within) / roots) * windowDays;
    return Math.min(1, Math.max(0, done / total));
  };
}
