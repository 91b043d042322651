// The verification's read of the stored presses themselves (not the rollups): per press its point, local day, survey
// and button in the window, misuse excluded, optionally under subtrees; every point found by a seek of its own.
import type Database from 'better-sqlite3';
import { statement } from '../statements.ts';
import { distinctKeysCte, subtreeCte } from '../treeSql.ts';

/** A press as [experience point, local day number, survey, button index]. */
export type PressKey = [number, number, number, number];

/** The statement for a window, under the subtrees of `@scope` when `scoped`. */
function pressesSql(scoped: boolean): string {
  // Every point that holds presses, found by one seek per point on the primary key (point, local time, id), then
  // each point's days read as a range of that key: no scan of the whole table for a few trailing days.
  const held = distinctKeysCte('held', 'experience_point_id', 'v2_button_feedback');
  const ctes = scoped
    ? `${held}, ${subtreeCte('selected_point', 'SELECT value FROM json_each(@scope)')}`
    : held;
  return `WITH RECURSIVE ${ctes}
    SELECT experience_point_id, local_time / 86400000 AS day, survey_id, button_index
    FROM v2_button_feedback
    WHERE experience_point_id IN (SELECT h.experience_point_id FROM held h WHERE h.experience_point_id IS NOT NULL)
      AND local_time >= @from AND local_time < @to AND misuse = 0
    ${scoped ? 'AND experience_point_id IN (SELECT id FROM selected_point)' : ''}`;
}

/**
 * The presses of local days [fromDay, toDay) (misuse excluded), under the subtrees of `scope` when given, in key
 * order (point, local time): iterated, so the caller keeps only what it counts.
 */
export function pressesInWindow(
  db: Database.Database,
  fromDay: number,
  toDay: number,
  scope: readonly number[] | null,
): IterableIterator<PressKey> {
  return statement(db, pressesSql(scope !== null))
    .raw(true)
    .iterate({
      from: fromDay * 86_400_000,
      to: toDay * 86_400_000,
      ...(scope ? { scope: JSON.stringify(scope) } : {}),
    }) as IterableIterator<PressKey>;
}

/** The (survey, experience point) pairs the service runs: what the check's windows are sized by. */
export function surveyPointPairs(db: Database.Database): number {
  return statement(db, 'SELECT count(*) FROM v2_survey_experience_point').pluck().get() as number;
}
