// Named reads of the reconciliation: per local day, point, question and survey, v1 summed results, v1 raw presses
// and v2 presses of four-button surveys (all, and misuse); each source's surveys per point and question; and the
// newest verification a sync kept (migration 0008).
import type Database from 'better-sqlite3';
import type { FeedbackFilter } from '#shared/contract.ts';
import { named, statement } from '../statements.ts';
import { withSelectedPoint } from '../treeSql.ts';
import { dayNumber, hasRows, whereClause } from './feedbackFilter.ts';

const sum4 = 'r.n0 + r.n1 + r.n2 + r.n3';
const sum11 = Array.from({ length: 11 }, (_, i) => `r.n${i}`).join(' + ');

export interface SourceDayRow {
  day: number;
  point: number;
  question: number;
  survey: number;
  n: number;
  /** v2 only: the misuse among `n`. */
  m?: number;
}

const reads = {
  v1Pairs: named(
    'reconciliation.v1Surveys',
    'SELECT folder_key AS point, question_key AS question, survey_key AS survey FROM v1_survey',
  ),
  v2Pairs: named(
    'reconciliation.v2Surveys',
    `SELECT sep.experience_point_id AS point, v.question_id AS question, v.survey_id AS survey
      FROM v2_survey_experience_point sep JOIN v2_survey v ON v.survey_id = sep.survey_id AND v.feedback_scale = 'four'`,
  ),
  verificationTable: named(
    'verification.table',
    "SELECT count(*) FROM sqlite_schema WHERE name = 'sync_verification'",
  ),
  verification: named(
    'verification.newest',
    `SELECT checked_at, from_day, to_day, groups_compared, local_total, service_total, mismatch_count, mismatches
     FROM sync_verification ORDER BY verification_id DESC LIMIT 1`,
  ),
};

/** Each source's surveys as (point, question, survey): v1's, and v2's four-button surveys assigned to a point. */
export const surveyPairRows = (
  db: Database.Database,
  source: 'v1' | 'v2',
): { point: number; question: number; survey: number }[] =>
  statement(db, source === 'v1' ? reads.v1Pairs : reads.v2Pairs).all() as never;

/** Which sources the store holds presses of. */
export const reconciliationSources = (db: Database.Database): { hasV1: boolean; hasV2: boolean } => ({
  hasV1: hasRows(db, 'v1_press_rollup_daily') || hasRows(db, 'v1_summed_result'),
  hasV2: hasRows(db, 'v2_button_rollup_daily'),
});

type Filter = Pick<FeedbackFilter, 'experiencePointIds' | 'surveyIds' | 'from' | 'to'>;

function conditions(filter: Filter) {
  const params: Record<string, unknown> = {};
  if (filter.experiencePointIds) params.pointIds = JSON.stringify(filter.experiencePointIds);
  if (filter.surveyIds) params.surveyIds = JSON.stringify(filter.surveyIds);
  if (filter.from !== undefined) params.from = dayNumber(filter.from);
  if (filter.to !== undefined) params.to = dayNumber(filter.to);
  const where = (alias: string, survey: string): string => {
    const out: string[] = [];
    if (filter.experiencePointIds) out.push(`${alias} IN (SELECT id FROM selected_point)`);
    if (filter.surveyIds) out.push(`${survey} IN (SELECT value FROM json_each(@surveyIds))`);
    if (filter.from !== undefined) out.push('r.local_day >= @from');
    if (filter.to !== undefined) out.push('r.local_day < @to');
    return whereClause(out);
  };
  return { params, where, cte: filter.experiencePointIds ? withSelectedPoint() : '' };
}

/** The rows of one source: `summed` (v1 summed results), `raw` (v1 presses), `v2` (four-button surveys only). */
export function reconciliationRows(
  db: Database.Database,
  source: 'summed' | 'raw' | 'v2',
  filter: Filter,
): SourceDayRow[] {
  const c = conditions(filter);
  const sql = {
    summed: `${c.cte}SELECT r.local_day AS day, s.folder_key AS point, s.question_key AS question, r.survey_key AS survey,
         ${sum4} AS n
       FROM v1_summed_result r JOIN v1_survey s ON s.survey_key = r.survey_key
       ${c.where('s.folder_key', 'r.survey_key')}`,
    raw: `${c.cte}SELECT r.local_day AS day, r.folder_key AS point, s.question_key AS question, r.survey_key AS survey,
         ${sum4} AS n
       FROM v1_press_rollup_daily r JOIN v1_survey s ON s.survey_key = r.survey_key
       ${c.where('r.folder_key', 'r.survey_key')}`,
    // Only four-button surveys: v1 knows no other scale, so other v2 presses have nothing to reconcile with.
    v2: `${c.cte}SELECT r.local_day AS day, r.experience_point_id AS point, v.question_id AS question, r.survey_id AS survey,
         sum(${sum11}) AS n, sum(CASE WHEN r.misuse = 1 THEN ${sum11} ELSE 0 END) AS m
       FROM v2_button_rollup_daily r JOIN v2_survey v ON v.survey_id = r.survey_id AND v.feedback_scale = 'four'
       ${c.where('r.experience_point_id', 'r.survey_id')}
       GROUP BY 1, 2, 3, 4`,
  }[source];
  return statement(db, sql).all(c.params) as SourceDayRow[];
}

export interface VerificationRow {
  checked_at: string;
  from_day: string;
  to_day: string;
  groups_compared: number;
  local_total: number;
  service_total: number;
  mismatch_count: number;
  mismatches: string;
}

/** The newest verification a sync kept, or null (none, or a store from before migration 0008). */
export function newestVerification(db: Database.Database): VerificationRow | null {
  if (!statement(db, reads.verificationTable).pluck().get()) return null;
  return (statement(db, reads.verification).get() as VerificationRow | undefined) ?? null;
}
