// The anomaly search's tests computed after a sync and packed per day and per busy point, brought up to each sync
// from the first day it changed (docs/ANOMALIES.md, "Cost"); anomalyStoredAnswer.ts answers questions from them.
import type Database from 'better-sqlite3';
import { civilOf, dayNumberOf } from '#shared/calendar.ts';
import type { AnomalyArgs } from '#shared/contract.ts';
import type { Cell } from '#shared/metrics/anomalyStats.ts';
import {
  anomalyDaySignatures,
  anomalyTree,
  nodeDayCounts,
  pointDayCounts,
  pointHourCounts,
  type AnomalyCounting,
  type AnomalyReadFilter,
  type AnomalyTreeNode,
} from '../store/anomalyReads.ts';
import {
  anomalyRecords,
  anomalyWindow,
  dayTestKind,
  hourTestKind,
  newestPressDay,
  pointDaysKind,
  restampAnomalyWindow,
  signatureKey,
  writeAnomalyTests,
} from '../store/anomalyTestRepo.ts';
import { v2PressesUnchangedSince } from '../store/repos/syncRunRepo.ts';
import {
  baselineWeeks,
  busyPointDay,
  cells,
  countingOf,
  dayTests,
  falseDiscoveryRate,
  hourTests,
  measureOf,
  type Measure,
  type Tested,
} from './anomalies.ts';

/**
 * The first day tested ahead: 1 January of the year before the newest day's, so every period preset that has bounds
 * (up to "last year") is covered; at least 92 days (90 and two of slack for the present).
 */
export function precomputedFrom(newestDay: number): number {
  return Math.min(newestDay + 1 - 92, dayNumberOf(civilOf(newestDay).year - 1, 1, 1));
}
/** The questions computed ahead: the negative share over every survey, misuse excluded (the Unusual list's). */
export const precomputedQuestions: readonly AnomalyArgs['measure'][] = ['negativeShare'];

export const stride = 7;
const baselineDays = 7 * baselineWeeks;
/** Days of the window tested from one read of the nodes' days (which holds the 8 weeks before them too; `xlarge`: the
 * after-sync work's peak 389 → 278 MB, the anomaly tests 13.7 → 14.7 s; 182 days: 297 MB, 13.4 s). */
const partDays = 91;
/**
 * The stored question of a measure: its name and the records' format (2: a day record holds every tested node's id
 * and the whole test of those with p ≤ α only). Records of another format are never read, and dropped on the next
 * refresh.
 */
export const storedQuestion = (measure: AnomalyArgs['measure']): string => `${measure}:2`;

/**
 * A day's record: `[n, the n tested node ids ascending, then [node, value, baseline, z, p, weeks, presses] of each
 * test with p ≤ α]`. The rest of the tests only count in the family (a discovery's q is at least its p), so a year
 * of the whole tree reads about a fifth of the bytes.
 */
function packDay(tests: readonly Tested[]): Float64Array {
  const sorted = [...tests].sort((a, b) => a.node.id - b.node.id);
  const small = sorted.filter((t) => t.p <= falseDiscoveryRate);
  const out = new Float64Array(1 + sorted.length + small.length * stride);
  out[0] = sorted.length;
  sorted.forEach((t, i) => (out[1 + i] = t.node.id));
  out.set(
    pack(small, (t) => t.node.id),
    1 + sorted.length,
  );
  return out;
}

function pack(tests: readonly Tested[], keyOf: (t: Tested) => number): Float64Array {
  const out = new Float64Array(tests.length * stride);
  tests.forEach((t, i) => out.set([keyOf(t), t.value, t.baseline, t.z, t.p, t.weeks, t.presses], i * stride));
  return out;
}

/** A hash of the tree (ids, parents, types): a moved point changes its groups' counts on every day. */
function treeHash(nodes: readonly AnomalyTreeNode[]): number {
  let h = 2166136261;
  for (const n of nodes)
    for (const c of `${n.id}/${n.parent ?? ''}/${n.type};`)
      h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** The first day whose counts differ between two signature records (tree hash first), or Infinity. */
function firstChange(a: Float64Array, b: Float64Array): number {
  const days = (r: Float64Array) => {
    const m = new Map<number, string>();
    for (let i = 1; i + 4 < r.length; i += 5)
      m.set(r[i] ?? 0, `${r[i + 1]}/${r[i + 2]}/${r[i + 3]}/${r[i + 4]}`);
    return m;
  };
  const x = days(a);
  const y = days(b);
  let first = Infinity;
  for (const [d, v] of x) if (y.get(d) !== v) first = Math.min(first, d);
  for (const [d, v] of y) if (x.get(d) !== v) first = Math.min(first, d);
  return first;
}

export interface PrecomputeResult {
  /** Cells tested now (days and hours). */
  tests: number;
  /** The window [fromDay, toDay) and the first day tested again now (toDay: nothing had changed). */
  fromDay: number;
  toDay: number;
  recomputedFrom: number;
}

/**
 * Whether the stored tests of `question` are current without reading the rollups: computed for the same days and
 * tree, and no press has changed since the run they were computed (or last found current) for.
 */
function currentSinceItsRun(
  db: Database.Database,
  question: string,
  window: { fromDay: number; toDay: number },
  tree: number,
): boolean {
  const old = anomalyWindow(db, question);
  if (!old || old.fromDay !== window.fromDay || old.toDay !== window.toDay) return false;
  const oldSignature = anomalyRecords(db, question, pointDaysKind, signatureKey, signatureKey + 1).get(
    signatureKey,
  );
  return oldSignature?.[0] === tree && v2PressesUnchangedSince(db, old.syncRunId);
}

/** Where a refresh starts: the first day whose counts changed since the stored tests (the window's start when none). */
function refreshStart(
  db: Database.Database,
  question: string,
  window: { fromDay: number; toDay: number },
  signature: Float64Array,
  full: boolean,
): { from: number; incremental: boolean; unchanged: boolean } {
  const old = full ? null : anomalyWindow(db, question);
  const oldSignature = old
    ? anomalyRecords(db, question, pointDaysKind, signatureKey, signatureKey + 1).get(signatureKey)
    : undefined;
  if (!old || !oldSignature || old.fromDay > window.fromDay || oldSignature[0] !== signature[0])
    return { from: window.fromDay, incremental: false, unchanged: false };
  const from = Math.max(
    window.fromDay,
    Math.min(window.toDay, old.toDay, firstChange(oldSignature, signature)),
  );
  return { from, incremental: true, unchanged: from >= window.toDay && old.fromDay === window.fromDay };
}

interface Refresh {
  db: Database.Database;
  question: string;
  measure: Measure;
  counting: AnomalyCounting;
  fromDay: number;
  toDay: number;
  /** The first day tested again. */
  from: number;
  incremental: boolean;
}

const readOf = (r: Refresh, first: number): AnomalyReadFilter => ({
  fromDay: first,
  toDay: r.toDay,
  includeMisuse: false,
});

/**
 * The hour tests of a point from day `first` on (its 8 weeks before read too): one point's hours at a time (every
 * busy point's of `large` at once were a million rows, half a GB of the after-sync thread).
 */
function hoursOf(r: Refresh, node: AnomalyTreeNode, first: number): Tested[] {
  if (first >= r.toDay) return [];
  const rows = pointHourCounts(r.db, r.counting, readOf(r, first - baselineDays), [node.id]);
  return hourTests([node], cells([rows], r.measure.presses), first, r.measure);
}

/**
 * The records of the points that may be busy: those stored before (their days and hours before `from` kept), and
 * points with a busy day in `days` (the counts from `from` − 8 weeks), read over the whole window when they join on
 * an incremental run. Returns the records and the hours tested now.
 */
function busyRecords(
  r: Refresh,
  points: readonly AnomalyTreeNode[],
  busyIds: ReadonlySet<number>,
): { records: StoredRecord[]; tests: number } {
  const oldDays = r.incremental
    ? anomalyRecords(r.db, r.question, pointDaysKind)
    : new Map<number, Float64Array>();
  const oldHours = r.incremental
    ? anomalyRecords(r.db, r.question, hourTestKind)
    : new Map<number, Float64Array>();
  const readFrom = r.fromDay - baselineDays;
  const continuing = points.filter((n) => oldDays.has(n.id));
  const joining = points.filter((n) => !oldDays.has(n.id) && busyIds.has(n.id));
  // The days of these points alone (every node's days of the window at once were ~113 MB on `xlarge`).
  const ids = [...continuing, ...joining].map((n) => n.id);
  const days =
    ids.length > 0
      ? cells([pointDayCounts(r.db, r.counting, readOf(r, r.from - baselineDays), ids)], r.measure.presses)
      : new Map<number, ReadonlyMap<number, Cell>>();
  const joiningDays =
    r.from === r.fromDay
      ? days
      : cells(
          [
            pointDayCounts(
              r.db,
              r.counting,
              readOf(r, readFrom),
              joining.map((n) => n.id),
            ),
          ],
          r.measure.presses,
        );
  // A continuing point's days before the fresh read are kept (a change before `from` lies within that read).
  const freshFrom = r.from - baselineDays;
  const records: StoredRecord[] = [];
  let tests = 0;
  for (const n of [...continuing, ...joining]) {
    const kept = oldDays.get(n.id);
    const pressDays = keptBetween(kept, 2, readFrom, freshFrom);
    for (const [d, c] of (kept ? days : joiningDays).get(n.id) ?? [])
      if (!kept || d >= freshFrom) pressDays.push(d, c.presses);
    records.push({ key: n.id, kind: pointDaysKind, data: Float64Array.from(pressDays) });
    const hours = keptBetween(oldHours.get(n.id), stride, r.fromDay * 24, r.from * 24);
    // A continuing point's hours from the first changed day, a joining one's over the whole window.
    const own = hoursOf(r, n, kept ? r.from : r.fromDay);
    tests += own.length;
    records.push({
      key: n.id,
      kind: hourTestKind,
      data: Float64Array.from([...hours, ...pack(own, (t) => t.day * 24 + (t.hour ?? 0))]),
    });
  }
  return { records, tests };
}

/** The entries of a stored record (`width` numbers each, keyed by the first) whose key is in [from, to). */
function keptBetween(record: Float64Array | undefined, width: number, from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = 0; record && i < record.length; i += width) {
    const key = record[i] ?? 0;
    if (key >= from && key < to) out.push(...record.subarray(i, i + width));
  }
  return out;
}

type StoredRecord = { key: number; kind: number; data: Float64Array };

/**
 * The day tests of every node from `r.from`, a record a day, and the points with a busy day among the days read.
 * Day by day: a day's tests are packed at once (all of them together were 300k objects on `large`). The nodes' days
 * are read a part of the window at a time, with the 8 weeks before it that its tests compare with: every node's
 * days of the whole window at once were ~113 MB on `xlarge`, the after-sync work's peak (docs/BENCHMARKS.md).
 */
function testDays(
  r: Refresh,
  nodes: readonly AnomalyTreeNode[],
  daysAtOnce: number,
): { records: StoredRecord[]; busyIds: Set<number>; dayTested: number } {
  const groups = nodes.filter((n) => n.type === 'GROUP').map((n) => n.id);
  const records: StoredRecord[] = [];
  const busyIds = new Set<number>();
  let dayTested = 0;
  for (let part = r.from; part < r.toDay; part += daysAtOnce) {
    const end = Math.min(r.toDay, part + daysAtOnce);
    const read = { ...readOf(r, part - baselineDays), toDay: end };
    const days = cells(
      [pointDayCounts(r.db, r.counting, read), nodeDayCounts(r.db, r.counting, read, groups)],
      r.measure.presses,
    );
    for (const [id, own] of days)
      if (!busyIds.has(id) && [...own.values()].some((c) => c.presses >= busyPointDay)) busyIds.add(id);
    for (let day = part; day < end; day++) {
      const tests = dayTests(nodes, days, day, day + 1, r.measure);
      dayTested += tests.length;
      if (tests.length > 0) records.push({ key: day, kind: dayTestKind, data: packDay(tests) });
    }
  }
  return { records, busyIds, dayTested };
}

/**
 * Brings the stored tests of `measure` up to `syncRunId`: every node's days from `precomputedFrom` to the newest day
 * with presses, and the hours of every point that may be busy (a day of `busyPointDay` presses: a median can only
 * reach it then) with its presses per day. Days before the first day whose counts changed since the last time (and
 * a busy point's hours on them) are kept, as a test reads its own day and the 8 weeks before it only; a changed
 * tree, or `full`, computes every day again.
 */
export function precomputeAnomalyTests(
  db: Database.Database,
  measureName: AnomalyArgs['measure'],
  syncRunId: number,
  options: { full?: boolean; partDays?: number } = {},
): PrecomputeResult {
  const question = storedQuestion(measureName);
  const newest = newestPressDay(db) ?? 0;
  const toDay = newest + 1;
  const fromDay = precomputedFrom(newest);
  const nodes = anomalyTree(db);
  if (!options.full && currentSinceItsRun(db, question, { fromDay, toDay }, treeHash(nodes))) {
    restampAnomalyWindow(db, question, syncRunId); // no press has changed since the stored tests were computed
    return { tests: 0, fromDay, toDay, recomputedFrom: toDay };
  }
  const daySignatures = anomalyDaySignatures(db, fromDay - baselineDays, toDay);
  const signature = Float64Array.from([treeHash(nodes), ...daySignatures.flat()]);
  const start = refreshStart(db, question, { fromDay, toDay }, signature, options.full === true);
  if (start.unchanged) {
    restampAnomalyWindow(db, question, syncRunId); // nothing the tests read has changed
    return { tests: 0, fromDay, toDay, recomputedFrom: toDay };
  }
  const args: AnomalyArgs = { filter: { from: '', to: '' }, measure: measureName };
  const r: Refresh = {
    db,
    question,
    measure: measureOf(args),
    counting: countingOf(args),
    fromDay,
    toDay,
    from: start.from,
    incremental: start.incremental,
  };
  const { records, busyIds, dayTested } = testDays(r, nodes, options.partDays ?? partDays);
  const busy = busyRecords(
    r,
    nodes.filter((n) => n.type === 'EXPERIENCE_POINT'),
    busyIds,
  );
  records.push(...busy.records, { key: signatureKey, kind: pointDaysKind, data: signature });
  writeAnomalyTests(db, question, { syncRunId, fromDay, toDay }, r.from, records);
  return { tests: dayTested + busy.tests, fromDay, toDay, recomputedFrom: r.from };
}
