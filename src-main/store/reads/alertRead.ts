// Named reads of the v2 alerts: a filter as conditions, the count and a page of alerts (newest first), their
// comments, users' display names, and alerts per local day they began on.
import type Database from 'better-sqlite3';
import type { AlertDay, AlertFilter } from '#shared/contract.ts';
import { named, statement } from '../statements.ts';
import { withSelectedPoint } from '../treeSql.ts';
import { dayNumber, whereClause } from './feedbackFilter.ts';

interface FilterSql {
  with: string;
  where: string[];
  params: Record<string, unknown>;
}

function filterSql(filter: AlertFilter): FilterSql {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  let withs = '';
  if (filter.experiencePointIds) {
    withs = withSelectedPoint();
    params.pointIds = JSON.stringify(filter.experiencePointIds);
    where.push('a.experience_point_id IN (SELECT id FROM selected_point)');
  }
  if (filter.surveyIds) {
    params.surveyIds = JSON.stringify(filter.surveyIds);
    where.push('a.survey_id IN (SELECT value FROM json_each(@surveyIds))');
  }
  // The local date an alert began on is the date written in its own begin time (with its offset).
  if (filter.from !== undefined) {
    dayNumber(filter.from);
    params.from = filter.from;
    where.push('substr(a.begin_time, 1, 10) >= @from');
  }
  if (filter.to !== undefined) {
    dayNumber(filter.to);
    params.to = filter.to;
    where.push('substr(a.begin_time, 1, 10) < @to');
  }
  if (filter.state) where.push(filter.state === 'open' ? 'a.end_utc IS NULL' : 'a.end_utc IS NOT NULL');
  if (filter.acknowledged !== undefined) where.push(`a.acknowledged = ${filter.acknowledged ? 1 : 0}`);
  if (filter.types) {
    params.types = JSON.stringify(filter.types);
    where.push('a.alert_specification_type IN (SELECT value FROM json_each(@types))');
  }
  return { with: withs, where, params };
}

export interface AlertRow {
  alert_id: number;
  alert_specification_id: number;
  alert_specification_type: string;
  experience_point_id: number;
  survey_id: number;
  begin_time: string;
  begin_utc: number;
  end_time: string | null;
  parameters: string;
  acknowledged: number;
  acknowledged_by_user_id: number | null;
  acknowledged_time: string | null;
}

export interface AlertCommentRow {
  alert_comment_id: number;
  alert_id: number;
  user_id: number | null;
  time: string;
  comment: string;
}

const reads = {
  users: named(
    'alerts.userNames',
    `SELECT u.user_id AS id, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS full_name, u.email
     FROM v2_user u WHERE u.user_id IN (SELECT value FROM json_each(?))`,
  ),
  comments: named(
    'alerts.comments',
    `SELECT alert_comment_id, alert_id, user_id, time, comment FROM v2_alert_comment
     WHERE alert_id IN (SELECT value FROM json_each(?)) ORDER BY alert_id, time_utc, alert_comment_id`,
  ),
};

/** Users' display names: first and last name, else the e-mail address. */
export function userNames(db: Database.Database, ids: Iterable<number>): Map<number, string> {
  const rows = statement(db, reads.users).all(JSON.stringify([...new Set(ids)])) as {
    id: number;
    full_name: string;
    email: string;
  }[];
  return new Map(rows.map((r) => [r.id, r.full_name || r.email]));
}

/** The comments of some alerts, per alert in the order written. */
export const alertComments = (db: Database.Database, alertIds: readonly number[]): AlertCommentRow[] =>
  statement(db, reads.comments).all(JSON.stringify(alertIds)) as AlertCommentRow[];

/**
 * How many alerts match, and up to `limit` of them newest first (by begin instant, then id) after the position
 * `after` (begin instant and id of the previous page's last alert).
 */
export function alertPage(
  db: Database.Database,
  filter: AlertFilter,
  limit: number,
  after?: { beginUtc: number; alertId: number },
): { total: number; rows: AlertRow[] } {
  const f = filterSql(filter);
  const total = Number(
    statement(db, `${f.with}SELECT count(*) FROM v2_alert a ${whereClause(f.where)}`)
      .pluck()
      .get(f.params),
  );
  const where = [...f.where];
  const params: Record<string, unknown> = { ...f.params, limit };
  if (after) {
    params.cb = after.beginUtc;
    params.cid = after.alertId;
    where.push('(a.begin_utc < @cb OR (a.begin_utc = @cb AND a.alert_id < @cid))');
  }
  const rows = statement(
    db,
    `${f.with}SELECT a.alert_id, a.alert_specification_id, a.alert_specification_type, a.experience_point_id,
       a.survey_id, a.begin_time, a.begin_utc, a.end_time, a.parameters, a.acknowledged, a.acknowledged_by_user_id,
       a.acknowledged_time
     FROM v2_alert a ${whereClause(where)} ORDER BY a.begin_utc DESC, a.alert_id DESC LIMIT @limit`,
  ).all(params) as AlertRow[];
  return { total, rows };
}

/** Alerts per local day they began on, with how many are acknowledged and still open. */
export function alertsPerDay(db: Database.Database, filter: AlertFilter = {}): AlertDay[] {
  const f = filterSql(filter);
  return statement(
    db,
    `${f.with}SELECT substr(a.begin_time, 1, 10) AS day, count(*) AS count, sum(a.acknowledged) AS acknowledged,
       sum(a.end_utc IS NULL) AS open
     FROM v2_alert a ${whereClause(f.where)} GROUP BY day ORDER BY day`,
  ).all(f.params) as AlertDay[];
}
