// Time parameters of v1 requests: instants (UTC form), local timestamps without zone, and the day-truncate defect.
import { ApiError } from '../errors.ts';
import { parseLocalTimestamp, utcMs } from '../../core/localTime.ts';

/** An instant: a Date, or a timestamp text with a zone (`…Z`, `…+02:00`, `…+0200`). */
export type Instant = string | Date;

export const truncates = ['year', 'month', 'week', 'day', 'hour'] as const;
export type Truncate = (typeof truncates)[number];

/**
 * How far the client moves `date_start` back for truncate day/week/month/year. The service leaves out the whole
 * local day containing `date_start` and counts from the next local midnight (api-v1.md §4.5, DECISIONS.md). A
 * local day lasts 23 to 25 hours, so half a day back from a local midnight always lands inside the previous local
 * day, whatever daylight saving does that night: the service then drops that previous day and counts from exactly
 * the midnight the caller asked for.
 */
export const dayDefectShiftMs = 12 * 3_600_000;

function configError(message: string): ApiError {
  return new ApiError('config', message);
}

/** Epoch milliseconds of an instant; a config error naming the parameter when it is not one. */
export function instantMs(value: Instant, name: string): number {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw configError(`'${name}' is not a valid date.`);
    return ms;
  }
  const parsed = parseLocalTimestamp(value);
  if (!parsed)
    throw configError(
      `'${name}' must be a timestamp with a zone, like 2024-03-31T00:00:00.000+02:00 or …Z, not '${value.slice(0, 40)}'.`,
    );
  return utcMs(parsed);
}

/** The request form of an instant: `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC), which the service accepts for every timestamp. */
export function instantParam(value: Instant, name: string): string {
  return new Date(instantMs(value, name)).toISOString();
}

/**
 * `date_start` for a results request of the given precision, with the defect compensated: the caller's start is
 * what it means (counting from the local midnight it names; for a start that is not a local midnight, from the
 * local midnight nearest to it), the service is asked for half a day earlier.
 */
export function resultsStartParam(start: Instant, truncate: Truncate): string {
  const ms = instantMs(start, 'start');
  return new Date(truncate === 'hour' ? ms : ms - dayDefectShiftMs).toISOString();
}

/** A local timestamp without zone, `yyyy-MM-ddTHH:mm:ss.SSS` (seconds and milliseconds may be left out). */
export function localParam(value: string, name: string): string {
  const parsed = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)
    ? parseLocalTimestamp(`${value}Z`)
    : null;
  if (!parsed)
    throw configError(
      `'${name}' must be a local timestamp without zone, like 2024-03-31T00:00:00.000, not '${value.slice(0, 40)}'.`,
    );
  return new Date(parsed.localMs).toISOString().slice(0, 23);
}

/** Wall-clock milliseconds of a local timestamp without zone (as `localParam` accepts it). */
export function localMs(value: string): number {
  return parseLocalTimestamp(`${localParam(value, 'local time')}Z`)?.localMs ?? NaN;
}
