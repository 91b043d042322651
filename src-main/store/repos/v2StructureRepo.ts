// v2 definitions and people (surveys, questions, follow-ups, localisations, alert specifications, users, smileys,
// custom data): each list replaced whole in one transaction together with its stream's checkpoint.
import type Database from 'better-sqlite3';
import { prepared, statement } from '../statements.ts';
import type { AlertSpecificationV2 } from '../../core/records/v2Structure.ts';
import type {
  CustomDataFieldV2,
  CustomDataValueV2,
  SmileyV2,
  UserV2,
} from '../../core/records/v2Structure.ts';
import type {
  FollowupOptionLocalizationV2,
  FollowupOptionV2,
  FollowupQuestionLocalizationV2,
  FollowupQuestionV2,
  QuestionLocalizationV2,
  QuestionV2,
  SurveyV2,
} from '../../core/records/v2Structure.ts';
import type { CheckpointWrite } from './buttonFeedbackRepo.ts';
import type { CheckpointRepo } from './checkpointRepo.ts';

/** Each replaceable list and its record type. */
export interface StructureRows {
  questions: QuestionV2;
  questionLocalizations: QuestionLocalizationV2;
  followupQuestions: FollowupQuestionV2;
  followupQuestionLocalizations: FollowupQuestionLocalizationV2;
  followupOptions: FollowupOptionV2;
  followupOptionLocalizations: FollowupOptionLocalizationV2;
  alertSpecifications: AlertSpecificationV2;
  users: UserV2;
  smileys: SmileyV2;
  customDataFields: CustomDataFieldV2;
  customDataValues: CustomDataValueV2;
}
export type StructureKind = keyof StructureRows;

interface TableSpec<T> {
  table: string;
  columns: readonly string[];
  values(row: T): unknown[];
}

const bool = (b: boolean): number => (b ? 1 : 0);

export const structureTables: { [K in StructureKind]: TableSpec<StructureRows[K]> } = {
  questions: {
    table: 'v2_question',
    columns: ['question_id', 'default_locale', 'question_text'],
    values: (q) => [q.questionId, q.defaultLocale, q.questionTextInDefaultLocale],
  },
  questionLocalizations: {
    table: 'v2_question_localization',
    columns: ['question_id', 'locale', 'text'],
    values: (l) => [l.questionId, l.locale, l.text],
  },
  followupQuestions: {
    table: 'v2_followup_question',
    columns: ['followup_question_id', 'survey_id', 'positive', 'question_text'],
    values: (q) => [q.followupQuestionId, q.surveyId, bool(q.positive), q.questionTextInDefaultLocale],
  },
  followupQuestionLocalizations: {
    table: 'v2_followup_question_localization',
    columns: ['followup_question_id', 'locale', 'text'],
    values: (l) => [l.followupQuestionId, l.locale, l.text],
  },
  followupOptions: {
    table: 'v2_followup_option',
    columns: ['followup_option_id', 'followup_question_id', 'option_text'],
    values: (o) => [o.followupOptionId, o.followupQuestionId, o.optionTextInDefaultLocale],
  },
  followupOptionLocalizations: {
    table: 'v2_followup_option_localization',
    columns: ['followup_option_id', 'locale', 'text'],
    values: (l) => [l.followupOptionId, l.locale, l.text],
  },
  alertSpecifications: {
    table: 'v2_alert_specification',
    columns: [
      'alert_specification_id',
      'survey_id',
      'experience_point_id',
      'alert_specification_type',
      'parameters',
    ],
    values: (s) => [
      s.alertSpecificationId,
      s.surveyId,
      s.experiencePointId,
      s.alertSpecificationType,
      s.parameters,
    ],
  },
  users: {
    table: 'v2_user',
    columns: [
      'user_id',
      'email',
      'first_name',
      'last_name',
      'root_experience_point_id',
      'role',
      'locale',
      'login_allowed',
      'login_method',
      'last_login',
      'created',
    ],
    values: (u) => [
      u.userId,
      u.email,
      u.firstName,
      u.lastName,
      u.rootExperiencePointId,
      u.role,
      u.locale,
      bool(u.loginAllowed),
      u.loginMethod,
      u.lastLogin,
      u.created,
    ],
  },
  smileys: {
    table: 'v2_smiley',
    columns: ['smiley_id', 'name', 'serial_number', 'smiley_type'],
    values: (s) => [s.smileyId, s.name, s.serialNumber, s.smileyType],
  },
  customDataFields: {
    table: 'v2_custom_data_field',
    columns: ['field_id', 'label', 'type', 'options'],
    values: (f) => [f.id, f.label, f.type, JSON.stringify(f.options)],
  },
  customDataValues: {
    table: 'v2_custom_data_value',
    columns: ['experience_point_id', 'label', 'value'],
    values: (v) => [v.experiencePointId, v.label, v.value],
  },
};

export interface V2StructureRepo {
  /** Replaces one list (all rows) and writes its checkpoint, in one transaction. Returns the rows stored. */
  replace<K extends StructureKind>(
    kind: K,
    rows: readonly StructureRows[K][],
    checkpoint?: CheckpointWrite,
  ): number;
  /** Surveys and which experience points run each (survey id → point ids), replaced together. */
  replaceSurveys(
    surveys: readonly SurveyV2[],
    points: ReadonlyMap<number, readonly number[]>,
    checkpoint?: CheckpointWrite,
  ): number;
  count(kind: StructureKind | 'surveys' | 'surveyExperiencePoints'): number;
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: it prepares its statements once and returns the short methods that share them
export function createV2StructureRepo(db: Database.Database, checkpoints: CheckpointRepo): V2StructureRepo {
  // A table's statements, through the connection's one cache (statements.ts).
  const statementsOf = (
    spec: TableSpec<never>,
  ): { clear: Database.Statement; insert: Database.Statement } => ({
    clear: prepared(db, `v2Structure.${spec.table}.clear`, `DELETE FROM ${spec.table}`),
    insert: prepared(
      db,
      `v2Structure.${spec.table}.insert`,
      `INSERT INTO ${spec.table} (${spec.columns.join(', ')}) VALUES (${spec.columns.map(() => '?').join(', ')})`,
    ),
  });
  const surveyTable: TableSpec<SurveyV2> = {
    table: 'v2_survey',
    columns: [
      'survey_id',
      'question_id',
      'default_locale',
      'question_text',
      'survey_type',
      'feedback_scale',
      'index_type',
      'state',
    ],
    values: (s) => [
      s.surveyId,
      s.questionId,
      s.defaultLocale,
      s.questionTextInDefaultLocale,
      s.surveyType,
      s.feedbackScale,
      s.indexType,
      s.state,
    ],
  };
  const surveyPointTable: TableSpec<[number, number]> = {
    table: 'v2_survey_experience_point',
    columns: ['survey_id', 'experience_point_id'],
    values: (pair) => pair,
  };

  function fill<T>(spec: TableSpec<T>, rows: readonly T[]): number {
    const { clear, insert } = statementsOf(spec as TableSpec<never>);
    clear.run();
    for (const row of rows) insert.run(...spec.values(row));
    return rows.length;
  }

  const replace = db.transaction(
    (spec: TableSpec<unknown>, rows: readonly unknown[], checkpoint?: CheckpointWrite): number => {
      const n = fill(spec, rows);
      if (checkpoint) checkpoints.set(checkpoint.stream, checkpoint.cursor);
      return n;
    },
  );
  const replaceSurveys = db.transaction(
    (
      surveys: readonly SurveyV2[],
      points: ReadonlyMap<number, readonly number[]>,
      checkpoint?: CheckpointWrite,
    ): number => {
      fill(surveyTable, surveys);
      const pairs: [number, number][] = [];
      for (const [surveyId, ids] of points) for (const id of new Set(ids)) pairs.push([surveyId, id]);
      fill(surveyPointTable, pairs);
      if (checkpoint) checkpoints.set(checkpoint.stream, checkpoint.cursor);
      return surveys.length;
    },
  );

  const tableOf = (kind: StructureKind | 'surveys' | 'surveyExperiencePoints'): string =>
    kind === 'surveys'
      ? surveyTable.table
      : kind === 'surveyExperiencePoints'
        ? surveyPointTable.table
        : structureTables[kind].table;

  return {
    replace: (kind, rows, checkpoint) =>
      replace.immediate(structureTables[kind] as TableSpec<unknown>, rows, checkpoint),
    replaceSurveys: (surveys, points, checkpoint) => replaceSurveys.immediate(surveys, points, checkpoint),
    count: (kind) =>
      statement<[], { n: number }>(db, `SELECT count(*) AS n FROM ${tableOf(kind)}`).get()?.n ?? 0,
  };
}
