// Verification after the button-feedback windows: stored presses per experience point × survey × local day × button
// against the service's aggregated counts (precision=day, grouping=experience_point,survey; misuse excluded).
import { addMonths } from '#shared/calendar.ts';
import { formatLocalDay, parseLocalDate } from '../core/localTime.ts';
import { fetchAggregates } from '../api/v2/aggregates.ts';
import type { V2Client } from '../api/v2/client.ts';
import type { Store } from '../store/db.ts';
import {
  pointPrints,
  pointsHoldingPresses,
  pressesInWindow,
  surveyPointPairs,
} from '../store/reads/verifyRead.ts';
import type { PointPrint } from '../store/reads/verifyRead.ts';
import { insertVerification } from '../store/repos/verificationRepo.ts';
import { resolveV2Window } from './history.ts';
import { groupKey, groupNamer, serviceGroups } from './verifyGroups.ts';
import type { ServiceGroups } from './verifyGroups.ts';
import { normaliseScope } from './v2ListPlan.ts';

export interface VerifyOptions {
  store: Store;
  client: V2Client;
  signal?: AbortSignal;
  /** Local dates: `since` inclusive, `until` exclusive; defaults as syncV2 (the account's first day, the day after tomorrow). */
  since?: string;
  until?: string;
  /** Subtree roots, as given to the sync; absent: the whole authorised tree. */
  scope?: readonly number[];
  now?: () => Date;
}

/** One (experience point, survey, local day) whose counts differ; `local` and `service` hold 11 counts each. */
export interface AggregateMismatch {
  experiencePointId: number;
  surveyId: number;
  day: string;
  local: number[];
  service: number[];
}

export interface VerifyResult {
  from: string;
  to: string;
  /** Requests made (one per window of at most a month: verifyWindowDays). */
  windows: number;
  /** Distinct (point, survey, day) groups seen on either side. */
  groupsCompared: number;
  localTotal: number;
  serviceTotal: number;
  /** Every differing group, ordered by day, point, survey. Empty when the store agrees with the service. */
  mismatches: AggregateMismatch[];
}

const sumOf = (counts: readonly number[]): number => counts.reduce((s, n) => s + n, 0);

/** A verification of [from, to) before any window was compared. */
const nothingCompared = (from: string, to: string): VerifyResult => ({
  from,
  to,
  windows: 0,
  groupsCompared: 0,
  localTotal: 0,
  serviceTotal: 0,
  mismatches: [],
});

/**
 * Compares; never repairs. A mismatch means the store lacks presses the service counts (or holds extra ones) for
 * that point, survey and day: the sync of that window should be repeated. Misuse is excluded on both sides.
 */
export async function verifyAgainstAggregates(options: VerifyOptions): Promise<VerifyResult> {
  const { store, client, signal } = options;
  const now = options.now ?? (() => new Date());
  // The synced window (the account's first day, as kept by the sync) unless narrowed.
  const { from, to } = await resolveV2Window(store, client, {
    ...(options.since ? { since: options.since } : {}),
    ...(options.until ? { until: options.until } : {}),
    now,
    source: client.origin,
    ...(signal ? { signal } : {}),
  });
  if (from === to) return nothingCompared(from, to);
  const fromDay = parseLocalDate(from);
  const toDay = parseLocalDate(to);
  if (fromDay === null || toDay === null || from >= to)
    throw new Error(`verification needs a date range like 2024-01-01..2025-01-01, not ${from}..${to}`);
  const scope = normaliseScope(options.scope);

  // Window by window (a month at most, fewer days on a wide tree: windowEnd): memory holds one window's groups
  // (`large`: all 548k groups at once peaked the process at 2.5 GB, one year's answer took 276 MB, a quarter's lifted
  // the peak from ~380 to ~555 MB; a month of `xlarge`'s 11,911 pairs is ~230k groups).
  const result = nothingCompared(from, to);
  const days = verifyWindowDays(surveyPointPairs(store.db));
  const windows = windowsOf(from, to, days);
  const points = pointsHoldingPresses(store.db);
  // Each answer becomes the window's groups in typed arrays as it arrives: the parsed rows (~30 MB a window on
  // `xlarge`) are garbage at once instead of waiting, two windows ahead, for their turn.
  const ask = ([startDate, endDate]: [string, string]): Promise<ServiceGroups> => {
    const query = {
      precision: 'day' as const,
      grouping: ['experience_point' as const, 'survey' as const],
      ...(scope ? { experiencePointIds: scope } : {}),
      startDate,
      endDate,
    };
    const asked = fetchAggregates(client, query, signal).then(serviceGroups);
    asked.catch(() => undefined); // awaited in turn below; never unhandled if an earlier window fails first
    return asked;
  };
  // The next window's answer is on its way while this one is counted and compared (the service's time overlaps the
  // local count's: the check's thread waited on the service ~28 % of its time on `xlarge`, docs/BENCHMARKS.md).
  const asked = windows.slice(0, windowsAhead).map(ask);
  for (const [i, [start, end]] of windows.entries()) {
    const service = (await asked[i]) ?? serviceGroups([]);
    const ahead = windows[i + windowsAhead];
    if (ahead) asked.push(ask(ahead));
    asked[i] = Promise.resolve(serviceGroups([])); // its groups are garbage once compared
    result.windows++;
    const local = countLocal(
      store,
      service,
      parseLocalDate(start) ?? fromDay,
      parseLocalDate(end) ?? toDay,
      points,
      scope,
    );
    compareWindow(service, local, result);
  }
  result.mismatches.sort(
    (a, b) =>
      (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
      a.experiencePointId - b.experiencePointId ||
      a.surveyId - b.surveyId,
  );
  return result;
}

/** Windows asked for before the one being compared is counted: this one and the next. */
const windowsAhead = 2;

/**
 * Days a window of the check spans at most: a month (31) up to 2,000 (point, survey) pairs, then fewer, so that a
 * window holds about as many day groups as a month of 2,000 pairs (62,000 pair-days): `xlarge`'s 11,911 pairs, 5.
 */
export function verifyWindowDays(pairs: number): number {
  return pairs <= 2_000 ? 31 : Math.max(1, Math.floor(62_000 / pairs));
}

/** The check's windows of [from, to): `days` long, never across a month's end (windowEnd). */
function windowsOf(from: string, to: string, days: number): [string, string][] {
  const windows: [string, string][] = [];
  for (let start = from, end: string; start < to; start = end) {
    end = windowEnd(start, to, days);
    windows.push([start, end]);
  }
  return windows;
}

/** The end of the check's window starting at `start`: `days` later and a month later at most, never past `to`. */
function windowEnd(start: string, to: string, days: number): string {
  const day = parseLocalDate(start) ?? 0;
  const month = formatLocalDay(addMonths(day, 1));
  const short = formatLocalDay(day + days);
  const end = short < month ? short : month;
  return end < to ? end : to;
}

/**
 * Adds one window's groups to the result: counted on both sides, and every differing group kept. `service` holds the
 * store's counts of its groups (countLocal), `localOnly` the store's groups the service did not answer.
 */
function compareWindow(service: ServiceGroups, localOnly: Map<string, number[]>, result: VerifyResult): void {
  const { index, counts, local } = service;
  result.groupsCompared += index.size + localOnly.size;
  for (const c of localOnly.values()) result.localTotal += sumOf(c);
  const nameOf = groupNamer(service);
  const mismatch = (point: string, survey: string, day: string, l: number[], s: number[]): void => {
    result.mismatches.push({
      experiencePointId: Number(point),
      surveyId: Number(survey),
      day,
      local: l,
      service: s,
    });
  };
  for (let g = 0; g < index.size; g++) {
    let differs = false;
    for (let b = 0; b < 11; b++) {
      const l = local[g * 11 + b] ?? 0;
      const s = counts[g * 11 + b] ?? 0;
      result.localTotal += l;
      result.serviceTotal += s;
      if (l !== s) differs = true;
    }
    if (!differs) continue;
    const at = (c: Float64Array): number[] => Array.from(c.subarray(g * 11, g * 11 + 11));
    const { point, survey, day } = nameOf(g);
    mismatch(point, survey, day, at(local), at(counts));
  }
  for (const [key, l] of localOnly) {
    const [point, survey, day] = key.split('|');
    mismatch(point ?? '', survey ?? '', day ?? '', l, new Array<number>(11).fill(0));
  }
}

/**
 * Counts per point, local day and survey from the stored presses themselves (not the rollups, so a fact lost or
 * doubled by any route shows), misuse excluded, scope as subtrees: put in the service's group of the same key, or
 * returned when the service has none (keyed `point|survey|yyyy-MM-dd`, 11 counts each).
 *
 * First per point, in SQLite: its presses' count and fingerprint sum (verifyRead.ts). A point whose two agree with
 * the service's holds the service's counts (its groups' local counts are the service's); every other point, and one
 * on either side only, is counted press by press. `xlarge`'s 100 M presses one by one into JavaScript took ~114 s of
 * a first sync's check; the sums in SQLite a third of that (docs/BENCHMARKS.md).
 */
function countLocal(
  store: Store,
  service: ServiceGroups,
  fromDay: number,
  toDay: number,
  points: string,
  scope: number[] | null,
): Map<string, number[]> {
  const differing = differingPoints(pointPrints(store.db, fromDay, toDay, points, scope), service);
  const { groupPoint, counts, local } = service;
  for (let g = 0; g < service.index.size; g++)
    if (!differing.has(groupPoint[g] ?? -1)) local.set(counts.subarray(g * 11, g * 11 + 11), g * 11);
  return differing.ids.length > 0
    ? countPresses(store, service, fromDay, toDay, JSON.stringify(differing.ids), scope)
    : new Map();
}

/**
 * Presses a point may hold in a window for its fingerprint sum to be exact in doubles (each fingerprint is below
 * 2^31): more are counted press by press.
 */
const exactPresses = 2 ** 22;

/**
 * The points whose presses or fingerprint sums differ between the store and the service, or are on one side only:
 * their ids (for the count press by press) and the service's numbers of them (`has`).
 */
function differingPoints(
  local: readonly PointPrint[],
  service: ServiceGroups,
): { ids: number[]; has(point: number): boolean } {
  const ids: number[] = [];
  const numbers = new Set<number>();
  const seen = new Uint8Array(service.points.size);
  for (const [id, n, print] of local) {
    const at = service.points.get(String(id));
    if (at !== undefined) seen[at] = 1;
    if (at === undefined || service.presses[at] !== n || service.prints[at] !== print || n > exactPresses) {
      ids.push(id);
      if (at !== undefined) numbers.add(at);
    }
  }
  for (const [key, at] of service.points)
    if (!seen[at] && (service.presses[at] ?? 0) > 0) {
      ids.push(Number(key));
      numbers.add(at);
    }
  return { ids, has: (point) => numbers.has(point) };
}

/** countLocal's press-by-press count, for the points of `points` (a JSON array). */
function countPresses(
  store: Store,
  service: ServiceGroups,
  fromDay: number,
  toDay: number,
  points: string,
  scope: number[] | null,
): Map<string, number[]> {
  // Counted here, not by GROUP BY: SQLite's grouping built a temporary B-tree in memory (temp_store = MEMORY) of
  // 0.77 GB for one year of `large`. The rows come in key order: a point's day is one run of rows, its surveys are
  // counted by number and found once when the run ends, into the service's groups' typed counts.
  const rows = pressesInWindow(store.db, fromDay, toDay, points, scope);
  const localOnly = new Map<string, number[]>();
  let run = { point: NaN, day: NaN, surveys: new Map<number, number[]>() };
  const flush = (): void => {
    const date = formatLocalDay(run.day);
    const point = service.points.get(String(run.point));
    const day = service.days.get(date);
    for (const [survey, counts] of run.surveys) {
      const s = service.surveys.get(String(survey));
      const g =
        point === undefined || day === undefined || s === undefined
          ? undefined
          : service.index.get(groupKey(service, point, day, s));
      if (g !== undefined)
        counts.forEach((n, b) => (service.local[g * 11 + b] = (service.local[g * 11 + b] ?? 0) + n));
      else {
        const key = `${run.point}|${survey}|${date}`;
        const had = localOnly.get(key); // only when the rows were not in key order
        localOnly.set(key, had ? had.map((n, b) => n + (counts[b] ?? 0)) : counts);
      }
    }
  };
  for (const [point, day, survey, button] of rows) {
    if (point !== run.point || day !== run.day) {
      if (run.surveys.size > 0) flush();
      run = { point, day, surveys: new Map() };
    }
    let counts = run.surveys.get(survey);
    if (!counts) run.surveys.set(survey, (counts = new Array<number>(11).fill(0)));
    counts[button] = (counts[button] ?? 0) + 1;
  }
  if (run.surveys.size > 0) flush();
  return localOnly;
}

/** Keeps a verification in the store (`sync_verification`), so the reconciliation view shows the last one. */
export function saveVerification(store: Store, result: VerifyResult, checkedAt: Date): void {
  insertVerification(store.db, {
    checkedAt: checkedAt.toISOString(),
    from: result.from,
    to: result.to,
    groupsCompared: result.groupsCompared,
    localTotal: result.localTotal,
    serviceTotal: result.serviceTotal,
    mismatchCount: result.mismatches.length,
    mismatches: JSON.stringify(
      result.mismatches.slice(0, 100).map((m) => ({
        experiencePointId: m.experiencePointId,
        surveyId: m.surveyId,
        day: m.day,
        local: sumOf(m.local),
        service: sumOf(m.service),
      })),
    ),
  });
}
