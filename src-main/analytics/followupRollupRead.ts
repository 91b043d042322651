// Follow-up option counts per side from the follow-up rollups (migration 0009): the selected subtrees as node rows
// (whole months, weeks and days of the range) plus each selected node's own point rows, instead of the fact rows.
import type Database from 'better-sqlite3';
import type { FeedbackFilter, FollowupSide } from '#shared/contract.ts';
import { coverDays, monthBase, periodLevels, weekBase, type PeriodLevel } from '../store/periodBuckets.ts';
import { allNodes } from '../store/repos/nodeRollup.ts';
import { dayNumber } from '../store/reads/feedbackFilter.ts';
import { followupRollupRows, type OptionCountRow } from '../store/reads/followupRead.ts';
import { treeNodes } from '../store/reads/rollupRead.ts';
import { nodeSources } from './pointGroups.ts';

export { rollupAnswers } from '../store/reads/followupRead.ts';

/** Day numbers far before and after any stored day: an open end of a range. */
const firstDay = 0;
const afterLastDay = 100_000;

/** With `levels`, `day` is the first day of the row's bucket (a day, an ISO week or a month inside the range). */
export type OptionCount = OptionCountRow;

/** The first day of a period bucket. */
const startOf = (bucket: number): number =>
  bucket >= monthBase ? bucket - monthBase : bucket >= weekBase ? bucket - weekBase : bucket;

/**
 * Option counts per side (label as the facts' `coalesce(option_text, option's text, id)`) and feedbacks per side;
 * with `levels`, per bucket of those levels too (each bucket then lies inside one period of a trend's grain).
 */
export function optionCountsFromRollup(
  db: Database.Database,
  filter: FeedbackFilter,
  side: FollowupSide | undefined,
  levels: readonly PeriodLevel[] | null = null,
): { options: OptionCount[]; feedbacks: Map<number, number> } {
  const from = filter.from === undefined ? firstDay : dayNumber(filter.from);
  const to = filter.to === undefined ? afterLastDay : dayNumber(filter.to);
  const tree = filter.experiencePointIds ? treeNodes(db, 'v2') : [];
  const { nodes, points } = nodeSources(tree, filter.experiencePointIds, null, allNodes);
  const rows = followupRollupRows(db, filter, side, {
    nodes: nodes.map(([n]) => n),
    points: points.map(([p]) => p),
    ranges: coverDays(from, to, levels ?? periodLevels, true).map((r) => [r.lo, r.hi, r.sign]),
    from,
    to,
    buckets: levels !== null,
  });
  const feedbacks = new Map<number, number>();
  const options: OptionCount[] = [];
  for (const r of rows) {
    if (r.option_id === -1) feedbacks.set(r.positive, (feedbacks.get(r.positive) ?? 0) + r.n);
    else if (r.n !== 0) options.push({ ...r, day: startOf(r.day) });
  }
  return { options, feedbacks };
}
