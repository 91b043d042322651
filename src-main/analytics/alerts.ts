// Alerts from the v2 tables: a page of alerts (newest first) with who acknowledged them and their comments, and
// alerts per local day they began on (to overlay on a trend).
import type Database from 'better-sqlite3';
import type { AlertCommentItem, AlertItem, AlertListArgs, AlertPage, AlertUser } from '#shared/contract.ts';
import { parseAlertParameters } from '../core/alertParameters.ts';
import { alertComments, alertPage, userNames } from '../store/reads/alertRead.ts';
import { pointNames } from '../store/reads/names.ts';

export { alertsPerDay } from '../store/reads/alertRead.ts';

/** A cursor that does not belong to this list. */
export class AlertCursorError extends Error {
  override name = 'AlertCursorError';
}

/** A page of alerts, newest first (by begin instant, then id), with acknowledgement and comments. */
export function listAlerts(db: Database.Database, args: AlertListArgs): AlertPage {
  const limit = args.limit ?? 50;
  let after: { beginUtc: number; alertId: number } | undefined;
  if (args.cursor !== undefined) {
    const m = /^a(-?\d{1,16})\.(\d{1,16})$/.exec(args.cursor);
    if (!m) throw new AlertCursorError('This page of alerts no longer fits the list; load the list again.');
    after = { beginUtc: Number(m[1]), alertId: Number(m[2]) };
  }
  const { total, rows } = alertPage(db, args.filter ?? {}, limit + 1, after);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const comments = alertComments(
    db,
    page.map((r) => r.alert_id),
  );
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
