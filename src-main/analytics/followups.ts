// Pain points and highlights from the stored v2 follow-up feedback: option shares per side and their trend by a
// time grain. An option is counted by its label (its text in the survey's default locale), so the same label in
// several surveys is one line.
import type Database from 'better-sqlite3';
import type {
  FollowupOptionShare,
  FollowupSide,
  FollowupSideSummary,
  FollowupSummary,
  FollowupSummaryArgs,
  FollowupTrendArgs,
  FollowupTrendRow,
  TrendGrain,
} from '#shared/contract.ts';
import { followupFactFeedbacks, followupFactRows } from '../store/reads/followupRead.ts';
import type { PeriodLevel } from '../store/periodBuckets.ts';
import { optionCountsFromRollup, rollupAnswers } from './followupRollupRead.ts';
import { periodOf } from './periods.ts';

const sideOf = (positive: number): FollowupSide => (positive ? 'highlight' : 'painPoint');

interface OptionRow {
  positive: number;
  option_id: number;
  label: string;
  n: number;
}

/** Option counts and feedbacks per side straight from the fact rows (when the rollup cannot answer exactly). */
function optionCountsFromFacts(
  db: Database.Database,
  args: FollowupSummaryArgs,
): { options: OptionRow[]; feedbacks: Map<number, number> } {
  const options = followupFactRows(db, args.filter, args.side, false);
  const feedbacks = followupFactFeedbacks(db, args.filter, args.side);
  return { options, feedbacks };
}

/**
 * Option shares on the negative (pain points) and positive (highlights) side, most chosen first. Read from the
 * follow-up rollups (a few rows per option and period) unless a survey has two questions on one side.
 */
export function followupSummary(db: Database.Database, args: FollowupSummaryArgs): FollowupSummary {
  const { options: rows, feedbacks } = rollupAnswers(db)
    ? optionCountsFromRollup(db, args.filter, args.side)
    : optionCountsFromFacts(db, args);
  const sides = (args.side ? [args.side] : (['painPoint', 'highlight'] as const)).map(
    (side): FollowupSideSummary => {
      const positive = side === 'highlight' ? 1 : 0;
      const options = mergeLabels(
        rows.filter((r) => r.positive === positive),
        side,
      );
      const selections = options.reduce((s, o) => s + o.count, 0);
      for (const o of options) o.share = selections ? o.count / selections : 0;
      return {
        side,
        selections,
        feedbacks: feedbacks.get(positive) ?? 0,
        options: options.slice(0, args.limit ?? 50),
      };
    },
  );
  return { sides };
}

function mergeLabels(rows: readonly OptionRow[], side: FollowupSide): FollowupOptionShare[] {
  const byLabel = new Map<string, FollowupOptionShare>();
  for (const r of rows) {
    const o = byLabel.get(r.label) ?? { side, optionText: r.label, optionIds: [], count: 0, share: 0 };
    if (!o.optionIds.includes(r.option_id)) o.optionIds.push(r.option_id);
    o.count += r.n;
    byLabel.set(r.label, o);
  }
  const list = [...byLabel.values()];
  for (const o of list) o.optionIds.sort((a, b) => a - b);
  return list.sort((a, b) => b.count - a.count || (a.optionText < b.optionText ? -1 : 1));
}

/** The period levels whose buckets each lie inside one period of a trend grain (a week may span two months). */
const levelsOf: Record<TrendGrain, PeriodLevel[]> = {
  day: [0],
  week: [0, 1],
  month: [0, 2],
  quarter: [0, 2],
  year: [0, 2],
};

function trendRowsFromFacts(db: Database.Database, args: FollowupTrendArgs): (OptionRow & { day: number })[] {
  return followupFactRows(db, args.filter, args.side, true);
}

/**
 * The chosen labels' counts and shares per period of `grain` (share: of every option chosen on that side in that
 * period). Labels: `optionTexts`, else each side's `top` (default 5) most chosen over the whole range.
 */
export function followupTrend(db: Database.Database, args: FollowupTrendArgs): FollowupTrendRow[] {
  const rows = rollupAnswers(db)
    ? optionCountsFromRollup(db, args.filter, args.side, levelsOf[args.grain]).options
    : trendRowsFromFacts(db, args);
  const totals = new Map<string, number>(); // side|period → selections
  const counts = new Map<string, number>(); // side|label|period → count
  const perLabel = new Map<string, number>(); // side|label → count over the range
  const periods = new Set<string>();
  for (const r of rows) {
    const side = sideOf(r.positive);
    const period = periodOf(r.day, args.grain);
    periods.add(period);
    totals.set(`${side}|${period}`, (totals.get(`${side}|${period}`) ?? 0) + r.n);
    const key = `${side}|${r.label}`;
    counts.set(`${key}|${period}`, (counts.get(`${key}|${period}`) ?? 0) + r.n);
    perLabel.set(key, (perLabel.get(key) ?? 0) + r.n);
  }
  const wanted: { side: FollowupSide; label: string }[] = [];
  for (const side of ['painPoint', 'highlight'] as const) {
    if (args.side && args.side !== side) continue;
    const labels =
      args.optionTexts ??
      [...perLabel.entries()]
        .filter(([k]) => k.startsWith(`${side}|`))
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, args.top ?? 5)
        .map(([k]) => k.slice(side.length + 1));
    for (const label of labels) wanted.push({ side, label });
  }
  const out: FollowupTrendRow[] = [];
  for (const period of [...periods].sort()) {
    for (const { side, label } of wanted) {
      const total = totals.get(`${side}|${period}`) ?? 0;
      if (!total) continue;
      const count = counts.get(`${side}|${label}|${period}`) ?? 0;
      out.push({ period, side, optionText: label, count, share: count / total });
    }
  }
  return out;
}
