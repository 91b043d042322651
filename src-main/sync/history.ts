// Where an account's history lies, from what the service reveals: the first (and, to explain an empty window, the
// last) day with a button feedback at v2; the surveys' active periods at v1. A default sync starts at the first day.
import { parseLocalDate } from '../core/localTime.ts';
import { buttonFeedbacksEndpoint } from '../api/v2/client.ts';
import type { V2Client } from '../api/v2/client.ts';
import { asArray, asObject, invalid, reqString } from '../api/validate.ts';
import type { Store } from '../store/db.ts';
import { v1PressesInDays, v2PressesInDays } from '../store/reads/runReads.ts';
import { addDays, addYears, utcDate } from './plan.ts';
import { localDateOf } from './v1Zones.ts';

/**
 * The earliest local date a v2 search starts at when nothing narrows it: before any account of the service held data
 * (the service answers at most a year per request, so finding the first day costs one small request per year from
 * here to it, once per store).
 */
export const historyFloor = '2009-01-01';

/** The stored result of the search, per service: `v2:history` in sync_checkpoint. */
export const v2HistoryCheckpoint = 'v2:history';

interface HistoryCursor {
  v: 1;
  source: string;
  firstDay: string;
}

/** The local date of the one feedback a probe asked for, or null when the window holds none. */
async function probe(
  client: V2Client,
  window: { startDate: string; endDate: string },
  order: 'asc' | 'desc',
  signal?: AbortSignal,
): Promise<string | null> {
  const endpoint = buttonFeedbacksEndpoint;
  const query = { ...window, includeMisuse: true, order, offset: 0, limit: 1 };
  const response = await client.get(endpoint, query, signal ? { signal } : {});
  const items = asArray(response.body, { endpoint });
  if (items.length === 0) return null;
  const where = { endpoint, index: 0 };
  const day = reqString(asObject(items[0], where), 'localTime', where).slice(0, 10);
  if (parseLocalDate(day) === null) throw invalid(where, "field 'localTime' does not start with a date");
  return day;
}

/** The first local date in [from, to) with a button feedback (misuse included), a year per request; null: none. */
export async function firstFeedbackDay(
  client: V2Client,
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<string | null> {
  for (let start = range.from; start < range.to; start = addYears(start, 1)) {
    const end = addYears(start, 1) < range.to ? addYears(start, 1) : range.to;
    const day = await probe(client, { startDate: start, endDate: end }, 'asc', signal);
    if (day !== null) return day;
  }
  return null;
}

/** The last local date before `before` (back to `floor`) with a button feedback, a year per request; null: none. */
export async function lastFeedbackDayBefore(
  client: V2Client,
  range: { floor: string; before: string },
  signal?: AbortSignal,
): Promise<string | null> {
  for (let end = range.before; end > range.floor; end = addYears(end, -1)) {
    const start = addYears(end, -1) > range.floor ? addYears(end, -1) : range.floor;
    const day = await probe(client, { startDate: start, endDate: end }, 'desc', signal);
    if (day !== null) return day;
  }
  return null;
}

/**
 * The account's first day at this service: found once (searching from `historyFloor` to `to`) and kept in the
 * store, so later runs start where the first did. Null when the service holds no button feedback at all (searched
 * again next time).
 */
export async function v2FirstDay(
  store: Store,
  client: V2Client,
  options: { source: string; to: string; signal?: AbortSignal },
): Promise<string | null> {
  const kept = store.checkpoints.get(v2HistoryCheckpoint) as Partial<HistoryCursor> | null;
  if (
    kept?.v === 1 &&
    kept.source === options.source &&
    typeof kept.firstDay === 'string' &&
    parseLocalDate(kept.firstDay) !== null
  )
    return kept.firstDay;
  const firstDay = await firstFeedbackDay(client, { from: historyFloor, to: options.to }, options.signal);
  if (firstDay !== null)
    store.checkpoints.set(v2HistoryCheckpoint, {
      v: 1,
      source: options.source,
      firstDay,
    } satisfies HistoryCursor);
  return firstDay;
}

/** The local dates v1 surveys ran, from their active periods (each in its survey's zone); null: no periods. */
export function surveysRan(
  surveys: readonly { timeZone: string; periods: readonly { startUtc: number; endUtc: number }[] }[],
): { from: string; to: string } | null {
  let from: string | null = null;
  let to: string | null = null;
  for (const s of surveys)
    for (const p of s.periods) {
      const first = localDateOf(s.timeZone, p.startUtc);
      const last = localDateOf(s.timeZone, p.endUtc - 1);
      if (from === null || first < from) from = first;
      if (to === null || last > to) to = last;
    }
  return from === null || to === null ? null : { from, to };
}

/** The window a run covered, and the presses the store holds in it, per source. */
export interface CoveredWindow {
  source: 'v1' | 'v2';
  /** Local dates, `from` inclusive, `to` exclusive. */
  from: string;
  to: string;
  /** Presses the store holds between them after the run (misuse included). */
  presses: number;
  /** When the store holds none: why, in one sentence. */
  notice?: string;
}

const days = (date: string): number => parseLocalDate(date) ?? 0;

/** v2 presses the store holds in [from, to), from node -1 (every press) of the daily node rollup: one key range. */
export function v2PressesBetween(store: Store, from: string, to: string): number {
  return v2PressesInDays(store.db, days(from), days(to));
}

/** v1 presses the store holds in [from, to), from the daily rollup. */
export function v1PressesBetween(store: Store, from: string, to: string): number {
  return v1PressesInDays(store.db, days(from), days(to));
}

/**
 * The v2 window of a run: `since`/`until` when given, else from the account's first day (found once, see v2FirstDay)
 * to the day after tomorrow (UTC), so "tomorrow" holds in every time zone. An account without any button feedback
 * gets an empty window at `to` (nothing to fetch; searched again next run).
 */
export async function resolveV2Window(
  store: Store,
  client: V2Client,
  options: { since?: string; until?: string; now: () => Date; source: string; signal?: AbortSignal },
): Promise<{ from: string; to: string }> {
  const to = options.until ?? utcDate(options.now(), 2);
  if (options.since !== undefined) return { from: options.since, to };
  const first = await v2FirstDay(store, client, {
    source: options.source,
    to,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { from: first !== null && first < to ? first : to, to };
}

/** Why a v2 window holds no presses, in one sentence (asks the service what lies before and after it). */
export async function explainEmptyV2(
  client: V2Client,
  window: { from: string; to: string },
  now: () => Date,
  signal?: AbortSignal,
): Promise<string> {
  if (window.from >= window.to)
    return `No presses between ${historyFloor} and ${addDays(window.to, -1)}: the service holds no button feedback this token may read.`;
  const said = `No presses between ${window.from} and ${addDays(window.to, -1)}`;
  const earlier =
    window.from > historyFloor
      ? await lastFeedbackDayBefore(client, { floor: historyFloor, before: window.from }, signal)
      : null;
  const horizon = utcDate(now(), 2);
  const later =
    window.to < horizon ? await firstFeedbackDay(client, { from: window.to, to: horizon }, signal) : null;
  if (earlier && later)
    return `${said}; this account's presses stop on ${earlier} and start again on ${later}.`;
  if (earlier) return `${said}; this account's last press before then was on ${earlier}.`;
  if (later) return `${said}; this account's first press after then is on ${later}.`;
  return `${said}; the service holds no button feedback this token may read, on any day since ${historyFloor}.`;
}

/** Why a v1 window holds no presses, in one sentence, from the surveys' active periods. */
export function explainEmptyV1(
  window: { from: string; to: string },
  surveys: Parameters<typeof surveysRan>[0],
): string {
  const said = `No presses between ${window.from} and ${addDays(window.to, -1)}`;
  if (surveys.length === 0) return `${said}; this account has no surveys in the synced folders.`;
  const ran = surveysRan(surveys);
  if (ran === null) return `${said}; none of this account's surveys has an active period.`;
  return `${said}; this account's surveys ran from ${ran.from} to ${ran.to}.`;
}
