// Planning the v2 button-feedback stream: date range, year-long windows, and the checkpoint cursor that resumes it.
import { formatLocalDay, parseLocalDate } from '../api/localTime.ts';

export const buttonFeedbackStream = 'v2:button-feedbacks';

/** Where the button-feedback stream stands; stored as JSON in sync_checkpoint. Dates are local `yyyy-MM-dd`. */
export interface FeedbackCursor {
  v: 1;
  /** Which service the cursor belongs to; a cursor of another source is never resumed. */
  source: string;
  /** The planned range: `from` inclusive, `to` exclusive. */
  from: string;
  to: string;
  /** The window being fetched (kept on resume, so offsets keep their meaning) and the next offset in it. */
  windowStart: string;
  windowEnd: string;
  offset: number;
  /** True once every window up to `to` is stored. */
  complete: boolean;
}

/** Today's UTC date moved by `days`, as `yyyy-MM-dd`. */
export function utcDate(now: Date, days = 0): string {
  return formatLocalDay(Math.floor(now.getTime() / 86_400_000) + days);
}

/** The same date `years` later (29 February becomes 1 March). */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC((y ?? 1970) + years, (m ?? 1) - 1, d ?? 1)).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return formatLocalDay((parseLocalDate(date) ?? 0) + days);
}

export function daysBetween(from: string, to: string): number {
  return (parseLocalDate(to) ?? 0) - (parseLocalDate(from) ?? 0);
}

/** The end of the window starting at `start`: a year later at most (the service's limit), never past `to`. */
export function windowEnd(start: string, to: string): string {
  const yearLater = addYears(start, 1);
  return yearLater < to ? yearLater : to;
}

export function parseCursor(value: unknown): FeedbackCursor | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  const dates = ['from', 'to', 'windowStart', 'windowEnd'] as const;
  if (c.v !== 1 || typeof c.source !== 'string' || typeof c.complete !== 'boolean') return null;
  if (!dates.every((k) => typeof c[k] === 'string' && parseLocalDate(c[k]) !== null)) return null;
  if (typeof c.offset !== 'number' || !Number.isSafeInteger(c.offset) || c.offset < 0) return null;
  return value as FeedbackCursor;
}

export interface PlanRequest {
  source: string;
  from: string;
  to: string;
  /** On an incremental run, how many days before the previous end are fetched again (late uploads). */
  trailingDays: number;
}

/**
 * Where this run starts. An unfinished cursor of the same source resumes exactly (its range widened to `to`); a
 * finished one makes the run incremental (from its end less the trailing days); anything else starts at `from`.
 * A request reaching further back than the stored range starts over from `from` (writes are idempotent).
 */
export function planRun(previous: FeedbackCursor | null, req: PlanRequest): FeedbackCursor {
  const fresh = (from: string, start: string, to: string): FeedbackCursor => ({
    v: 1,
    source: req.source,
    from,
    to,
    windowStart: start,
    windowEnd: windowEnd(start, to),
    offset: 0,
    complete: start >= to,
  });
  if (!previous || previous.source !== req.source || req.from < previous.from)
    return fresh(req.from, req.from, req.to);
  const to = previous.to > req.to ? previous.to : req.to;
  if (!previous.complete) return { ...previous, to };
  const trailing = addDays(previous.to, -req.trailingDays);
  return fresh(previous.from, trailing > req.from ? trailing : req.from, to);
}

/** The cursor after a page: the next offset in this window, the next window, or complete. */
export function advance(cursor: FeedbackCursor, nextOffset: number | null): FeedbackCursor {
  if (nextOffset !== null) return { ...cursor, offset: nextOffset };
  if (cursor.windowEnd >= cursor.to)
    return { ...cursor, windowStart: cursor.to, windowEnd: cursor.to, offset: 0, complete: true };
  return {
    ...cursor,
    windowStart: cursor.windowEnd,
    windowEnd: windowEnd(cursor.windowEnd, cursor.to),
    offset: 0,
  };
}
