// Reconciliation per local day and survey: v1 summed results (misuse excluded by the service) vs v1 raw results
// (every press) vs v2 presses (all, and misuse), so misuse is seen to explain v1's raw-vs-summed difference.
import type Database from 'better-sqlite3';
import type {
  Reconciliation,
  ReconciliationArgs,
  ReconciliationRow,
  ReconciliationTotals,
  VerificationSummary,
} from '#shared/contract.ts';
import { formatLocalDay } from '../core/localTime.ts';
import { pointNames } from '../store/reads/names.ts';
import {
  newestVerification,
  reconciliationRows,
  reconciliationSources,
  surveyPairRows,
} from '../store/reads/reconciliationRead.ts';

interface Counts {
  day: number;
  point: number;
  question: number;
  v1: Set<number>;
  v2: Set<number>;
  summed: number | null;
  raw: number | null;
  all: number | null;
  misuse: number | null;
}

/** The surveys each source has per `point|question` (v2: four-button surveys assigned to the point). */
function surveyPairs(db: Database.Database): { v1: Map<string, number[]>; v2: Map<string, number[]> } {
  const collect = (source: 'v1' | 'v2'): Map<string, number[]> => {
    const out = new Map<string, number[]>();
    for (const r of surveyPairRows(db, source)) {
      const key = `${r.point}|${r.question}`;
      out.set(key, [...(out.get(key) ?? []), r.survey]);
    }
    return out;
  };
  return {
    v1: collect('v1'),
    v2: collect('v2'),
  };
}

/** Each source's counts per (day, point, question), the surveys seen in each. */
function countsOf(db: Database.Database, filter: ReconciliationArgs['filter'] & object, has: Sources) {
  const rows = new Map<string, Counts>();
  const at = (day: number, point: number, question: number): Counts => {
    const key = `${day}|${point}|${question}`;
    let c = rows.get(key);
    if (!c) {
      c = {
        day,
        point,
        question,
        v1: new Set(),
        v2: new Set(),
        summed: null,
        raw: null,
        all: null,
        misuse: null,
      };
      rows.set(key, c);
    }
    return c;
  };
  for (const r of has.hasV1 ? reconciliationRows(db, 'summed', filter) : []) {
    const c = at(r.day, r.point, r.question);
    c.v1.add(r.survey);
    c.summed = (c.summed ?? 0) + r.n;
  }
  for (const r of has.hasV1 ? reconciliationRows(db, 'raw', filter) : []) {
    const c = at(r.day, r.point, r.question);
    c.v1.add(r.survey);
    c.raw = (c.raw ?? 0) + r.n;
  }
  for (const r of has.hasV2 ? reconciliationRows(db, 'v2', filter) : []) {
    const c = at(r.day, r.point, r.question);
    c.v2.add(r.survey);
    c.all = (c.all ?? 0) + r.n;
    c.misuse = (c.misuse ?? 0) + (r.m ?? 0);
  }
  return rows;
}

type Sources = { hasV1: boolean; hasV2: boolean };

/** Rows per (day, point, question), newest day first; totals over all of them. */
export function reconcile(db: Database.Database, args: ReconciliationArgs): Reconciliation {
  const verification = lastVerification(db);
  const { hasV1, hasV2 } = reconciliationSources(db);
  const pairs = surveyPairs(db);
  const rows = countsOf(db, args.filter ?? {}, { hasV1, hasV2 });
  const totals: ReconciliationTotals = {
    v1Summed: 0,
    v1Raw: 0,
    v2All: 0,
    v2Misuse: 0,
    disagreeing: 0,
    explainedByMisuse: 0,
  };
  const all: (ReconciliationRow & { dayNumber: number })[] = [];
  for (const c of rows.values()) {
    const pair = `${c.point}|${c.question}`;
    for (const k of pairs.v1.get(pair) ?? []) c.v1.add(k);
    for (const k of pairs.v2.get(pair) ?? []) c.v2.add(k);
    const row = toRow(c, hasV1 && hasV2);
    totals.v1Summed += c.summed ?? 0;
    totals.v1Raw += c.raw ?? 0;
    totals.v2All += c.all ?? 0;
    totals.v2Misuse += c.misuse ?? 0;
    if (!row.agrees) {
      totals.disagreeing++;
      if (row.explainedByMisuse) totals.explainedByMisuse++;
    }
    if (!args.onlyDisagreeing || !row.agrees) all.push({ ...row, dayNumber: c.day });
  }
  all.sort(
    (a, b) =>
      b.dayNumber - a.dayNumber || a.experiencePointId - b.experiencePointId || a.questionId - b.questionId,
  );
  const listed = all.slice(0, args.limit ?? 1000);
  const names = pointNames(
    db,
    listed.map((r) => r.experiencePointId),
  );
  return {
    hasV1,
    hasV2,
    rows: listed.map(({ dayNumber: _, ...r }) => ({
      ...r,
      experiencePointName: names.get(r.experiencePointId) ?? null,
    })),
    totals,
    rowCount: all.length,
    verification,
  };
}

/** `both`: the store holds both sources, so a survey without its twin is itself a disagreement. */
// eslint-disable-next-line complexity -- one comparison per source pair, each null-aware; splitting it would scatter the rule that decides agreement
function toRow(c: Counts, both: boolean): ReconciliationRow {
  const inV1 = c.v1.size > 0;
  const inV2 = c.v2.size > 0;
  // A source that has the survey here but no row that day counted 0 presses (days without presses are not stored).
  const summed = inV1 ? (c.summed ?? 0) : null;
  const raw = inV1 ? (c.raw ?? 0) : null;
  const all = inV2 ? (c.all ?? 0) : null;
  const misuse = inV2 ? (c.misuse ?? 0) : null;
  const checks: boolean[] = [];
  if (summed !== null && all !== null && misuse !== null) checks.push(summed === all - misuse);
  if (raw !== null && all !== null) checks.push(raw === all);
  const diff = raw !== null && summed !== null ? raw - summed : null;
  return {
    day: formatLocalDay(c.day),
    experiencePointId: c.point,
    experiencePointName: null,
    questionId: c.question,
    v1SurveyKeys: [...c.v1].sort((a, b) => a - b),
    v2SurveyIds: [...c.v2].sort((a, b) => a - b),
    v1Summed: summed,
    v1Raw: raw,
    v2All: all,
    v2Misuse: misuse,
    rawMinusSummed: diff,
    explainedByMisuse: diff !== null && misuse !== null ? diff === misuse : null,
    agrees: checks.every(Boolean) && (!both || (inV1 && inV2)),
  };
}

/** The newest verification a sync kept (migration 0008), or null. */
export function lastVerification(db: Database.Database): VerificationSummary | null {
  const r = newestVerification(db);
  if (!r) return null;
  return {
    checkedAt: r.checked_at,
    from: r.from_day,
    to: r.to_day,
    groupsCompared: r.groups_compared,
    localTotal: r.local_total,
    serviceTotal: r.service_total,
    mismatchCount: r.mismatch_count,
    mismatches: JSON.parse(r.mismatches) as VerificationSummary['mismatches'], // written by saveVerification only
  };
}
