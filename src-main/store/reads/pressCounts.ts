// Named reads of press totals: per survey with its scale and question (the scales overview), and the store's whole
// count from node -1 of the daily node rollup (the CLI's status line), both from the tables the queries read.
import type Database from 'better-sqlite3';
import type { PressSource } from '#shared/contract.ts';
import { allNodes } from '../repos/nodeRollup.ts';
import { named, statement } from '../statements.ts';
import { selectedPointCte } from '../treeSql.ts';

const total = Array.from({ length: 11 }, (_, i) => `r.n${i}`).join(' + ');

/**
 * One row per survey with presses (misuse left out, as the charts count): its presses, scale and question text.
 * v2: the survey's stored definition (`v2_survey`, its question as fallback text); a survey without one has no
 * scale. v1-only stores: every survey is four-button (DECISIONS.md "Scales in v1"), named by its v1 question.
 */
export function scalesSql(origin: PressSource, subtree: boolean): string {
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

export interface SurveyPresses {
  survey_id: number;
  presses: number;
  scale: string | null;
  name: string | null;
}

const scaleReads = {
  'v2.all': named('scales.v2', scalesSql('v2', false)),
  'v2.subtree': named('scales.v2Subtree', scalesSql('v2', true)),
  'v1.all': named('scales.v1', scalesSql('v1', false)),
  'v1.subtree': named('scales.v1Subtree', scalesSql('v1', true)),
};

/** Presses per survey of the subtrees of `pointIds` (absent: everything), most presses first. */
export function surveyPresses(
  db: Database.Database,
  origin: PressSource,
  pointIds?: readonly number[],
): SurveyPresses[] {
  const read = scaleReads[`${origin}.${pointIds ? 'subtree' : 'all'}`];
  return statement(db, read).all(pointIds ? { pointIds: JSON.stringify(pointIds) } : {}) as SurveyPresses[];
}

const sum = Array.from({ length: 11 }, (_, i) => `n${i}`).join(' + ');
const nodeSum = (source: PressSource, misuse: boolean): string =>
  `SELECT coalesce(sum(${sum}), 0) FROM ${source}_node_rollup_daily WHERE node_id = ${allNodes}${misuse ? '' : ' AND misuse = 0'}`;
const totalReads = {
  v2: named('totals.v2Presses', nodeSum('v2', true)),
  v2Clean: named('totals.v2PressesWithoutMisuse', nodeSum('v2', false)),
  v1: named('totals.v1Presses', nodeSum('v1', true)),
  v1Clean: named('totals.v1PressesWithoutMisuse', nodeSum('v1', false)),
  points: named('totals.experiencePoints', 'SELECT count(*) FROM experience_point'),
  folders: named('totals.v1Folders', 'SELECT count(*) FROM v1_folder'),
};

/** Every press of a source (misuse included) and those without misuse: node -1 of its daily node rollup. */
export function sourcePresses(
  db: Database.Database,
  source: PressSource,
): { all: number; withoutMisuse: number } {
  const n = (read: (typeof totalReads)['v2']): number => Number(statement(db, read).pluck().get() ?? 0);
  return source === 'v1'
    ? { all: n(totalReads.v1), withoutMisuse: n(totalReads.v1Clean) }
    : { all: n(totalReads.v2), withoutMisuse: n(totalReads.v2Clean) };
}

/** How many experience points (v2) or folders (v1) the store holds. */
export const treeSize = (db: Database.Database, tree: 'points' | 'folders'): number =>
  Number(statement(db, totalReads[tree]).pluck().get() ?? 0);
