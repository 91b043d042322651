// Planning v1 survey streams: the checkpoint cursor per survey, incremental trailing days, windows of local days, and
// newest first (the recent days first, then the history before them, window by window backwards).
import { parseLocalDate } from '../core/localTime.ts';
import { addDays } from './plan.ts';
import { localDateOf } from './v1Zones.ts';

/** Where one v1 survey's results stand; JSON in sync_checkpoint under `v1:survey:<key>`. Local dates of its zone. */
export interface V1SurveyCursor {
  v: 1;
  /** Which service the cursor belongs to; a cursor of another source is never resumed. */
  source: string;
  /** The planned range, `from` inclusive, `to` exclusive. */
  from: string;
  to: string;
  /** Every window before this date is stored; the run is complete when `done >= to`. */
  done: string;
  /**
   * Newest first: the history `[floor, from)` still to fetch, in windows going back from `from` (each one committed
   * moves `from` to its start); absent once `from` reached the floor. `[from, done)` is always complete.
   */
  back?: { floor: string };
}

export interface V1PlanRequest {
  source: string;
  from: string;
  to: string;
  /** On an incremental run, how many days before the previous run's today are fetched again. */
  trailingDays: number;
  /** Newest first: where the recent days start (a first sync fetches `[recentFrom, to)`, then the history before). */
  recentFrom?: string;
}

/** The days after the previous run's today that its `to` reached (`to` defaults to the day after tomorrow). */
export const daysAheadOfToday = 2;

export function parseV1Cursor(value: unknown): V1SurveyCursor | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  if (c.v !== 1 || typeof c.source !== 'string') return null;
  const back = c.back as { floor?: unknown } | undefined;
  if (back !== undefined && (back === null || typeof back !== 'object')) return null;
  const dates = [c.from, c.to, c.done, ...(back ? [back.floor] : [])];
  if (!dates.every((d) => typeof d === 'string' && parseLocalDate(d) !== null)) return null;
  return value as V1SurveyCursor;
}

/**
 * Where this run starts for one survey. An unfinished cursor of the same source resumes at `done` (its range
 * widened to `to`); a finished one makes the run incremental: from the previous run's today less the trailing
 * days, so late uploads are replaced; anything else (or a request reaching further back) starts at `from`, newest
 * first when `recentFrom` is given. A cursor whose history is pending keeps it (a request reaching further back
 * moves only its floor).
 */
export function planSurvey(previous: V1SurveyCursor | null, req: V1PlanRequest): V1SurveyCursor {
  const same = previous !== null && previous.source === req.source;
  if (same && previous.back) {
    const floor = req.from < previous.back.floor ? req.from : previous.back.floor;
    return { ...resumed(previous, req, previous.from), back: { floor } };
  }
  if (!same || req.from < previous.from) {
    const recent = req.recentFrom !== undefined && req.recentFrom > req.from ? req.recentFrom : null;
    if (recent)
      return { v: 1, source: req.source, from: recent, to: req.to, done: recent, back: { floor: req.from } };
    return { v: 1, source: req.source, from: req.from, to: req.to, done: req.from };
  }
  return resumed(previous, req, req.from);
}

/** An unfinished cursor resumed at `done`, a finished one from its today less the trailing days (not before `lower`). */
function resumed(previous: V1SurveyCursor, req: V1PlanRequest, lower: string): V1SurveyCursor {
  const to = previous.to > req.to ? previous.to : req.to;
  if (previous.done < previous.to) return { ...previous, to };
  const trailing = addDays(previous.to, -(req.trailingDays + daysAheadOfToday));
  return { ...previous, to, done: trailing > lower ? trailing : lower };
}

/**
 * The local dates a survey can have data on: from the day before its first period starts to two days after its
 * last one ends (a margin for devices that upload around midnight). Null when it has no periods: then all days.
 */
export function periodHull(
  zone: string,
  periods: readonly { startUtc: number; endUtc: number }[],
): { from: string; to: string } | null {
  if (periods.length === 0) return null;
  const start = Math.min(...periods.map((p) => p.startUtc));
  const end = Math.max(...periods.map((p) => p.endUtc));
  return { from: addDays(localDateOf(zone, start), -1), to: addDays(localDateOf(zone, end - 1), 2) };
}

export interface DayWindow {
  start: string;
  end: string;
}

/** The windows still to fetch: [done, to) cut to the hull, in steps of `windowDays` from `done` (or the hull start). */
export function surveyWindows(
  cursor: V1SurveyCursor,
  hull: { from: string; to: string } | null,
  windowDays: number,
): DayWindow[] {
  let start = hull && hull.from > cursor.done ? hull.from : cursor.done;
  const end = hull && hull.to < cursor.to ? hull.to : cursor.to;
  const out: DayWindow[] = [];
  while (start < end) {
    const next = addDays(start, windowDays);
    out.push({ start, end: next < end ? next : end });
    start = next;
  }
  return out;
}

/**
 * Newest first: the history windows still to fetch, `[floor, from)` cut to the hull, going back from `from` in steps
 * of `windowDays`; none when nothing is pending.
 */
export function historyWindows(
  cursor: V1SurveyCursor,
  hull: { from: string; to: string } | null,
  windowDays: number,
): DayWindow[] {
  if (!cursor.back) return [];
  const floor = hull && hull.from > cursor.back.floor ? hull.from : cursor.back.floor;
  let end = hull && hull.to < cursor.from ? hull.to : cursor.from;
  const out: DayWindow[] = [];
  while (end > floor) {
    const start = addDays(end, -windowDays);
    out.push({ start: start > floor ? start : floor, end });
    end = start;
  }
  return out;
}

/** The cursor once a history window is stored: complete from its start; the history done when it reached the floor. */
export function afterHistoryWindow(
  cursor: V1SurveyCursor,
  windowStart: string,
  last: boolean,
): V1SurveyCursor {
  if (!cursor.back) return cursor;
  if (!last) return { ...cursor, from: windowStart };
  const { back, ...rest } = cursor;
  return { ...rest, from: back.floor };
}
