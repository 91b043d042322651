// Which answer scales a subtree's presses use: presses per survey from the daily rollup, joined to the surveys' scales.
import type Database from 'better-sqlite3';
import type { FeedbackScale, ScaleOverview, ScalePresses, ScaleSurvey } from '#shared/contract.ts';
import { feedbackScales } from '#shared/contract.ts';
import { pressOrigin } from './query.ts';
import { surveyPresses } from '../store/reads/pressCounts.ts';

const isScale = (value: string | null): value is FeedbackScale => feedbackScales.some((s) => s === value);

/**
 * The scales present in the subtrees of `experiencePointIds` (absent: everything), each with its presses and
 * surveys, most presses first; surveys of an unknown scale apart. Reads the daily rollup once (no fact scan).
 */
export function listScales(db: Database.Database, experiencePointIds?: readonly number[]): ScaleOverview {
  const origin = pressOrigin(db);
  const rows = surveyPresses(db, origin, experiencePointIds);
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
