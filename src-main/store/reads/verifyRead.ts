// The verification's reads of the stored presses themselves (not the rollups), misuse excluded, optionally under
// subtrees: per point of a window its presses' count and the sum of their fingerprints (summed inside SQLite, nothing per press crosses
// into JavaScript), and, for the points whose fingerprints differ from the service's, the presses one by one.
import type Database from 'better-sqlite3';
import { statement } from '../statements.ts';
import { distinctKeysCte, subtreeCte } from '../treeSql.ts';

/** A press as [experience point, local day number, survey, button index]. */
export type PressKey = [number, number, number, number];

/** A point's presses in a window: [experience point, presses, their fingerprint]. */
export type PointPrint = [number, number, number];

/**
 * A press's fingerprint: its (local day, survey, button) mixed into a number below 2^31 (an affine map modulo a
 * prime), then squared modulo that prime; a point's fingerprint in a window is the sum over its presses. Not linear: a
 * press moved from one button or day to another and a second one moved the other way change the sum (with a linear
 * map they cancelled out). Two sets of presses with the same count and the same sum are taken as equal (unrelated
 * sets collide ~1 in 2^31); anything else is counted press by press.
 */
const print = { day: 1_000_003, survey: 7_919, button: 104_729, modulus: 2_147_483_629 } as const;

/**
 * A press's fingerprint, as pointPrints sums it in SQL. The mixed sum is exact in doubles for survey ids below 2^40;
 * the square (up to 2^62) is taken in two halves of 16 bits. A larger survey id may make the two sides differ, and
 * its points are then counted press by press: slower, never wrong.
 */
export function pressPrint(day: number, survey: number, button: number): number {
  const x = (day * print.day + survey * print.survey + button * print.button) % print.modulus;
  const high = Math.floor(x / 65_536);
  return (((high * x) % print.modulus) * 65_536 + (x - high * 65_536) * x) % print.modulus;
}

/** The same fingerprint as an SQL sum over the rows of v2_button_feedback (SQLite's integers are 64 bits). */
const mixed = `(((local_time / 86400000) * ${print.day} + survey_id * ${print.survey} + button_index * ${print.button}) % ${print.modulus})`;
const printSql = `sum(${mixed} * ${mixed} % ${print.modulus})`;

/** The conditions of a window's presses: the points of `@points`, the local days, misuse out, the subtrees. */
function windowWhere(scoped: boolean): string {
  return `experience_point_id IN (SELECT value FROM json_each(@points))
      AND local_time >= @from AND local_time < @to AND misuse = 0
      ${scoped ? 'AND experience_point_id IN (SELECT id FROM selected_point)' : ''}`;
}

const scopeCte = (scoped: boolean): string =>
  scoped ? `WITH RECURSIVE ${subtreeCte('selected_point', 'SELECT value FROM json_each(@scope)')} ` : '';

function windowParams(fromDay: number, toDay: number, points: string, scope: readonly number[] | null) {
  return {
    points,
    from: fromDay * 86_400_000,
    to: toDay * 86_400_000,
    ...(scope ? { scope: JSON.stringify(scope) } : {}),
  };
}

/**
 * The points holding presses, found by one seek per point on the primary key (point, local time, id): read once per
 * check, then every window seeks just those points (no scan of the whole table for a few trailing days), as a JSON
 * array for `points` below.
 */
export function pointsHoldingPresses(db: Database.Database): string {
  const ids = statement(
    db,
    `WITH RECURSIVE ${distinctKeysCte('held', 'experience_point_id', 'v2_button_feedback')}
     SELECT experience_point_id FROM held WHERE experience_point_id IS NOT NULL`,
  )
    .pluck()
    .all() as number[];
  return JSON.stringify(ids);
}

/**
 * Per point of `points` (a JSON array) holding presses on local days [fromDay, toDay) (misuse excluded, under the
 * subtrees of `scope` when given): its presses and the sum of their fingerprints, in SQLite (the points come in key
 * order: no sorting).
 */
export function pointPrints(
  db: Database.Database,
  fromDay: number,
  toDay: number,
  points: string,
  scope: readonly number[] | null,
): PointPrint[] {
  return statement(
    db,
    `${scopeCte(scope !== null)}SELECT experience_point_id, count(*), ${printSql}
     FROM v2_button_feedback WHERE ${windowWhere(scope !== null)} GROUP BY experience_point_id`,
  )
    .raw(true)
    .all(windowParams(fromDay, toDay, points, scope)) as PointPrint[];
}

/**
 * The presses of `points` (a JSON array) on local days [fromDay, toDay) (misuse excluded), under the subtrees of
 * `scope` when given, in key order (point, local time): iterated, so the caller keeps only what it counts.
 */
export function pressesInWindow(
  db: Database.Database,
  fromDay: number,
  toDay: number,
  points: string,
  scope: readonly number[] | null,
): IterableIterator<PressKey> {
  return statement(
    db,
    `${scopeCte(scope !== null)}SELECT experience_point_id, local_time / 86400000 AS day, survey_id, button_index
     FROM v2_button_feedback WHERE ${windowWhere(scope !== null)}`,
  )
    .raw(true)
    .iterate(windowParams(fromDay, toDay, points, scope)) as IterableIterator<PressKey>;
}

/** The (survey, experience point) pairs the service runs: what the check's windows are sized by. */
export function surveyPointPairs(db: Database.Database): number {
  return statement(db, 'SELECT count(*) FROM v2_survey_experience_point').pluck().get() as number;
}
