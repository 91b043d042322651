// The anomaly search's tests computed after a sync and packed per day and per busy point (from the first day the sync
// changed), and a question answered from them: the same tests, the same answer as findAnomalies (docs/ANOMALIES.md).
import type Database from 'better-sqlite3';
import { civilOf, dayNumberOf, formatLocalDay, parseLocalDate } from '#shared/calendar.ts';
import type { AnomalyAnswer, AnomalyArgs, AnomalyRow } from '#shared/contract.ts';
import { benjaminiHochbergDiscoveries, median } from '#shared/metrics/anomalyStats.ts';
import {
  anomalyDaySignatures,
  anomalyTree,
  nodeDayCounts,
  pointDayCounts,
  pointHourCounts,
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
import {
  baselineWeeks,
  busyPointDay,
  cells,
  countingOf,
  dayTests,
  falseDiscoveryRate,
  hourTests,
  measureOf,
  selectedNodes,
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

const stride = 7;
const baselineDays = 7 * baselineWeeks;
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
  options: { full?: boolean } = {},
): PrecomputeResult {
  const question = storedQuestion(measureName);
  const newest = newestPressDay(db) ?? 0;
  const toDay = newest + 1;
  const fromDay = precomputedFrom(newest);
  const readFrom = fromDay - baselineDays;
  const nodes = anomalyTree(db);
  const signature = Float64Array.from([treeHash(nodes), ...anomalyDaySignatures(db, readFrom, toDay).flat()]);
  const old = options.full ? null : anomalyWindow(db, question);
  const oldSignature = old
    ? anomalyRecords(db, question, pointDaysKind, signatureKey, signatureKey + 1).get(signatureKey)
    : undefined;
  const incremental =
    old !== null && oldSignature !== undefined && old.fromDay <= fromDay && oldSignature[0] === signature[0];
  const from = incremental
    ? Math.max(fromDay, Math.min(toDay, old.toDay, firstChange(oldSignature, signature)))
    : fromDay;
  if (incremental && from >= toDay && old.fromDay === fromDay) {
    restampAnomalyWindow(db, question, syncRunId); // nothing the tests read has changed
    return { tests: 0, fromDay, toDay, recomputedFrom: toDay };
  }
  const args: AnomalyArgs = { filter: { from: '', to: '' }, measure: measureName };
  const measure = measureOf(args);
  const counting = countingOf(args);
  const read = (first: number): AnomalyReadFilter => ({ fromDay: first, toDay, includeMisuse: false });
  const groups = nodes.filter((n) => n.type === 'GROUP').map((n) => n.id);
  const days = cells(
    [
      ...pointDayCounts(db, counting, read(from - baselineDays)),
      ...nodeDayCounts(db, counting, read(from - baselineDays), groups),
    ],
    measure.presses,
  );
  const records: { key: number; kind: number; data: Float64Array }[] = [];
  const dayTested = dayTests(nodes, days, from, toDay, measure);
  const byDay = new Map<number, Tested[]>();
  for (const t of dayTested) byDay.set(t.day, [...(byDay.get(t.day) ?? []), t]);
  for (const [day, tests] of byDay) records.push({ key: day, kind: dayTestKind, data: packDay(tests) });

  // Busy candidates: those stored before (their days and hours before `from` kept), and points with a busy day now.
  const oldDays = incremental ? anomalyRecords(db, question, pointDaysKind) : new Map<number, Float64Array>();
  const oldHours = incremental ? anomalyRecords(db, question, hourTestKind) : new Map<number, Float64Array>();
  const points = nodes.filter((n) => n.type === 'EXPERIENCE_POINT');
  const continuing = points.filter((n) => oldDays.has(n.id));
  const joining = points.filter(
    (n) => !oldDays.has(n.id) && [...(days.get(n.id)?.values() ?? [])].some((c) => c.presses >= busyPointDay),
  );
  // A point joining on an incremental run has no stored past: its days and hours are read over the whole window.
  const joiningDays =
    from === fromDay
      ? days
      : cells(
          pointDayCounts(
            db,
            counting,
            read(readFrom),
            joining.map((n) => n.id),
          ),
          measure.presses,
        );
  const hoursOf = (list: readonly AnomalyTreeNode[], first: number): Tested[] =>
    list.length === 0 || first >= toDay
      ? []
      : hourTests(
          list,
          cells(
            pointHourCounts(
              db,
              counting,
              read(first - baselineDays),
              list.map((n) => n.id),
            ),
            measure.presses,
          ),
          first,
          measure,
        );
  const newHours = [...hoursOf(continuing, from), ...hoursOf(joining, fromDay)];
  // A continuing point's days before the fresh read are kept (a change before `from` lies within that read).
  const freshFrom = from - baselineDays;
  for (const n of [...continuing, ...joining]) {
    const pressDays: number[] = [];
    const kept = oldDays.get(n.id);
    const isContinuing = kept !== undefined;
    for (let i = 0; kept && i < kept.length; i += 2)
      if ((kept[i] ?? 0) >= readFrom && (kept[i] ?? 0) < freshFrom)
        pressDays.push(kept[i] ?? 0, kept[i + 1] ?? 0);
    for (const [d, c] of (isContinuing ? days : joiningDays).get(n.id) ?? [])
      if (!isContinuing || d >= freshFrom) pressDays.push(d, c.presses);
    records.push({ key: n.id, kind: pointDaysKind, data: Float64Array.from(pressDays) });
    const hours: number[] = [];
    const keptHours = oldHours.get(n.id);
    for (let i = 0; keptHours && i < keptHours.length; i += stride) {
      const key = keptHours[i] ?? 0;
      if (key >= fromDay * 24 && key < from * 24) hours.push(...keptHours.subarray(i, i + stride));
    }
    const own = newHours.filter((t) => t.node.id === n.id);
    records.push({
      key: n.id,
      kind: hourTestKind,
      data: Float64Array.from([...hours, ...pack(own, (t) => t.day * 24 + (t.hour ?? 0))]),
    });
  }
  records.push({ key: signatureKey, kind: pointDaysKind, data: signature });
  writeAnomalyTests(db, question, { syncRunId, fromDay, toDay }, from, records);
  return { tests: dayTested.length + newHours.length, fromDay, toDay, recomputedFrom: from };
}

/**
 * The answer of `args` from the stored tests, or null when they do not cover it: another filter than every survey
 * without misuse, a measure not computed ahead, a period starting before the stored window, or tests older than
 * `syncRunId` (the newest sync run). The family is counted, and only its p-values ≤ α are gathered and ranked (a
 * discovery's q is at least its p): rows are built for those alone, in the order findAnomalies lists its tests.
 */
export function precomputedAnswer(
  db: Database.Database,
  args: AnomalyArgs,
  syncRunId: number,
): AnomalyAnswer | null {
  const f = args.filter;
  if (f.surveyIds || args.scales || f.includeMisuse === true || !precomputedQuestions.includes(args.measure))
    return null;
  const fromDay = parseLocalDate(f.from);
  const toDay = parseLocalDate(f.to);
  if (fromDay === null || toDay === null) return null;
  const question = storedQuestion(args.measure);
  const window = anomalyWindow(db, question);
  if (!window || window.syncRunId !== syncRunId || fromDay < window.fromDay) return null;
  const nodes = selectedNodes(anomalyTree(db), f.experiencePointIds);
  // The whole tree: every stored test is in the family (stored node ids are tree ids); a selection: its own.
  const all = new Map(nodes.map((n, i) => [n.id, i]));
  const index = f.experiencePointIds ? all : null;
  const dayRecords = anomalyRecords(db, question, dayTestKind, fromDay, toDay);
  const busy = busyHourRecords(db, question, nodes, fromDay, toDay);
  // The family's size and its p-values ≤ α with where they are: only those can be discoveries (q ≥ p).
  let m = 0;
  const small: number[] = [];
  const hits: Hit[] = [];
  for (const [day, data] of dayRecords) {
    const n = data[0] ?? 0;
    if (!index) m += n;
    else for (let i = 1; i <= n; i++) if (index.has(data[i] ?? 0)) m++;
    for (let i = 1 + n; i < data.length; i += stride) {
      const k = (index ?? all).get(data[i] ?? 0);
      if (k === undefined) continue;
      small.push(data[i + 4] ?? 1);
      hits.push({ data, i, node: k, day, hour: null, order: k * 1e6 + day - fromDay });
    }
  }
  for (const { node, data } of busy)
    for (let i = 0; i < data.length; i += stride) {
      const key = data[i] ?? 0;
      if (key < fromDay * 24 || key >= toDay * 24) continue;
      m++;
      const p = data[i + 4] ?? 1;
      if (p > falseDiscoveryRate) continue;
      small.push(p);
      const day = Math.floor(key / 24);
      hits.push({ data, i, node, day, hour: key % 24, order: 1e12 + node * 1e7 + key - fromDay * 24 });
    }
  const qOf = benjaminiHochbergDiscoveries(Float64Array.from(small), m);
  const dayText = new Map<number, string>();
  const found: { row: AnomalyRow; abs: number; day: number; order: number }[] = [];
  for (const h of hits) {
    const q = qOf(h.data[h.i + 4] ?? 1);
    if (q > falseDiscoveryRate) continue;
    const n = nodes[h.node] as AnomalyTreeNode;
    const z = h.data[h.i + 3] ?? 0;
    let day = dayText.get(h.day);
    if (day === undefined) dayText.set(h.day, (day = formatLocalDay(h.day)));
    const row: AnomalyRow = {
      experiencePointId: n.id,
      name: n.name,
      type: n.type,
      day,
      hour: h.hour,
      measure: args.measure,
      value: h.data[h.i + 1] ?? 0,
      baseline: h.data[h.i + 2] ?? 0,
      z,
      q,
      presses: h.data[h.i + 6] ?? 0,
      weeks: h.data[h.i + 5] ?? 0,
      worse: args.measure === 'negativeShare' ? z > 0 : z < 0,
    };
    found.push({ row, abs: Math.abs(z), day: h.day, order: h.order });
  }
  // answerOf's order: largest |z| first, then the earlier day, then where the test was listed.
  found.sort((a, b) => b.abs - a.abs || a.day - b.day || a.order - b.order);
  return { measure: args.measure, from: f.from, to: f.to, tests: m, rows: found.map((e) => e.row) };
}

interface Hit {
  data: Float64Array;
  i: number;
  /** The node's index in the selection's order. */
  node: number;
  day: number;
  hour: number | null;
  /** Where findAnomalies lists the test: node by node, days before hours. */
  order: number;
}

/** The stored hour tests of the points of `nodes` busy over the days a question of [fromDay, toDay) reads. */
function busyHourRecords(
  db: Database.Database,
  question: string,
  nodes: readonly AnomalyTreeNode[],
  fromDay: number,
  toDay: number,
): { node: number; data: Float64Array }[] {
  const pressDays = anomalyRecords(db, question, pointDaysKind, 0);
  const hourRecords = anomalyRecords(db, question, hourTestKind);
  const readFrom = fromDay - baselineDays;
  const out: { node: number; data: Float64Array }[] = [];
  nodes.forEach((n, k) => {
    const own = pressDays.get(n.id);
    const data = hourRecords.get(n.id);
    if (n.type !== 'EXPERIENCE_POINT' || !own || !data) return;
    const presses: number[] = [];
    for (let i = 0; i < own.length; i += 2) {
      const day = own[i] ?? 0;
      if (day >= readFrom && day < toDay) presses.push(own[i + 1] ?? 0);
    }
    if (median(presses) >= busyPointDay) out.push({ node: k, data });
  });
  return out;
}
