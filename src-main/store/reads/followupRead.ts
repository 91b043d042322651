// Named reads of the follow-up answers: option counts per side from the follow-up rollups (migration 0009: node rows
// of whole months, weeks and days plus points' own rows), or from the fact rows when the rollups cannot answer.
import type Database from 'better-sqlite3';
import type { FeedbackFilter, FollowupSide } from '#shared/contract.ts';
import { named, statement } from '../statements.ts';
import { dayMs, feedbackFilterSql, whereClause } from './feedbackFilter.ts';

export interface OptionCountRow {
  positive: number;
  option_id: number;
  label: string;
  n: number;
  /** With buckets: the bucket (rollups) or the local day (facts); else 0 or absent. */
  day: number;
}

const oneQuestionPerSide = named(
  'followup.twoQuestionsOnASide',
  'SELECT EXISTS (SELECT 1 FROM v2_followup_question GROUP BY survey_id, positive HAVING count(*) > 1)',
);

/**
 * True when the rollup answers exactly: it counts feedbacks per question, and a side's feedbacks are their sum only
 * when no survey has two questions on one side (the service's model: one question per side and survey).
 */
export const rollupAnswers = (db: Database.Database): boolean =>
  !statement(db, oneQuestionPerSide).pluck().get();

/** What a rollup read covers: node and point ids, bucket ranges `[lo, hi, sign]`, days `[from, to)` of the points. */
export interface FollowupRollupRange {
  nodes: readonly number[];
  points: readonly number[];
  ranges: readonly (readonly number[])[];
  from: number;
  to: number;
  /** Keep each row's bucket (node rows) or day (point rows). */
  buckets: boolean;
}

/**
 * Option counts per side and bucket (label as the facts' `coalesce(option_text, option's text, id)`); option -1 holds
 * the side's feedbacks. Node rows are added or taken away by their range's sign.
 */
export function followupRollupRows(
  db: Database.Database,
  filter: Pick<FeedbackFilter, 'includeMisuse' | 'surveyIds'>,
  side: FollowupSide | undefined,
  r: FollowupRollupRange,
): OptionCountRow[] {
  const where: string[] = [];
  const params: Record<string, unknown> = {
    nodes: JSON.stringify(r.nodes),
    points: JSON.stringify(r.points),
    ranges: JSON.stringify(r.ranges),
    from: r.from,
    to: r.to,
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
  const bucket = r.buckets ? 'r.bucket' : '0';
  const day = r.buckets ? 'r.local_day' : '0';
  return statement(
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
  ).all(params) as OptionCountRow[];
}

/** Rows of v2_followup_feedback in the filter, joined to their question (its side) and option (its label). */
function selection(filter: FeedbackFilter, side: FollowupSide | undefined, byDay: boolean) {
  const sql = feedbackFilterSql(filter, 'f');
  if (side) {
    sql.where.push('q.positive = @positive');
    sql.params.positive = side === 'highlight' ? 1 : 0;
  }
  const text = 'coalesce(f.option_text, o.option_text, CAST(f.followup_option_id AS TEXT))';
  const dayColumn = byDay ? `f.local_time / ${dayMs} AS day, ` : '';
  // Grouped by option id first (few groups), labels are merged afterwards.
  const text_ = `${sql.with}SELECT ${dayColumn}q.positive AS positive, f.followup_option_id AS option_id, ${text} AS label,
      count(*) AS n
    FROM v2_followup_feedback f
    JOIN v2_followup_question q ON q.followup_question_id = f.followup_question_id
    LEFT JOIN v2_followup_option o ON o.followup_option_id = f.followup_option_id
    ${whereClause(sql.where)}
    GROUP BY ${byDay ? 'day, ' : ''}q.positive, f.followup_option_id, label`;
  return { text: text_, params: sql.params, with: sql.with, where: sql.where };
}

/** Option counts per side (per local day with `byDay`) straight from the fact rows. */
export function followupFactRows(
  db: Database.Database,
  filter: FeedbackFilter,
  side: FollowupSide | undefined,
  byDay: boolean,
): OptionCountRow[] {
  const q = selection(filter, side, byDay);
  return statement(db, q.text).all(q.params) as OptionCountRow[];
}

/** Feedbacks answering each side (positive → count): distinct (feedback, question) keys, one index range per point. */
export function followupFactFeedbacks(
  db: Database.Database,
  filter: FeedbackFilter,
  side: FollowupSide | undefined,
): Map<number, number> {
  const q = selection(filter, side, false);
  const sql = `${q.with}SELECT positive, count(*) AS n FROM (
      SELECT DISTINCT q.positive AS positive, f.experience_point_id, f.local_time, f.feedback_id
      FROM v2_followup_feedback f
      JOIN v2_followup_question q ON q.followup_question_id = f.followup_question_id
      ${whereClause(q.where)}) GROUP BY positive`;
  const feedbacks = new Map<number, number>();
  for (const r of statement(db, sql).all(q.params) as { positive: number; n: number }[])
    feedbacks.set(r.positive, r.n);
  return feedbacks;
}
