// Why a score changed: presses per button of each child (or survey) in both periods, split into rate and mix
// effects (src-shared/metrics/decomposition.ts), and the follow-up reasons whose share moved most.
import type Database from 'better-sqlite3';
import { formatLocalDay, parseLocalDate } from '#shared/calendar.ts';
import type {
  Comparison,
  ExplainArgs,
  ExplainReason,
  ExplainRow,
  Explanation,
  FeedbackScale,
} from '#shared/contract.ts';
import { decomposeChange } from '#shared/metrics/decomposition.ts';
import {
  averageEstimate,
  changeZ,
  happyIndexEstimateOn,
  npsEstimate,
  shareEstimate,
  type Estimate,
} from '#shared/metrics/intervals.ts';
import { planComparison } from './comparison.ts';
import { followupSummary } from './followups.ts';
import { runQuery } from './query.ts';
import { surveyNames } from '../store/reads/names.ts';

const comparisons: Record<ExplainArgs['comparison'], Comparison> = {
  previousPeriod: { kind: 'previousPeriod' },
  lastYear: { kind: 'lastYear' },
};

interface Part {
  id: number;
  name: string;
  now: number[];
  before: number[];
}

const zero = (): number[] => new Array<number>(11).fill(0);
const total = (c: readonly number[]): number => c.reduce((a, b) => a + b, 0);

/** The measure of a part's counts with its SE (the scale's first member decides k: five and five_reversed agree). */
function estimate(args: ExplainArgs, counts: readonly number[]): Estimate | null {
  const scale: FeedbackScale = args.scales[0] ?? 'four';
  if (args.measure === 'nps') return npsEstimate(counts);
  if (args.measure === 'average') return averageEstimate(counts, scale);
  return happyIndexEstimateOn(counts, scale);
}

/** Presses per button of each child (or survey) in both periods, through the query engine (one read per scale). */
function partsOf(db: Database.Database, args: ExplainArgs): Map<number, Part> {
  const dim = args.by === 'point' ? 'experiencePointId' : 'surveyId';
  const parts = new Map<number, Part>();
  for (const scale of args.scales) {
    const rows = runQuery(db, {
      measures: ['count'],
      groupBy: [dim, 'buttonIndex'],
      filter: { ...args.filter, scale },
      ...(args.by === 'point' ? { experiencePointLevel: 'children' as const } : {}),
      comparison: comparisons[args.comparison],
    });
    for (const r of rows) {
      const id = r[dim] ?? 0;
      let part = parts.get(id);
      if (!part)
        parts.set(id, (part = { id, name: r.experiencePointName ?? '', now: zero(), before: zero() }));
      const b = r.buttonIndex ?? 0;
      part.now[b] = (part.now[b] ?? 0) + (r.count ?? 0);
      part.before[b] = (part.before[b] ?? 0) + (r.previousCount ?? 0);
    }
  }
  if (args.by === 'survey' && parts.size) {
    const byId = surveyNames(db, parts.keys());
    for (const p of parts.values()) p.name = byId.get(p.id) ?? `Survey ${p.id}`;
  }
  return parts;
}

/** The follow-up reasons per side whose share of the side's answering feedbacks moved most, with their z. */
function reasonsOf(args: ExplainArgs, db: Database.Database, previous: { from: string; to: string }) {
  const now = followupSummary(db, { filter: args.filter, limit: 500 });
  const before = followupSummary(db, { filter: { ...args.filter, ...previous }, limit: 500 });
  const reasons: ExplainReason[] = [];
  for (const side of ['painPoint', 'highlight'] as const) {
    const a = now.sides.find((s) => s.side === side);
    const b = before.sides.find((s) => s.side === side);
    if (!a || !b || a.feedbacks === 0 || b.feedbacks === 0) continue;
    const earlier = new Map(b.options.map((o) => [o.optionText, o.count]));
    const labels = new Set([...a.options.map((o) => o.optionText), ...earlier.keys()]);
    const counts = new Map(a.options.map((o) => [o.optionText, o.count]));
    const moved = [...labels].map((label): ExplainReason => {
      const [count, previousCount] = [counts.get(label) ?? 0, earlier.get(label) ?? 0];
      const e1 = shareEstimate(count, a.feedbacks);
      const e0 = shareEstimate(previousCount, b.feedbacks);
      return {
        side,
        optionText: label,
        share: e1?.value ?? 0,
        previousShare: e0?.value ?? 0,
        count,
        previousCount,
        z: changeZ(e1, e0),
      };
    });
    moved.sort(
      (x, y) =>
        Math.abs(y.share - y.previousShare) - Math.abs(x.share - x.previousShare) ||
        (x.optionText < y.optionText ? -1 : 1),
    );
    reasons.push(...moved.slice(0, 3));
  }
  return reasons;
}

/**
 * The score's change between the comparison period and the period, split over the children of the selection (or its
 * surveys): each part's rate and mix effect, largest |contribution| first; the contributions add up to the change.
 */
// eslint-disable-next-line max-lines-per-function -- one question's answer assembled in order (periods, parts, decomposition, reasons); each step is a helper
export function explainChange(db: Database.Database, args: ExplainArgs): Explanation {
  const from = parseLocalDate(args.filter.from) ?? 0;
  const to = parseLocalDate(args.filter.to) ?? 0;
  const cmp = planComparison(comparisons[args.comparison], from, to, null);
  const previous = { from: formatLocalDay(cmp.from), to: formatLocalDay(cmp.to) };
  const parts = [...partsOf(db, args).values()];
  const now = zero();
  const before = zero();
  for (const p of parts)
    for (let i = 0; i < 11; i++) {
      now[i] = (now[i] ?? 0) + (p.now[i] ?? 0);
      before[i] = (before[i] ?? 0) + (p.before[i] ?? 0);
    }
  const whole1 = estimate(args, now);
  const whole0 = estimate(args, before);
  const estimates = parts.map((p) => ({ e1: estimate(args, p.now), e0: estimate(args, p.before) }));
  const split = decomposeChange(
    parts.map((p, i) => ({
      n0: total(p.before),
      n1: total(p.now),
      s0: estimates[i]?.e0?.value ?? null,
      s1: estimates[i]?.e1?.value ?? null,
    })),
  );
  const rows: ExplainRow[] = split
    ? parts.map((p, i) => {
        const effect = split.parts[i] ?? { rate: 0, mix: 0, contribution: 0 };
        const e = estimates[i];
        return {
          ...(args.by === 'point' ? { experiencePointId: p.id } : { surveyId: p.id }),
          name: p.name,
          presses: total(p.now),
          previousPresses: total(p.before),
          value: e?.e1?.value ?? null,
          previousValue: e?.e0?.value ?? null,
          rateEffect: effect.rate,
          mixEffect: effect.mix,
          contribution: effect.contribution,
          z: changeZ(e?.e1 ?? null, e?.e0 ?? null),
        };
      })
    : [];
  rows.sort(
    (a, b) =>
      Math.abs(b.contribution) - Math.abs(a.contribution) ||
      (a.experiencePointId ?? a.surveyId ?? 0) - (b.experiencePointId ?? b.surveyId ?? 0),
  );
  return {
    measure: args.measure,
    by: args.by,
    previousFrom: previous.from,
    previousTo: previous.to,
    current: whole1?.value ?? null,
    previous: whole0?.value ?? null,
    change: whole1 && whole0 ? whole1.value - whole0.value : null,
    presses: total(now),
    previousPresses: total(before),
    z: changeZ(whole1, whole0),
    rows,
    reasons: reasonsOf(args, db, previous),
  };
}
