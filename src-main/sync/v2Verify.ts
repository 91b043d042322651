// Verification after the button-feedback windows: stored presses per experience point × survey × local day × button
// against the service's aggregated counts (precision=day, grouping=experience_point,survey; misuse excluded).
import { addMonths } from '#shared/calendar.ts';
import { formatLocalDay, parseLocalDate } from '../core/localTime.ts';
import { fetchAggregates } from '../api/v2/aggregates.ts';
import type { AggregateRowV2 } from '../api/v2/aggregates.ts';
import type { V2Client } from '../api/v2/client.ts';
import type { Store } from '../store/db.ts';
import { pressesInWindow, surveyPointPairs } from '../store/reads/verifyRead.ts';
import { insertVerification } from '../store/repos/verificationRepo.ts';
import { resolveV2Window } from './history.ts';
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

/**
 * One window's groups of the service's answer: keyed `point|survey|yyyy-MM-dd` (as countLocal keys the store's), 11
 * counts each at the group's index × 11 in `counts`; `local` is where countLocal adds the store's counts of the same
 * groups.
 */
interface ServiceGroups {
  /** Key → the group's index, in the order first met. */
  index: Map<string, number>;
  counts: Float64Array;
  local: Float64Array;
}

/** The service's answer for a window as groups (rows of the same group added up). */
function serviceGroups(rows: readonly AggregateRowV2[]): ServiceGroups {
  const index = new Map<string, number>();
  const counts = new Float64Array(rows.length * 11);
  for (const r of rows) {
    const key = `${r.groupKeys[0]}|${r.groupKeys[1]}|${r.time.slice(0, 10)}`;
    let g = index.get(key);
    if (g === undefined) index.set(key, (g = index.size));
    const at = g * 11;
    r.feedbacks.forEach((n, b) => {
      if (b < 11) counts[at + b] = (counts[at + b] ?? 0) + n;
    });
  }
  return { index, counts, local: new Float64Array(index.size * 11) };
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
  const mismatch = (key: string, l: number[], s: number[]): void => {
    const [point, survey, day] = key.split('|');
    result.mismatches.push({
      experiencePointId: Number(point),
      surveyId: Number(survey),
      day: day ?? '',
      local: l,
      service: s,
    });
  };
  index.forEach((g, key) => {
    let differs = false;
    for (let b = 0; b < 11; b++) {
      const l = local[g * 11 + b] ?? 0;
      const s = counts[g * 11 + b] ?? 0;
      result.localTotal += l;
      result.serviceTotal += s;
      if (l !== s) differs = true;
    }
    if (!differs) return;
    const at = (c: Float64Array): number[] => Array.from(c.subarray(g * 11, g * 11 + 11));
    mismatch(key, at(local), at(counts));
  });
  for (const [key, l] of localOnly) mismatch(key, l, new Array<number>(11).fill(0));
}

/**
 * Counts per point, local day and survey from the stored presses themselves (not the rollups, so a fact lost or
 * doubled by any route shows), misuse excluded, scope as subtrees: added to the service's group of the same key, or
 * returned when the service has none (keyed `point|survey|yyyy-MM-dd`, 11 counts each).
 */
function countLocal(
  store: Store,
  service: ServiceGroups,
  fromDay: number,
  toDay: number,
  scope: number[] | null,
): Map<string, number[]> {
  // Counted here, not by GROUP BY: SQLite's grouping built a temporary B-tree in memory (temp_store = MEMORY) of
  // 0.77 GB for one year of `large`. The rows come in key order: a point's day is one run of rows, its surveys are
  // counted by number and keyed once when the run ends (a key per press was a string per press, which grew the main
  // thread's young generation to its largest), into the service's groups' typed counts.
  const rows = pressesInWindow(store.db, fromDay, toDay, scope);
  const localOnly = new Map<string, number[]>();
  let run = { point: NaN, day: NaN, surveys: new Map<number, number[]>() };
  const flush = (): void => {
    const date = formatLocalDay(run.day);
    for (const [survey, counts] of run.surveys) {
      const key = `${run.point}|${survey}|${date}`;
      const g = service.index.get(key);
      if (g !== undefined)
        counts.forEach((n, b) => (service.local[g * 11 + b] = (service.local[g * 11 + b] ?? 0) + n));
      else {
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
