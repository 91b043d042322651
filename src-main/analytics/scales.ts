// Which answer scales a subtree's presses use: presses per survey from the daily rollup, joined to the surveys' scales.
import type Database from 'better-sqlite3';
import type { FeedbackScale, ScaleOverview, ScalePresses, ScaleSurvey } from '#shared/contract.ts';
import { feedbackScales } from '#shared/contract.ts';
import { prepared, pressOrigin, selectedPointCte } from './query.ts';
import type { PressOrigin } from './query.ts';
import { allNodes } from '../store/repos/nodeRollup.ts';

const total = Array.from({ length: 11 }, (_, i) => `r.n${i}`).join(' + ');

/**
 * One row per survey with presses (misuse left out, as the charts count): its presses, scale and question text.
 * v2: the survey's stored definition (`v2_survey`, its question as fallback text); a survey without one has no
 * scale. v1-only stores: every survey is four-button (DECISIONS.md "Scales in v1"), named by its v1 question.
 */
export function scalesSql(origin: PressOrigin, subtree: boolean): string {
  const v1 = origin === 'v1';
  // v2, whole tree: node -1 of the daily node rollup (every press, a few rows per day and survey) instead of
  // every point's rows (on demo 8 ms instead of 165 ms: the app's first question).
  const perSurvey =
    !v1 && !subtree
      ? `SELECT r.survey_id, sum(${total}) AS presses FROM v2_node_rollup_daily r
         WHERE r.node_id = ${allNodes} AND r.misuse = 0 GROUP BY r.survey_id`
      : [
          `SELECT r.survey_id, sum(${total}) AS presses FROM ${v1 ? 'v1_analytics_daily' : 'v2_button_rollup_daily'} r`,
          `WHERE r.misuse = 0${subtree ? ' AND r.experience_point_id IN (SELECT id FROM selected_point)' : ''}`,
          'GROUP BY r.survey_id',
        ].join(' ');
  const described = v1
    ? `SELECT p.survey_id, p.presses, 'four' AS scale, q.name AS name FROM per_survey p
       LEFT JOIN v1_survey s ON s.survey_key = p.survey_id LEFT JOIN v1_question q ON q.question_key = s.question_key`
    : `SELECT p.survey_id, p.presses, s.feedback_scale AS scale, coalesce(s.question_text, q.question_text) AS name
       FROM per_survey p LEFT JOIN v2_survey s ON s.survey_id = p.survey_id
       LEFT JOIN v2_question q ON q.question_id = s.question_id`;
  return `WITH RECURSIVE ${subtree ? `${selectedPointCte(origin)}, ` : ''}per_survey AS (${perSurvey})
    ${described} WHERE p.presses > 0 ORDER BY p.presses DESC, p.survey_id`;
}

interface SurveyRow {
  survey_id: number;
  presses: number;
  scale: string | null;
  name: string | null;
}

const isScale = (value: string | null): value is FeedbackScale => feedbackScales.some((s) => s === value);

/**
 * The scales present in the subtrees of `experiencePointIds` (absent: everything), each with its presses and
 * surveys, most presses first; surveys of an unknown scale apart. Reads the daily rollup once (no fact scan).
 */
export function listScales(db: Database.Database, experiencePointIds?: readonly number[]): ScaleOverview {
  const origin = pressOrigin(db);
  const params = experiencePointIds ? { pointIds: JSON.stringify(experiencePointIds) } : {};
  const rows = prepared(db, scalesSql(origin, experiencePointIds !== undefined)).all(params) as SurveyRow[];
  const byScale = new Map<FeedbackScale, ScalePresses>();
  const unknown: ScaleSurvey[] = [];
  for (const row of rows) {
    const survey: ScaleSurvey = {
      surveyId: row.survey_id,
      name: row.name ?? `Survey ${row.survey_id}`,
      presses: row.presses,
    };
    if (!isScale(row.scale)) {
      unknown.push(survey);
      continue;
    }
    const entry = byScale.get(row.scale) ?? { scale: row.scale, presses: 0, surveys: [] };
    entry.presses += survey.presses;
    entry.surveys.push(survey); // rows come most presses first, so each list is too
    byScale.set(row.scale, entry);
  }
  const scales = [...byScale.values()].sort(
    (a, b) => b.presses - a.presses || feedbackScales.indexOf(a.scale) - feedbackScales.indexOf(b.scale),
  );
  return { scales, unknown };
}
