// Follow-up option counts per side from the follow-up rollups (migration 0009): the selected subtrees as node rows
// (whole months, weeks and days of the range) plus each selected node's own point rows, instead of the fact rows.
import type Database from 'better-sqlite3';
import type { FeedbackFilter, FollowupSide } from '#shared/contract.ts';
import { coverDays, monthBase, periodLevels, weekBase, type PeriodLevel } from '../store/periodBuckets.ts';
import { allNodes } from '../store/repos/nodeRollup.ts';
import { dayNumber, statement } from '../store/reads/feedbackFilter.ts';
import { nodeSources } from './pointGroups.ts';

/** Day numbers far before and after any stored day: an open end of a range. */
const firstDay = 0;
const afterLastDay = 100_000;

export interface OptionCount {
  positive: number;
  option_id: number;
  label: string;
  n: number;
  /** With `levels`: the first day of the row's bucket (a day, an ISO week or a month inside the range). */
  day: number;
}

/** The first day of a period bucket. */
const startOf = (bucket: number): number =>
  bucket >= monthBase ? bucket - monthBase : bucket >= weekBase ? bucket - weekBase : bucket;

/**
 * True when the rollup answers exactly: it counts feedbacks per question, and a side's feedbacks are their sum only
 * when no survey has two questions on one side (the service's model: one question per side and survey).
 */
export function rollupAnswers(db: Database.Database): boolean {
  return !statement(
    db,
    `SELECT EXISTS (SELECT 1 FROM v2_followup_question GROUP BY survey_id, positive HAVING count(*) > 1)`,
  )
    .pluck()
    .get();
}

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
  const tree = filter.experiencePointIds
    ? (statement(db, 'SELECT experience_point_id AS id, parent_id AS parent FROM experience_point').all() as {
        id: number;
        parent: number | null;
      }[])
    : [];
  const { nodes, points } = nodeSources(tree, filter.experiencePointIds, null, allNodes);
  const where: string[] = [];
  const params: Record<string, unknown> = {
    nodes: JSON.stringify(nodes.map(([n]) => n)),
    points: JSON.stringify(points.map(([p]) => p)),
    ranges: JSON.stringify(
      coverDays(from, to, levels ?? periodLevels, true).map((r) => [r.lo, r.hi, r.sign]),
    ),
    from,
    to,
  };
  if (!filter.includeMisuse) where.push('r.misuse = 0');
  if (filter.surveyIds) {
    params.surveyIds = JSON.stringify(filter.surveyIds);
    where.push('r.survey_id IN (SELECT value FROM json_each(@surveyIds))');
  }
  if (side) {
    params.positive = side === 'highlight' ? 1 : 0;
    where.push('q.positive = @positive');
  }
  const cond = where.length ? `AND ${where.join(' AND ')}` : '';
  const columns = 'q.positive AS positive, r.followup_option_id AS option_id, r.label_id AS label_id';
  const bucket = levels ? 'r.bucket' : '0';
  const day = levels ? 'r.local_day' : '0';
  const rows = statement(
    db,
    `WITH c AS (
       SELECT ${columns}, r.n * j.sign AS n, ${bucket} AS b FROM json_each(@nodes) s
       CROSS JOIN (SELECT value ->> 0 AS lo, value ->> 1 AS hi, value ->> 2 AS sign FROM json_each(@ranges) LIMIT -1) j
       CROSS JOIN v2_followup_node_rollup r ON r.node_id = s.value AND r.bucket >= j.lo AND r.bucket < j.hi
       JOIN v2_followup_question q ON q.followup_question_id = r.followup_question_id
       WHERE true ${cond}
       UNION ALL
       SELECT ${columns}, r.n AS n, ${day} AS b FROM json_each(@points) s
       CROSS JOIN v2_followup_rollup_daily r ON r.experience_point_id = s.value AND r.local_day >= @from AND r.local_day < @to
       JOIN v2_followup_question q ON q.followup_question_id = r.followup_question_id
       WHERE true ${cond}),
     g AS (SELECT positive, option_id, label_id, b, sum(n) AS n FROM c GROUP BY 1, 2, 3, 4)
     SELECT g.positive, g.option_id,
       CASE WHEN g.label_id = 0 THEN coalesce(o.option_text, CAST(g.option_id AS TEXT)) ELSE l.option_text END AS label,
       g.n, g.b AS day
     FROM g LEFT JOIN v2_followup_label l ON l.label_id = g.label_id
     LEFT JOIN v2_followup_option o ON o.followup_option_id = g.option_id`,
  ).all(params) as OptionCount[];
  const feedbacks = new Map<number, number>();
  const options: OptionCount[] = [];
  for (const r of rows) {
    if (r.option_id === -1) feedbacks.set(r.positive, (feedbacks.get(r.positive) ?? 0) + r.n);
    else if (r.n !== 0) options.push({ ...r, day: startOf(r.day) });
  }
  return { options, feedbacks };
}
