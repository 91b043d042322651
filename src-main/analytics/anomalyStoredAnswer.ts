// A question of the anomaly search answered from the tests computed after the sync (anomalyPrecomputed.ts): its days'
// rows read, the family counted, the discoveries ranked and listed as findAnomalies lists them (docs/ANOMALIES.md).
import type Database from 'better-sqlite3';
import { formatLocalDay, parseLocalDate } from '#shared/calendar.ts';
import type { AnomalyAnswer, AnomalyArgs, AnomalyRow } from '#shared/contract.ts';
import { benjaminiHochbergDiscoveries, median } from '#shared/metrics/anomalyStats.ts';
import { anomalyTree, type AnomalyTreeNode } from '../store/anomalyReads.ts';
import {
  anomalyRecords,
  anomalyWindow,
  dayTestKind,
  hourTestKind,
  pointDaysKind,
} from '../store/anomalyTestRepo.ts';
import { baselineWeeks, busyPointDay, falseDiscoveryRate, selectedNodes } from './anomalies.ts';
import { precomputedQuestions, storedQuestion, stride } from './anomalyPrecomputed.ts';

const baselineDays = 7 * baselineWeeks;

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
  const family = gather(db, question, nodes, f.experiencePointIds !== undefined, fromDay, toDay);
  const qOf = benjaminiHochbergDiscoveries(Float64Array.from(family.small), family.m);
  const dayText = new Map<number, string>();
  const found: { row: AnomalyRow; abs: number; day: number; order: number }[] = [];
  for (const h of family.hits) {
    const q = qOf(h.data[h.i + 4] ?? 1);
    if (q > falseDiscoveryRate) continue;
    let day = dayText.get(h.day);
    if (day === undefined) dayText.set(h.day, (day = formatLocalDay(h.day)));
    const row = rowOf(nodes[h.node] as AnomalyTreeNode, h, day, q, args.measure);
    found.push({ row, abs: Math.abs(row.z), day: h.day, order: h.order });
  }
  // answerOf's order: largest |z| first, then the earlier day, then where the test was listed.
  found.sort((a, b) => b.abs - a.abs || a.day - b.day || a.order - b.order);
  return { measure: args.measure, from: f.from, to: f.to, tests: family.m, rows: found.map((e) => e.row) };
}

/**
 * The family of a question: its size `m` (the whole tree: every stored test of its days; a selection: its nodes'),
 * and its p-values ≤ α with where they are — only those can be discoveries (q ≥ p).
 */
function gather(
  db: Database.Database,
  question: string,
  nodes: readonly AnomalyTreeNode[],
  selection: boolean,
  fromDay: number,
  toDay: number,
): { m: number; small: number[]; hits: Hit[] } {
  const all = new Map(nodes.map((n, i) => [n.id, i]));
  let m = 0;
  const small: number[] = [];
  const hits: Hit[] = [];
  for (const [day, data] of anomalyRecords(db, question, dayTestKind, fromDay, toDay)) {
    const n = data[0] ?? 0;
    m += selection ? testedOf(data, n, nodes, all) : n;
    for (let i = 1 + n; i < data.length; i += stride) {
      const k = all.get(data[i] ?? 0);
      if (k === undefined) continue;
      small.push(data[i + 4] ?? 1);
      hits.push({ data, i, node: k, day, hour: null, order: k * 1e6 + day - fromDay });
    }
  }
  for (const { node, data } of busyHourRecords(db, question, nodes, fromDay, toDay))
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
  return { m, small, hits };
}

/** How many of the selection's nodes a day record tested (a few: each looked up; many: each tested node looked at). */
function testedOf(
  data: Float64Array,
  n: number,
  nodes: readonly AnomalyTreeNode[],
  all: ReadonlyMap<number, number>,
): number {
  let m = 0;
  if (nodes.length * 16 < n) for (const node of nodes) m += sortedHas(data, n, node.id) ? 1 : 0;
  else for (let i = 1; i <= n; i++) if (all.has(data[i] ?? 0)) m++;
  return m;
}

/** Whether `id` is among a day record's tested nodes, `data[1..n]`, sorted by id (packDay): a binary search. */
export function sortedHas(data: Float64Array, n: number, id: number): boolean {
  let lo = 1;
  let hi = n + 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((data[mid] ?? 0) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo <= n && data[lo] === id;
}

function rowOf(
  n: AnomalyTreeNode,
  h: Hit,
  day: string,
  q: number,
  measure: AnomalyArgs['measure'],
): AnomalyRow {
  const at = (k: number): number => h.data[h.i + k] ?? 0;
  const z = at(3);
  return {
    experiencePointId: n.id,
    name: n.name,
    type: n.type,
    day,
    hour: h.hour,
    measure,
    value: at(1),
    baseline: at(2),
    z,
    q,
    presses: at(6),
    weeks: at(5),
    worse: measure === 'negativeShare' ? z > 0 : z < 0,
  };
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
