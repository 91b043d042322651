// v1 structure and lists with keys: the folder tree, surveys and their periods, questions, follow-up results, alerts.
import type Database from 'better-sqlite3';
import { statement } from '../statements.ts';
import { parseLocalTimestamp, utcMs } from '../../core/localTime.ts';
import type { V1TreeFolder } from '../../core/records/v1.ts';
import type { V1Alert, V1FollowUpResults, V1Question } from '../../core/records/v1.ts';
import type { CheckpointRepo } from './checkpointRepo.ts';
import type { V1PressRepo } from './v1PressRepo.ts';

/** The checkpoint stream of one v1 survey's results. */
export const v1SurveyStream = (surveyKey: number): string => `v1:survey:${surveyKey}`;

export interface V1StoredSurvey {
  surveyKey: number;
  folderKey: number;
  timeZone: string;
  /** Active periods as instants [start, end). */
  periods: { startUtc: number; endUtc: number }[];
}

export interface V1StructureRepo {
  /**
   * Replaces the folder tree, surveys, periods and questions in one transaction. Surveys gone from the service lose
   * their stored results and checkpoints; a survey that moved to another folder takes its rollup rows along.
   */
  replaceStructure(
    folders: readonly V1TreeFolder[],
    questions: readonly V1Question[],
  ): { removedSurveys: number };
  surveys(): V1StoredSurvey[];
  /** Replaces a survey's follow-up results (over the range they were asked for). */
  replaceFollowUpResults(
    surveyKey: number,
    results: V1FollowUpResults,
    range: { fromUtc: number; toUtc: number },
  ): void;
  /** Inserts or updates alerts by key (an open alert gets its endTime later); writes the checkpoint with them. */
  upsertAlerts(alerts: readonly V1Alert[], checkpoint?: { stream: string; cursor: unknown }): void;
  counts(): { folders: number; surveys: number; questions: number; alerts: number };
}

const instantOf = (ts: string): number => {
  const t = parseLocalTimestamp(ts);
  if (!t) throw new Error(`unreadable timestamp '${ts}' reached the store`);
  return utcMs(t);
};

// eslint-disable-next-line max-lines-per-function -- a repository factory: it prepares its statements once and returns the short methods that share them
export function createV1StructureRepo(
  db: Database.Database,
  checkpoints: CheckpointRepo,
  presses: V1PressRepo,
): V1StructureRepo {
  // Composed statements through the connection's one cache (statements.ts), prepared once per text.
  const sql = (text: string): Database.Statement => statement(db, text);

  const replaceStructure = db.transaction(
    (folders: readonly V1TreeFolder[], questions: readonly V1Question[]) => {
      const before = new Map(
        (
          sql('SELECT survey_key, folder_key FROM v1_survey').all() as {
            survey_key: number;
            folder_key: number;
          }[]
        ).map((r) => [r.survey_key, r.folder_key]),
      );
      const parents = new Map(
        (
          sql('SELECT folder_key, parent_key FROM v1_folder').raw(true).all() as [number, number | null][]
        ).map(([key, parent]) => [key, parent]),
      );
      for (const table of ['v1_folder', 'v1_survey', 'v1_survey_period', 'v1_question'])
        sql(`DELETE FROM ${table}`).run();
      const folder = sql('INSERT INTO v1_folder (folder_key, name, parent_key, depth) VALUES (?, ?, ?, ?)');
      const survey = sql(
        'INSERT OR REPLACE INTO v1_survey (survey_key, folder_key, question_key, time_zone, survey_type) VALUES (?, ?, ?, ?, ?)',
      );
      const period = sql(
        `INSERT OR REPLACE INTO v1_survey_period (survey_key, start_utc, end_utc, period_start, period_end) VALUES (?, ?, ?, ?, ?)`,
      );
      const question = sql(
        'INSERT OR REPLACE INTO v1_question (question_key, name, locale) VALUES (?, ?, ?)',
      );
      const now = new Set<number>();
      // A press counts into its folder's ancestors: when a folder that was there moves or goes, or a survey moves
      // or goes, the node rollups are counted again (a new folder has no presses yet).
      let reshaped = false;
      const seen = new Set<number>();
      for (const f of folders) {
        folder.run(f.key, f.name, f.parentKey, f.depth);
        seen.add(f.key);
        if (parents.has(f.key) && parents.get(f.key) !== f.parentKey) reshaped = true;
        for (const s of f.surveys) {
          now.add(s.key);
          survey.run(s.key, f.key, s.question.key, s.timeZone, s.surveyType);
          question.run(s.question.key, s.question.name, s.question.locale);
          for (const p of s.activePeriods)
            period.run(s.key, instantOf(p.start), instantOf(p.end), p.start, p.end);
          const was = before.get(s.key);
          if (was !== undefined && was !== f.key) {
            presses.moveSurvey(s.key, f.key);
            reshaped = true;
          }
        }
      }
      for (const key of parents.keys()) if (!seen.has(key)) reshaped = true;
      for (const q of questions) question.run(q.key, q.name, q.locale);
      let removedSurveys = 0;
      for (const key of before.keys())
        if (!now.has(key)) {
          presses.deleteSurvey(key);
          checkpoints.delete(v1SurveyStream(key));
          removedSurveys++;
          reshaped = true;
        }
      if (reshaped) presses.rebuildNodes();
      return { removedSurveys };
    },
  );

  const upsertAlerts = db.transaction(
    (alerts: readonly V1Alert[], checkpoint?: { stream: string; cursor: unknown }) => {
      const upsert = sql(
        `INSERT INTO v1_alert (alert_key, alert_type, survey_key, folder_key, specification_key, begin_time, begin_utc,
           end_time, end_utc, parameters) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (alert_key) DO UPDATE SET alert_type = excluded.alert_type, survey_key = excluded.survey_key,
           folder_key = excluded.folder_key, specification_key = excluded.specification_key,
           begin_time = excluded.begin_time, begin_utc = excluded.begin_utc, end_time = excluded.end_time,
           end_utc = excluded.end_utc, parameters = excluded.parameters`,
      );
      for (const a of alerts)
        upsert.run(
          a.key,
          a.alertType,
          a.survey.key,
          a.survey.folder.key,
          a.specificationKey,
          a.beginTime,
          instantOf(a.beginTime),
          a.endTime,
          a.endTime === null ? null : instantOf(a.endTime),
          JSON.stringify(a.parameters),
        );
      if (checkpoint) checkpoints.set(checkpoint.stream, checkpoint.cursor);
    },
  );

  const replaceFollowUps = db.transaction(
    (surveyKey: number, results: V1FollowUpResults, range: { fromUtc: number; toUtc: number }) => {
      sql('DELETE FROM v1_followup_result WHERE survey_key = ?').run(surveyKey);
      const insert = sql(
        `INSERT OR REPLACE INTO v1_followup_result (survey_key, side, followup_key, name, n0, n1, n2, n3, percentages,
           range_start_utc, range_end_utc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const option = sql(
        `INSERT INTO v1_followup_option (followup_key, name) VALUES (?, ?)
         ON CONFLICT (followup_key) DO UPDATE SET name = excluded.name WHERE name <> excluded.name`,
      );
      for (const [side, list] of [
        ['painPoint', results.painPoints],
        ['highlight', results.highlights],
      ] as const)
        for (const r of list) {
          const d = r.data;
          insert.run(
            surveyKey,
            side,
            r.key,
            r.name,
            d[0] ?? 0,
            d[1] ?? 0,
            d[2] ?? 0,
            d[3] ?? 0,
            JSON.stringify(r.percentages),
            range.fromUtc,
            range.toUtc,
          );
          option.run(r.key, r.name);
        }
    },
  );

  return {
    replaceStructure: (folders, questions) => replaceStructure.immediate(folders, questions),
    surveys() {
      const periods = new Map<number, { startUtc: number; endUtc: number }[]>();
      for (const p of sql(
        'SELECT survey_key, start_utc, end_utc FROM v1_survey_period ORDER BY survey_key, start_utc',
      ).all() as {
        survey_key: number;
        start_utc: number;
        end_utc: number;
      }[]) {
        const list = periods.get(p.survey_key) ?? [];
        list.push({ startUtc: p.start_utc, endUtc: p.end_utc });
        periods.set(p.survey_key, list);
      }
      return (
        sql('SELECT survey_key, folder_key, time_zone FROM v1_survey ORDER BY survey_key').all() as {
          survey_key: number;
          folder_key: number;
          time_zone: string;
        }[]
      ).map((r) => ({
        surveyKey: r.survey_key,
        folderKey: r.folder_key,
        timeZone: r.time_zone,
        periods: periods.get(r.survey_key) ?? [],
      }));
    },
    replaceFollowUpResults: (surveyKey, results, range) =>
      replaceFollowUps.immediate(surveyKey, results, range),
    upsertAlerts: (alerts, checkpoint) => upsertAlerts.immediate(alerts, checkpoint),
    counts() {
      const n = (table: string): number =>
        (sql(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      return {
        folders: n('v1_folder'),
        surveys: n('v1_survey'),
        questions: n('v1_question'),
        alerts: n('v1_alert'),
      };
    },
  };
}
