// Planning v1 survey streams: the checkpoint cursor per survey, incremental trailing days, windows of local days.
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
}

export interface V1PlanRequest {
  source: string;
  from: string;
  to: string;
  /** On an incremental run, how many days before the previous run's today are fetched again. */
  trailingDays: number;
}

/** The days after the previous run's today that its `to` reached (`to` defaults to the day after tomorrow). */
export const daysAheadOfToday = 2;

export function parseV1Cursor(value: unknown): V1SurveyCursor | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  if (c.v !== 1 || typeof c.source !== 'string') return null;
  const dates = [c.from, c.to, c.done];
  if (!dates.every((d) => typeof d === 'string' && parseLocalDate(d) !== null)) return null;
  return value as V1SurveyCursor;
}

/**
 * Where this run starts for one survey. An unfinished cursor of the same source resumes at `done` (its range
 * widened to `to`); a finished one makes the run incremental: from the previous run's today less the trailing
 * days, so late uploads are replaced; anything else (or a request reaching further back) starts at `from`.
 */
export function planSurvey(previous: V1SurveyCursor | null, req: V1PlanRequest): V1SurveyCursor {
  if (!previous || previous.source !== req.source || req.from < previous.from)
    return { v: 1, source: req.source, from: req.from, to: req.to, done: req.from };
  const to = previous.to > req.to ? previous.to : req.to;
  if (previous.done < previous.to) return { ...previous, to };
  const trailing = addDays(previous.to, -(req.trailingDays + daysAheadOfToday));
  return { ...previous, to, done: trailing > req.from ? trailing : req.from };
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
