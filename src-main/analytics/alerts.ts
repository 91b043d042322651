// Alerts from the v2 tables: a page of alerts (newest first) with who acknowledged them and their comments, and
// alerts per local day they began on (to overlay on a trend).
import type Database from 'better-sqlite3';
import type {
  AlertCommentItem,
  AlertDay,
  AlertFilter,
  AlertItem,
  AlertListArgs,
  AlertPage,
  AlertUser,
} from '#shared/contract.ts';
import { parseAlertParameters } from '../core/alertParameters.ts';
import { dayNumber, pointNames, statement, subtreeCte, whereClause } from '../store/reads/feedbackFilter.ts';

/** A cursor that does not belong to this list. */
export class AlertCursorError extends Error {
  override name = 'AlertCursorError';
}

function filterSql(filter: AlertFilter): { with: string; where: string[]; params: Record<string, unknown> } {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  let withs = '';
  if (filter.experiencePointIds) {
    withs = `WITH RECURSIVE ${subtreeCte} `;
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

interface AlertRow {
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

interface CommentRow {
  alert_comment_id: number;
  alert_id: number;
  user_id: number | null;
  time: string;
  comment: string;
}

/** Users' display names: first and last name, else the e-mail address. */
function userNames(db: Database.Database, ids: Iterable<number>): Map<number, string> {
  const rows = statement(
    db,
    `SELECT u.user_id AS id, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS full_name, u.email
     FROM v2_user u WHERE u.user_id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify([...new Set(ids)])) as { id: number; full_name: string; email: string }[];
  return new Map(rows.map((r) => [r.id, r.full_name || r.email]));
}

/** A page of alerts, newest first (by begin instant, then id), with acknowledgement and comments. */
export function listAlerts(db: Database.Database, args: AlertListArgs): AlertPage {
  const f = filterSql(args.filter ?? {});
  const limit = args.limit ?? 50;
  const total = Number(
    statement(db, `${f.with}SELECT count(*) FROM v2_alert a ${whereClause(f.where)}`)
      .pluck()
      .get(f.params),
  );
  const where = [...f.where];
  const params: Record<string, unknown> = { ...f.params, limit: limit + 1 };
  if (args.cursor !== undefined) {
    const m = /^a(-?\d{1,16})\.(\d{1,16})$/.exec(args.cursor);
    if (!m) throw new AlertCursorError('This page of alerts no longer fits the list; load the list again.');
    params.cb = Number(m[1]);
    params.cid = Number(m[2]);
    where.push('(a.begin_utc < @cb OR (a.begin_utc = @cb AND a.alert_id < @cid))');
  }
  const rows = statement(
    db,
    `${f.with}SELECT a.alert_id, a.alert_specification_id, a.alert_specification_type, a.experience_point_id,
       a.survey_id, a.begin_time, a.begin_utc, a.end_time, a.parameters, a.acknowledged, a.acknowledged_by_user_id,
       a.acknowledged_time
     FROM v2_alert a ${whereClause(where)} ORDER BY a.begin_utc DESC, a.alert_id DESC LIMIT @limit`,
  ).all(params) as AlertRow[];
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const comments = statement(
    db,
    `SELECT alert_comment_id, alert_id, user_id, time, comment FROM v2_alert_comment
     WHERE alert_id IN (SELECT value FROM json_each(?)) ORDER BY alert_id, time_utc, alert_comment_id`,
  ).all(JSON.stringify(page.map((r) => r.alert_id))) as CommentRow[];
  const users = userNames(db, [
    ...comments.flatMap((c) => (c.user_id === null ? [] : [c.user_id])),
    ...page.flatMap((r) => (r.acknowledged_by_user_id === null ? [] : [r.acknowledged_by_user_id])),
  ]);
  const user = (id: number): AlertUser => ({ userId: id, name: users.get(id) ?? null });
  const byAlert = new Map<number, AlertCommentItem[]>();
  for (const c of comments) {
    const list = byAlert.get(c.alert_id) ?? [];
    list.push({
      alertCommentId: c.alert_comment_id,
      user: c.user_id === null ? null : user(c.user_id),
      time: c.time,
      comment: c.comment,
    });
    byAlert.set(c.alert_id, list);
  }
  const names = pointNames(
    db,
    page.map((r) => r.experience_point_id),
  );
  const last = page[page.length - 1];
  return {
    alerts: page.map((r): AlertItem => ({
      alertId: r.alert_id,
      alertSpecificationId: r.alert_specification_id,
      type: r.alert_specification_type,
      experiencePointId: r.experience_point_id,
      experiencePointName: names.get(r.experience_point_id) ?? null,
      surveyId: r.survey_id,
      beginTime: r.begin_time,
      endTime: r.end_time,
      parameters: Object.entries(parseAlertParameters(r.parameters)).map(([key, values]) => ({
        key,
        values,
      })),
      acknowledged: r.acknowledged === 1,
      acknowledgedBy: r.acknowledged_by_user_id === null ? null : user(r.acknowledged_by_user_id),
      acknowledgedTime: r.acknowledged_time,
      comments: byAlert.get(r.alert_id) ?? [],
    })),
    total,
    nextCursor: more && last ? `a${last.begin_utc}.${last.alert_id}` : null,
  };
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
