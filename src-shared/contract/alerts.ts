// The alerts domain of the contract: alerts with their acknowledgement and comments, and alerts per day (to overlay
// on a trend); with their argument checks.
import { parseBool, parseCursor, parseWhole } from './feedbackFilter.ts';
import {
  bad,
  isPlainObject,
  localDatePattern,
  parseIds,
  parseOneOf,
  unknownKey,
  type ArgParsers,
  type Parsed,
} from './parse.ts';

/** Which alerts: subtrees, surveys, and the local date they began on (`from` inclusive, `to` exclusive). */
export interface AlertFilter {
  experiencePointIds?: number[];
  surveyIds?: number[];
  from?: string;
  to?: string;
  /** `open`: not ended yet; `closed`: ended. Absent: both. */
  state?: 'open' | 'closed';
  /** Only acknowledged (true) or only unacknowledged (false) alerts. */
  acknowledged?: boolean;
  /** Only these alert types (`alertSpecificationType` as sent, e.g. `THRESHOLD`). */
  types?: string[];
}

export interface AlertUser {
  userId: number;
  /** First and last name, or the e-mail address when the user list has no name; null when the user is not synced. Untrusted. */
  name: string | null;
}

export interface AlertCommentItem {
  alertCommentId: number;
  /** Null when the service named no user (an account without users, a user deleted since). */
  user: AlertUser | null;
  /** As sent (UTC). */
  time: string;
  /** Untrusted: render as text. */
  comment: string;
}

export interface AlertItem {
  alertId: number;
  alertSpecificationId: number;
  type: string;
  experiencePointId: number;
  experiencePointName: string | null;
  surveyId: number;
  /** Local time with offset, as sent; `endTime` null while the alert is open. */
  beginTime: string;
  endTime: string | null;
  /** The alert's parameters as sent (`key=v1,v2 key2=v3`), split into keys and values, in order (untrusted). */
  parameters: { key: string; values: string[] }[];
  acknowledged: boolean;
  acknowledgedBy: AlertUser | null;
  acknowledgedTime: string | null;
  /** Oldest first. */
  comments: AlertCommentItem[];
}

export interface AlertListArgs {
  filter?: AlertFilter;
  cursor?: string;
  /** Page size, default 50, at most 500. Newest first. */
  limit?: number;
}

export interface AlertPage {
  alerts: AlertItem[];
  total: number;
  nextCursor: string | null;
}

export interface AlertDay {
  /** Local date the alerts began on, yyyy-MM-dd. */
  day: string;
  count: number;
  acknowledged: number;
  /** Still open now. */
  open: number;
}

export interface AlertCommands {
  'alerts:list': { args: AlertListArgs; result: AlertPage };
  /** Days with at least one alert, in order. */
  'alerts:perDay': { args: { filter?: AlertFilter }; result: AlertDay[] };
}

export function parseAlertFilter(value: unknown): Parsed<AlertFilter> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('filter must be an object');
  const extra = unknownKey(value, [
    'experiencePointIds',
    'surveyIds',
    'from',
    'to',
    'state',
    'acknowledged',
    'types',
  ]);
  if (extra !== undefined) return bad(`unexpected filter field '${extra}'`);
  const filter: AlertFilter = {};
  for (const key of ['experiencePointIds', 'surveyIds'] as const) {
    const ids = parseIds(value[key], `filter.${key}`);
    if (!ids.ok) return ids;
    if (ids.args) filter[key] = ids.args;
  }
  for (const key of ['from', 'to'] as const) {
    const v = value[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !localDatePattern.test(v))
      return bad(`filter.${key} must be a date yyyy-MM-dd`);
    filter[key] = v;
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to)
    return bad('filter.from must be before filter.to');
  const state = parseOneOf(value.state, ['open', 'closed'] as const, 'filter.state');
  if (!state.ok) return state;
  if (state.args) filter.state = state.args;
  const ack = parseBool(value.acknowledged, 'filter.acknowledged');
  if (!ack.ok) return ack;
  if (ack.args !== undefined) filter.acknowledged = ack.args;
  const types = value.types;
  if (types !== undefined) {
    if (
      !Array.isArray(types) ||
      types.length > 50 ||
      !types.every((t) => typeof t === 'string' && t.length <= 100)
    )
      return bad('filter.types must be a list of alert types');
    filter.types = types.map(String);
  }
  return { ok: true, args: filter };
}

function parseListArgs(value: unknown): Parsed<AlertListArgs> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['filter', 'cursor', 'limit']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const filter = parseAlertFilter(value.filter);
  if (!filter.ok) return filter;
  const cursor = parseCursor(value.cursor);
  if (!cursor.ok) return cursor;
  const limit = parseWhole(value.limit, 'limit', 1, 500);
  if (!limit.ok) return limit;
  return {
    ok: true,
    args: {
      filter: filter.args,
      ...(cursor.args ? { cursor: cursor.args } : {}),
      ...(limit.args !== undefined ? { limit: limit.args } : {}),
    },
  };
}

function parsePerDayArgs(value: unknown): Parsed<{ filter?: AlertFilter }> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['filter']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const filter = parseAlertFilter(value.filter);
  return filter.ok ? { ok: true, args: { filter: filter.args } } : filter;
}

export const alertArgs: ArgParsers<AlertCommands> = {
  'alerts:list': parseListArgs,
  'alerts:perDay': parsePerDayArgs,
};
