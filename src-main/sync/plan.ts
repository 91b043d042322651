// Planning the v2 button-feedback stream: date range, year-long windows, and the checkpoint cursor that resumes it.
import { formatLocalDay, parseLocalDate } from '../core/localTime.ts';

export const buttonFeedbackStream = 'v2:button-feedbacks';

/** The stream of one scope: the whole authorised tree, or the subtree under one experience point or group. */
export function buttonFeedbackStreamOf(scope: number | null): string {
  return scope === null ? buttonFeedbackStream : `${buttonFeedbackStream}@${scope}`;
}

/**
 * Where a button-feedback stream stands; stored as JSON in sync_checkpoint. Dates are local `yyyy-MM-dd`.
 * Version 1 cursors (no scope, mode or syncedAt) are read as whole-tree append cursors.
 */
export interface FeedbackCursor {
  v: 2;
  /** Which service the cursor belongs to; a cursor of another source is never resumed. */
  source: string;
  /** The subtree root the stream covers, or null for the whole authorised tree. */
  scope: number | null;
  /** The planned range: `from` inclusive, `to` exclusive. */
  from: string;
  to: string;
  /** The window being fetched (kept on resume, so offsets keep their meaning) and the next offset in it. */
  windowStart: string;
  windowEnd: string;
  offset: number;
  /**
   * 'append': pages go straight into the facts (idempotent). 'replace': windows before `replaceUntil` (the trailing
   * window of an incremental run, or everything on a full re-sync): pages are staged and, with the window's last
   * page, replace every stored row of the window in one transaction.
   */
  mode: 'append' | 'replace';
  /** Windows starting before this date are 'replace' windows (of at most `replaceWindowDays`); null: none. */
  replaceUntil: string | null;
  /**
   * Days no window covers (already stored): a window ending at `from` is followed by one starting at `to`. Windows
   * before it are 'append' windows (the days before an earlier, later-starting run's range). Absent or null: none.
   */
  skip?: SkippedDays;
  /** True once every window up to `to` is stored. */
  complete: boolean;
  /** When the stream last became complete (ISO instant): the base of the next run's trailing window. */
  syncedAt: string | null;
  /**
   * Newest first: the days before `from` still to be filled in, newest window first (backfill.ts). `from` moves back
   * as each backfill window is stored, so [from, to) is always the complete part. Absent or null: none.
   */
  back?: Backfill | null;
}

/**
 * The history a first sync fills in after its first window: the window [windowStart, from) of the cursor it belongs
 * to, fetched from `offset`; the next one ends where this one starts, down to `floor` (the range's first day).
 */
export interface Backfill {
  floor: string;
  windowStart: string;
  offset: number;
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

/** A cursor's `skip` as stored: absent, null, or two local dates. */
export function validSkip(skip: unknown): boolean {
  if (skip === undefined || skip === null) return true;
  if (typeof skip !== 'object') return false;
  const k = skip as Record<string, unknown>;
  return ['from', 'to'].every((d) => typeof k[d] === 'string' && parseLocalDate(k[d]) !== null);
}

/** A cursor's `back` as stored: absent, null, or two local dates and an offset. */
function validBack(back: unknown): boolean {
  if (back === undefined || back === null) return true;
  if (typeof back !== 'object') return false;
  const b = back as Record<string, unknown>;
  const offset = b.offset;
  return (
    ['floor', 'windowStart'].every((d) => typeof b[d] === 'string' && parseLocalDate(b[d]) !== null) &&
    typeof offset === 'number' &&
    Number.isSafeInteger(offset) &&
    offset >= 0
  );
}

/** The fields a version-2 cursor adds: scope, mode, replaceUntil, syncedAt, skip, back. */
function validV2Fields(c: Record<string, unknown>): boolean {
  const optionalDate = (d: unknown): boolean =>
    d === null || (typeof d === 'string' && parseLocalDate(d) !== null);
  const optionalInstant = (t: unknown): boolean =>
    t === null || (typeof t === 'string' && !Number.isNaN(Date.parse(t)));
  return (
    (c.scope === null || (typeof c.scope === 'number' && Number.isSafeInteger(c.scope))) &&
    (c.mode === 'append' || c.mode === 'replace') &&
    optionalDate(c.replaceUntil) &&
    optionalInstant(c.syncedAt) &&
    validSkip(c.skip) &&
    validBack(c.back)
  );
}

export function parseCursor(value: unknown): FeedbackCursor | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  const dates = ['from', 'to', 'windowStart', 'windowEnd'] as const;
  if ((c.v !== 1 && c.v !== 2) || typeof c.source !== 'string' || typeof c.complete !== 'boolean')
    return null;
  if (!dates.every((k) => typeof c[k] === 'string' && parseLocalDate(c[k]) !== null)) return null;
  if (typeof c.offset !== 'number' || !Number.isSafeInteger(c.offset) || c.offset < 0) return null;
  if (c.v === 1)
    return {
      ...(value as Omit<FeedbackCursor, 'v'>),
      v: 2,
      scope: null,
      mode: 'append',
      replaceUntil: null,
      syncedAt: null,
    };
  if (!validV2Fields(c)) return null;
  return value as FeedbackCursor;
}

/** The longest 'replace' window: its rows are staged, then swapped in one transaction. */
export const replaceWindowDays = 31;

export interface PlanRequest {
  source: string;
  scope: number | null;
  from: string;
  to: string;
  /**
   * On an incremental run, how many whole local days before the last sync's local day are fetched again and
   * replaced (late uploads, late misuse decisions, deletions). 0..300.
   */
  trailingDays: number;
  /** Fetch the whole range again and replace what is stored, window by window (the checkpoint is not resumed). */
  full?: boolean;
  /**
   * Newest first: a first sync stores [firstWindowFrom, to) first and then fills in [from, firstWindowFrom) backwards
   * (the cursor's `back`). Absent, or not inside the range: one pass from `from`.
   */
  firstWindowFrom?: string;
}

/** Days no window covers (stored already): a window ending at `from` is followed by one starting at `to`. */
export type SkippedDays = { from: string; to: string } | null | undefined;

/**
 * A window from `from` (of a year at most, to `to` at most) around the skipped days: past them when it starts where
 * they do, and cut where they start when it lies before them (`beforeSkip`). Shared by every windowed stream's plan.
 */
export function aroundSkip(
  from: string,
  to: string,
  skip: SkippedDays,
): { start: string; end: string; beforeSkip: boolean } {
  const start = skip && from === skip.from ? skip.to : from;
  const end = windowEnd(start, to);
  if (skip && start < skip.from) return { start, end: end < skip.from ? end : skip.from, beforeSkip: true };
  return { start, end, beforeSkip: false };
}

/**
 * The first day an incremental run fetches again: the last sync's UTC day, less one (zones behind UTC were still on
 * the day before), less the trailing days (0..300).
 */
export function trailingStart(syncDay: string, trailingDays: number): string {
  return addDays(syncDay, -Math.min(300, Math.max(0, trailingDays)) - 1);
}

/**
 * The window starting at `from` (or past the skipped days, when it starts where they do) in a cursor's mode: a year
 * at most, a month for 'replace' windows, never into the skipped days (the days before them are appended).
 */
function nextWindow(
  from: string,
  to: string,
  replaceUntil: string | null,
  skip: SkippedDays = null,
): Pick<FeedbackCursor, 'windowStart' | 'windowEnd' | 'mode'> {
  const w = aroundSkip(from, to, skip);
  const start = w.start;
  if (w.beforeSkip) return { windowStart: start, windowEnd: w.end, mode: 'append' };
  if (replaceUntil !== null && start < replaceUntil) {
    const monthLater = addDays(start, replaceWindowDays);
    return {
      windowStart: start,
      windowEnd: monthLater < replaceUntil ? monthLater : replaceUntil,
      mode: 'replace',
    };
  }
  return { windowStart: start, windowEnd: w.end, mode: 'append' };
}

/**
 * Where this run starts. An unfinished cursor of the same source and scope resumes exactly (its range widened to
 * `to`); a finished one makes the run incremental: 'replace' windows from the trailing days before the last sync up
 * to the previous end, then 'append' windows to `to`; asked to reach further back than it, the run appends the
 * earlier days first and skips the stored ones up to that trailing window. Anything else starts afresh at `from`,
 * and a full run replaces every window.
 */
export function planRun(previous: FeedbackCursor | null, req: PlanRequest): FeedbackCursor {
  const fresh = (
    from: string,
    start: string,
    to: string,
    replaceUntil: string | null,
    syncedAt: string | null,
    skip: SkippedDays = null,
  ): FeedbackCursor => ({
    v: 2,
    source: req.source,
    scope: req.scope,
    from,
    to,
    ...nextWindow(start, to, replaceUntil, skip),
    replaceUntil,
    ...(skip ? { skip } : {}),
    offset: 0,
    complete: start >= to,
    syncedAt,
  });
  if (req.full) return fresh(req.from, req.from, req.to, req.to, previous?.syncedAt ?? null);
  if (!previous || previous.source !== req.source || previous.scope !== req.scope) {
    const first = req.firstWindowFrom;
    if (first === undefined || first <= req.from || first >= req.to)
      return fresh(req.from, req.from, req.to, null, null);
    return { ...fresh(first, first, req.to, null, null), back: backfillFrom(req.from, first) };
  }
  // A backfill still pending goes on after this run's own windows (further back when asked to).
  const back = previous.back;
  if (back) {
    const floor = req.from < back.floor ? req.from : back.floor;
    return { ...planForward(previous, { ...req, from: previous.from }, fresh), back: { ...back, floor } };
  }
  return planForward(previous, req, fresh);
}

/** The next backfill window ending at `end` (the first one: offset 0), or null when `end` reached `floor`. */
export function backfillFrom(floor: string, end: string): Backfill | null {
  if (end <= floor) return null;
  const start = addDays(end, -backfillWindowDays);
  return { floor, windowStart: start > floor ? start : floor, offset: 0 };
}

/** Days per backfill window: the views' coverage moves back half a year at a time. */
export const backfillWindowDays = 183;

/** The cursor after a backfill page: the next offset, or (window stored) `from` moved back and the next window. */
export function advanceBack(cursor: FeedbackCursor, nextOffset: number | null): FeedbackCursor {
  const back = cursor.back;
  if (!back) return cursor;
  if (nextOffset !== null) return { ...cursor, back: { ...back, offset: nextOffset } };
  const { back: _done, ...rest } = cursor;
  const next = backfillFrom(back.floor, back.windowStart);
  // A finished backfill leaves no trace: the cursor is then the one a single pass from `floor` ends with.
  return next ? { ...rest, from: back.windowStart, back: next } : { ...rest, from: back.windowStart };
}

type Fresh = (
  from: string,
  start: string,
  to: string,
  replaceUntil: string | null,
  syncedAt: string | null,
  skip?: SkippedDays,
) => FeedbackCursor;

/** planRun for a previous cursor of the same source and scope (its windows; a backfill is added by the caller). */
function planForward(previous: FeedbackCursor, req: PlanRequest, fresh: Fresh): FeedbackCursor {
  const earlier = req.from < previous.from;
  if (earlier && !previous.complete) return fresh(req.from, req.from, req.to, null, null);
  const to = previous.to > req.to ? previous.to : req.to;
  if (!previous.complete) return { ...previous, to };
  const syncDay = previous.syncedAt ? utcDate(new Date(previous.syncedAt)) : addDays(previous.to, -2);
  const trailing = trailingStart(syncDay, req.trailingDays);
  const replaceFrom = trailing > previous.from ? trailing : previous.from;
  const start = replaceFrom < previous.to ? replaceFrom : previous.to;
  // Asked to reach further back than the stored range: the days before it first (appended), then as incremental.
  if (earlier)
    return fresh(
      req.from,
      req.from,
      to,
      previous.to,
      previous.syncedAt,
      previous.from < start ? { from: previous.from, to: start } : null,
    );
  return fresh(previous.from, start, to, previous.to, previous.syncedAt);
}

/**
 * The cursor after a page: the next offset in this window, the next window, or complete, stamped with `now`
 * (the base of the next trailing window).
 */
export function advance(
  cursor: FeedbackCursor,
  nextOffset: number | null,
  now: Date = new Date(),
): FeedbackCursor {
  if (nextOffset !== null) return { ...cursor, offset: nextOffset };
  if (cursor.windowEnd >= cursor.to)
    return {
      ...cursor,
      windowStart: cursor.to,
      windowEnd: cursor.to,
      offset: 0,
      mode: 'append',
      replaceUntil: null,
      skip: null,
      complete: true,
      syncedAt: now.toISOString(),
    };
  return {
    ...cursor,
    ...nextWindow(cursor.windowEnd, cursor.to, cursor.replaceUntil, cursor.skip),
    offset: 0,
  };
}
