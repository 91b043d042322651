// The anomaly search's tests of the last days computed once after a sync and packed per node, and a question answered
// from them: the same tests, in the same order, as findAnomalies would compute (docs/ANOMALIES.md, "Cost").
import type Database from 'better-sqlite3';
import { parseLocalDate } from '#shared/calendar.ts';
import type { AnomalyAnswer, AnomalyArgs } from '#shared/contract.ts';
import { median } from '#shared/metrics/anomalyStats.ts';
import {
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
  writeAnomalyTests,
} from '../store/anomalyTestRepo.ts';
import {
  answerOf,
  baselineWeeks,
  busyPointDay,
  cells,
  countingOf,
  dayTests,
  hourTests,
  measureOf,
  selectedNodes,
  type Tested,
} from './anomalies.ts';

/** Days tested ahead of time, ending with the newest day with presses: 90 days and two of slack for the present. */
export const precomputedDays = 92;
/** The questions computed ahead: the negative share over every survey, misuse excluded (the Unusual list's). */
export const precomputedQuestions: readonly AnomalyArgs['measure'][] = ['negativeShare'];

const stride = 7;

function pack(tests: readonly Tested[], keyOf: (t: Tested) => number): Float64Array {
  const out = new Float64Array(tests.length * stride);
  tests.forEach((t, i) => out.set([keyOf(t), t.value, t.baseline, t.z, t.p, t.weeks, t.presses], i * stride));
  return out;
}

function groupBy(tests: readonly Tested[], keyOf: (t: Tested) => number): Map<number, Tested[]> {
  const out = new Map<number, Tested[]>();
  for (const t of tests) {
    const k = keyOf(t);
    const list = out.get(k);
    if (list) list.push(t);
    else out.set(k, [t]);
  }
  return out;
}

/**
 * Computes and stores the tests of `measure` over the last `precomputedDays` days with presses, as of `syncRunId`:
 * every node's days; the hours of every point that may be busy in some period (a day with `busyPointDay` presses:
 * a median can only reach it then) with its presses per day. Returns the number of tests stored.
 */
export function precomputeAnomalyTests(
  db: Database.Database,
  measureName: AnomalyArgs['measure'],
  syncRunId: number,
): number {
  const newest = newestPressDay(db);
  const toDay = (newest ?? 0) + 1;
  const fromDay = toDay - precomputedDays;
  const args: AnomalyArgs = { filter: { from: '', to: '' }, measure: measureName };
  const measure = measureOf(args);
  const counting = countingOf(args);
  const read: AnomalyReadFilter = { fromDay: fromDay - 7 * baselineWeeks, toDay, includeMisuse: false };
  const nodes = anomalyTree(db);
  const groups = nodes.filter((n) => n.type === 'GROUP').map((n) => n.id);
  const days = cells(
    [...pointDayCounts(db, counting, read), ...nodeDayCounts(db, counting, read, groups)],
    measure.presses,
  );
  const records: { key: number; kind: number; data: Float64Array }[] = [];
  for (const [day, tests] of groupBy(dayTests(nodes, days, fromDay, toDay, measure), (t) => t.day))
    records.push({ key: day, kind: dayTestKind, data: pack(tests, (t) => t.node.id) });
  const candidates = nodes.filter(
    (n) =>
      n.type === 'EXPERIENCE_POINT' &&
      [...(days.get(n.id)?.values() ?? [])].some((c) => c.presses >= busyPointDay),
  );
  for (const n of candidates) {
    const own = [...(days.get(n.id) ?? new Map())];
    records.push({
      key: n.id,
      kind: pointDaysKind,
      data: Float64Array.from(own.flatMap(([d, c]) => [d, c.presses])),
    });
  }
  const hours = cells(
    pointHourCounts(
      db,
      counting,
      read,
      candidates.map((n) => n.id),
    ),
    measure.presses,
  );
  const hourly = hourTests(candidates, hours, fromDay, measure);
  for (const [id, tests] of groupBy(hourly, (t) => t.node.id))
    records.push({ key: id, kind: hourTestKind, data: pack(tests, (t) => t.day * 24 + (t.hour ?? 0)) });
  writeAnomalyTests(db, measureName, { syncRunId, fromDay, toDay }, records);
  return records.reduce((a, r) => a + (r.kind === pointDaysKind ? 0 : r.data.length / stride), 0);
}

/**
 * The answer of `args` from the stored tests, or null when they do not cover it: another filter than every survey
 * without misuse, a measure not computed ahead, a period starting before the stored window, or tests older than
 * `syncRunId` (the newest sync run).
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
  const window = anomalyWindow(db, args.measure);
  if (!window || window.syncRunId !== syncRunId || fromDay < window.fromDay) return null;
  const nodes = selectedNodes(anomalyTree(db), f.experiencePointIds);
  const tested = storedDayTests(db, args.measure, nodes, fromDay, toDay);
  tested.push(...storedHourTests(db, args.measure, nodes, fromDay, toDay));
  return answerOf(args, tested);
}

/** The stored hour tests in [fromDay, toDay) of the points of `nodes` that are busy over the days read, in order. */
function storedHourTests(
  db: Database.Database,
  question: string,
  nodes: readonly AnomalyTreeNode[],
  fromDay: number,
  toDay: number,
): Tested[] {
  const tested: Tested[] = [];
  const pressDays = anomalyRecords(db, question, pointDaysKind);
  const hourRecords = anomalyRecords(db, question, hourTestKind);
  const readFrom = fromDay - 7 * baselineWeeks;
  for (const n of nodes) {
    const own = pressDays.get(n.id);
    const data = hourRecords.get(n.id);
    if (n.type !== 'EXPERIENCE_POINT' || !own || !data) continue;
    const presses: number[] = [];
    for (let i = 0; i < own.length; i += 2) {
      const day = own[i] ?? 0;
      if (day >= readFrom && day < toDay) presses.push(own[i + 1] ?? 0);
    }
    if (median(presses) < busyPointDay) continue;
    for (let i = 0; i < data.length; i += stride) {
      const key = data[i] ?? 0;
      if (key >= fromDay * 24 && key < toDay * 24)
        tested.push(testOf(n, data, i, Math.floor(key / 24), key % 24));
    }
  }
  return tested;
}

function testOf(
  node: AnomalyTreeNode,
  data: Float64Array,
  i: number,
  day: number,
  hour: number | null,
): Tested {
  return {
    node,
    day,
    hour,
    value: data[i + 1] ?? 0,
    baseline: data[i + 2] ?? 0,
    z: data[i + 3] ?? 0,
    p: data[i + 4] ?? 0,
    weeks: data[i + 5] ?? 0,
    presses: data[i + 6] ?? 0,
  };
}

/** The stored day tests of `nodes` in [fromDay, toDay): node by node in their order, each in day order. */
function storedDayTests(
  db: Database.Database,
  question: string,
  nodes: readonly AnomalyTreeNode[],
  fromDay: number,
  toDay: number,
): Tested[] {
  const byId = new Map(nodes.map((n) => [n.id, { node: n, tests: [] as Tested[] }]));
  for (const [day, data] of anomalyRecords(db, question, dayTestKind, fromDay, toDay))
    for (let i = 0; i < data.length; i += stride) {
      const own = byId.get(data[i] ?? 0);
      if (own) own.tests.push(testOf(own.node, data, i, day, null));
    }
  return [...byId.values()].flatMap((o) => o.tests);
}
