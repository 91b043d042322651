// Answers of one query asked once per feedback scale of a scale group (five and five_reversed), made one answer:
// counts add up, and each score is the presses-weighted mean (exact: every measure is a mean over presses).
import type { QueryRow } from '#shared/contract.ts';
import { mergeIntervals } from './mergeIntervals.ts';

const keyFields = [
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
  'hourOfDay',
  'weekday',
  'experiencePointId',
  'surveyId',
  'buttonIndex',
] as const;
const sums = ['count', 'presses', 'previousCount', 'previousPresses'] as const;
const scores = ['share', 'happyIndex', 'nps', 'average'] as const;
type Score = (typeof scores)[number];
const previousOf: Record<Score, 'previousShare' | 'previousHappyIndex' | 'previousNps' | 'previousAverage'> =
  {
    share: 'previousShare',
    happyIndex: 'previousHappyIndex',
    nps: 'previousNps',
    average: 'previousAverage',
  };
const deltaOf: Record<Score, 'deltaShare' | 'deltaHappyIndex' | 'deltaNps' | 'deltaAverage'> = {
  share: 'deltaShare',
  happyIndex: 'deltaHappyIndex',
  nps: 'deltaNps',
  average: 'deltaAverage',
};

/** The weight of a row's score: its presses (or its count when only counts were asked). */
const weight = (r: QueryRow, previous: boolean): number =>
  (previous ? (r.previousPresses ?? r.previousCount) : (r.presses ?? r.count)) ?? 0;

export function mergeScaleAnswers(answers: readonly (readonly QueryRow[])[]): QueryRow[] {
  if (answers.length === 1) return [...(answers[0] ?? [])];
  const groups = new Map<string, QueryRow[]>();
  for (const rows of answers)
    for (const row of rows) {
      const key = JSON.stringify(keyFields.map((k) => row[k] ?? null));
      const list = groups.get(key) ?? [];
      list.push(row);
      groups.set(key, list);
    }
  const merged: QueryRow[] = [];
  for (const rows of groups.values()) {
    const first = rows[0];
    if (!first) continue;
    const out: QueryRow = {};
    for (const k of keyFields) if (first[k] !== undefined) Object.assign(out, { [k]: first[k] });
    if (first.experiencePointName !== undefined) out.experiencePointName = first.experiencePointName;
    for (const k of sums)
      if (rows.some((r) => r[k] !== undefined)) out[k] = rows.reduce((n, r) => n + (r[k] ?? 0), 0);
    for (const s of scores) {
      if (!rows.some((r) => s in r)) continue;
      out[s] = weightedMean(rows, (r) => r[s], false);
      const p = previousOf[s];
      if (rows.some((r) => p in r)) {
        out[p] = weightedMean(rows, (r) => r[p], true);
        const now = out[s];
        const before = out[p];
        out[deltaOf[s]] =
          now === null || now === undefined || before === null || before === undefined ? null : now - before;
      }
    }
    if (out.count !== undefined && out.previousCount !== undefined)
      out.deltaCount = out.count - out.previousCount;
    if (out.presses !== undefined && out.previousPresses !== undefined)
      out.deltaPresses = out.presses - out.previousPresses;
    mergeIntervals(rows, out);
    merged.push(out);
  }
  return merged.sort((a, b) => compareKeys(a, b));
}

function weightedMean(
  rows: readonly QueryRow[],
  value: (r: QueryRow) => number | null | undefined,
  previous: boolean,
): number | null {
  let total = 0;
  let sum = 0;
  for (const r of rows) {
    const v = value(r);
    const w = weight(r, previous);
    if (v === null || v === undefined || w <= 0) continue;
    total += w;
    sum += v * w;
  }
  return total > 0 ? sum / total : null;
}

function compareKeys(a: QueryRow, b: QueryRow): number {
  for (const k of keyFields) {
    const x = a[k];
    const y = b[k];
    if (x === y || x === undefined || y === undefined) continue;
    return x < y ? -1 : 1;
  }
  return 0;
}
