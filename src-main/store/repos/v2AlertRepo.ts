// v2 alerts and alert comments: pages upserted by id (an alert ends and is acknowledged after it opened), one page
// per transaction with its checkpoint.
import type Database from 'better-sqlite3';
import { prepared } from '../statements.ts';
import type { AlertCommentV2, AlertV2 } from '../../core/records/v2Structure.ts';
import { parseLocalTimestamp, utcMs } from '../../core/localTime.ts';
import type { CheckpointWrite } from './buttonFeedbackRepo.ts';
import type { CheckpointRepo } from './checkpointRepo.ts';

export interface V2AlertRepo {
  /** Inserts or updates (when it changed) each alert, then the checkpoint; one transaction. Rows written. */
  writeAlerts(items: readonly AlertV2[], checkpoint?: CheckpointWrite): number;
  writeComments(items: readonly AlertCommentV2[], checkpoint?: CheckpointWrite): number;
  count(kind: 'alerts' | 'comments'): number;
}

function instant(text: string | null): number | null {
  if (text === null) return null;
  const t = parseLocalTimestamp(text);
  if (!t) throw new Error(`unreadable timestamp '${text}' reached the store`); // the client validates first
  return utcMs(t);
}

function upsertSql(table: string, key: string, columns: readonly string[]): string {
  const rest = columns.filter((c) => c !== key);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})
    ON CONFLICT (${key}) DO UPDATE SET ${rest.map((c) => `${c} = excluded.${c}`).join(', ')}
    WHERE (${rest.join(', ')}) IS NOT (${rest.map((c) => `excluded.${c}`).join(', ')})`;
}

export function createV2AlertRepo(db: Database.Database, checkpoints: CheckpointRepo): V2AlertRepo {
  // Prepared on first use: opening a store never depends on these tables' statements compiling.
  let made: ReturnType<typeof prepare> | undefined;
  const statements = (): ReturnType<typeof prepare> => (made ??= prepare(db));

  const writeAlerts = db.transaction((items: readonly AlertV2[], checkpoint?: CheckpointWrite): number => {
    const { upsertAlert } = statements();
    let n = 0;
    for (const a of items)
      n += upsertAlert.run({
        alert_id: a.alertId,
        alert_specification_id: a.alertSpecificationId,
        survey_id: a.surveyId,
        experience_point_id: a.experiencePointId,
        begin_time: a.beginTime,
        begin_utc: instant(a.beginTime),
        end_time: a.endTime,
        end_utc: instant(a.endTime),
        alert_specification_type: a.alertSpecificationType,
        parameters: a.parameters,
        acknowledged: a.acknowledged ? 1 : 0,
        acknowledged_by_user_id: a.acknowledgedByUserId,
        acknowledged_time: a.acknowledgedTime,
      }).changes;
    if (checkpoint) checkpoints.set(checkpoint.stream, checkpoint.cursor);
    return n;
  });
  const writeComments = db.transaction(
    (items: readonly AlertCommentV2[], checkpoint?: CheckpointWrite): number => {
      const { upsertComment } = statements();
      let n = 0;
      for (const c of items)
        n += upsertComment.run({
          alert_comment_id: c.alertCommentId,
          alert_id: c.alertId,
          user_id: c.userId,
          time: c.time,
          time_utc: instant(c.time),
          comment: c.comment,
        }).changes;
      if (checkpoint) checkpoints.set(checkpoint.stream, checkpoint.cursor);
      return n;
    },
  );

  return {
    writeAlerts: (items, checkpoint) => writeAlerts.immediate(items, checkpoint),
    writeComments: (items, checkpoint) => writeComments.immediate(items, checkpoint),
    count: (kind) => statements()[kind === 'alerts' ? 'countAlerts' : 'countComments'].get()?.n ?? 0,
  };
}

function prepare(db: Database.Database) {
  const upsertAlert = prepared(
    db,
    'v2Alert.upsertAlert',
    upsertSql('v2_alert', 'alert_id', [
      'alert_id',
      'alert_specification_id',
      'survey_id',
      'experience_point_id',
      'begin_time',
      'begin_utc',
      'end_time',
      'end_utc',
      'alert_specification_type',
      'parameters',
      'acknowledged',
      'acknowledged_by_user_id',
      'acknowledged_time',
    ]),
  );
  const upsertComment = prepared(
    db,
    'v2Alert.upsertComment',
    upsertSql('v2_alert_comment', 'alert_comment_id', [
      'alert_comment_id',
      'alert_id',
      'user_id',
      'time',
      'time_utc',
      'comment',
    ]),
  );

  const countAlerts = prepared<[], { n: number }>(
    db,
    'v2Alert.countAlerts',
    'SELECT count(*) AS n FROM v2_alert',
  );
  const countComments = prepared<[], { n: number }>(
    db,
    'v2Alert.countComments',
    'SELECT count(*) AS n FROM v2_alert_comment',
  );
  return { upsertAlert, upsertComment, countAlerts, countComments };
}
