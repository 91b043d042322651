// An annotation's before/after estimate of the score, matched on weekday × hour: the weeks before the note are
// reweighted to the hours of the weeks after it, so a change in when people press (more weekends, later hours)
// is not read as a change in how they feel. With its 95% interval.
import type Database from 'better-sqlite3';
import type { AnnotationEffect, FeedbackScale, QueryFilter } from '#shared/contract.ts';
import { happyIndexEstimate, npsEstimate, z95, type Estimate } from '#shared/metrics/intervals.ts';
import { buttonCount, scaleGroupOf } from '#shared/metrics/scales.ts';
import { runQuery } from './query.ts';

/** The default length of each side, in days: four whole weeks, so every weekday counts four times. */
export const effectWindowDays = 28;

export interface EffectArgs {
  experiencePointId: number | null;
  /** The annotation's days (both included). */
  from: string;
  to: string;
  scale: FeedbackScale;
  includeMisuse?: boolean;
  windowDays?: number;
}

export type { AnnotationEffect } from '#shared/contract.ts';

const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Button counts per weekday × hour cell of a window. */
function cells(db: Database.Database, filter: QueryFilter): Map<string, number[]> {
  const rows = runQuery(db, {
    measures: ['count'],
    groupBy: ['weekday', 'hourOfDay', 'buttonIndex'],
    filter,
  });
  const out = new Map<string, number[]>();
  for (const r of rows) {
    if (r.buttonIndex === undefined) continue;
    const key = `${r.weekday ?? 0}:${r.hourOfDay ?? 0}`;
    const counts = out.get(key) ?? [];
    counts[r.buttonIndex] = (counts[r.buttonIndex] ?? 0) + (r.count ?? 0);
    out.set(key, counts);
  }
  return out;
}

const total = (counts: readonly (number | undefined)[]): number =>
  counts.reduce<number>((n, c) => n + (c ?? 0), 0);

/**
 * Direct standardisation on weekday × hour: with wᶜ the after window's share of (matched) presses in cell c,
 * after = Σ wᶜ·sᶜ₁ and before = Σ wᶜ·sᶜ₀ (sᶜ the cell's score), change = after − before, and
 * Var(change) = Σ wᶜ²·(SEᶜ₁² + SEᶜ₀²), each cell's SE the score's own (intervals.ts), the two windows independent.
 *
 * Source: direct standardisation of rates (e.g. K. J. Rothman, S. Greenland, T. L. Lash, "Modern Epidemiology", 3rd
 * ed., 2008, ch. 4, "Standardization"), with the variance of a weighted sum of independent estimates.
 */
export function annotationEffect(db: Database.Database, args: EffectArgs): AnnotationEffect {
  const days = args.windowDays ?? effectWindowDays;
  const group = scaleGroupOf(args.scale);
  const score = group === 'nps' ? 'nps' : 'happyIndex';
  const estimate = (counts: readonly number[]): Estimate | null =>
    group === 'nps' ? npsEstimate(counts) : happyIndexEstimate(counts, buttonCount[group]);
  const before = { from: addDays(args.from, -days), to: args.from };
  const after = { from: args.from, to: args.to > args.from ? addDays(args.to, 1) : addDays(args.from, days) };
  const base: QueryFilter = {
    ...(args.experiencePointId !== null ? { experiencePointIds: [args.experiencePointId] } : {}),
    scale: args.scale,
    ...(args.includeMisuse ? { includeMisuse: true } : {}),
  };
  const was = cells(db, { ...base, ...before });
  const now = cells(db, { ...base, ...after });
  const matched = [...now.keys()].filter((k) => was.has(k));
  const weightOf = new Map(matched.map((k) => [k, total(now.get(k) ?? [])]));
  const sum = [...weightOf.values()].reduce((a, b) => a + b, 0);
  let b = 0;
  let a = 0;
  let varB = 0;
  let varA = 0;
  for (const k of matched) {
    const w = (weightOf.get(k) ?? 0) / sum;
    const e0 = estimate(Array.from(was.get(k) ?? [], (c) => c ?? 0));
    const e1 = estimate(Array.from(now.get(k) ?? [], (c) => c ?? 0));
    if (!e0 || !e1) continue;
    b += w * e0.value;
    a += w * e1.value;
    varB += w * w * e0.se * e0.se;
    varA += w * w * e1.se * e1.se;
  }
  const est = (value: number, variance: number): Estimate => {
    const se = Math.sqrt(variance);
    return { value, se, low: value - z95 * se, high: value + z95 * se };
  };
  const estimable = matched.length > 0 && sum > 0;
  return {
    score,
    before,
    after,
    beforeScore: estimable ? est(b, varB) : null,
    afterScore: estimable ? est(a, varA) : null,
    change: estimable ? est(a - b, varA + varB) : null,
    pressesBefore: [...was.values()].reduce((n, c) => n + total(c), 0),
    pressesAfter: [...now.values()].reduce((n, c) => n + total(c), 0),
    matchedCells: matched.length,
  };
}
