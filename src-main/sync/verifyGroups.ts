// The service's answer for one window of the check against its counts (v2Verify.ts), as numbered groups: counts in
// typed arrays, each group found by its point's, day's and survey's numbers, each point's presses and fingerprint sum.
import { parseLocalDate } from '../core/localTime.ts';
import type { AggregateRowV2 } from '../api/v2/aggregates.ts';
import { pressPrint } from '../store/reads/verifyRead.ts';

/**
 * One window's groups of the service's answer, numbered in the order first met: 11 counts each at the group's number ×
 * 11 in `counts`; `local` is where countLocal puts the store's counts of the same groups. A group is found by its
 * point's, day's and survey's numbers among the window's (groupKey); each point's presses and fingerprint sum
 * (verifyRead.ts) are kept by the point's number.
 */
export interface ServiceGroups {
  index: Map<number, number>;
  /** The window's points (the service's key text), days (`yyyy-MM-dd`) and surveys (key text), each → its number. */
  points: Map<string, number>;
  days: Map<string, number>;
  surveys: Map<string, number>;
  /** Each group's point, day and survey numbers. */
  groupPoint: Int32Array;
  groupDay: Int32Array;
  groupSurvey: Int32Array;
  counts: Float64Array;
  local: Float64Array;
  /** By point number: the presses the service counts, and the sum of their fingerprints. */
  presses: Float64Array;
  prints: Float64Array;
}

/** A group's key among its window's: its point's, day's and survey's numbers. */
export const groupKey = (g: ServiceGroups, point: number, day: number, survey: number): number =>
  (point * g.days.size + day) * g.surveys.size + survey;

/** The number of `key` in `numbers`, given the next one when it is new. */
function numberOf(numbers: Map<string, number>, key: string): number {
  let n = numbers.get(key);
  if (n === undefined) numbers.set(key, (n = numbers.size));
  return n;
}

/**
 * The service's answer for a window as groups (rows of the same group added up). No text is built per row: the
 * window's points, days and surveys are numbered first, then each row's group found by those numbers (`xlarge`: 14 M
 * rows in 510 windows; a `point|survey|day` text per row took ~20 s of the check with its collection).
 */
export function serviceGroups(rows: readonly AggregateRowV2[]): ServiceGroups {
  const points = new Map<string, number>();
  const days = new Map<string, number>();
  const surveys = new Map<string, number>();
  const rowPoint = new Int32Array(rows.length);
  const rowDay = new Int32Array(rows.length);
  const rowSurvey = new Int32Array(rows.length);
  rows.forEach((r, i) => {
    rowPoint[i] = numberOf(points, r.groupKeys[0] ?? '');
    rowDay[i] = numberOf(days, r.time.slice(0, 10));
    rowSurvey[i] = numberOf(surveys, r.groupKeys[1] ?? '');
  });
  // Group keys are exact below 2^53 (windows hold ~62,000 groups: far below).
  if (points.size * days.size * surveys.size >= 2 ** 53)
    throw new Error('the service answered a window of the check with more groups than it can compare');
  const g: ServiceGroups = {
    index: new Map(),
    points,
    days,
    surveys,
    groupPoint: new Int32Array(rows.length),
    groupDay: new Int32Array(rows.length),
    groupSurvey: new Int32Array(rows.length),
    counts: new Float64Array(rows.length * 11),
    local: new Float64Array(0),
    presses: new Float64Array(points.size),
    prints: new Float64Array(points.size),
  };
  const dayNumbers = [...days.keys()].map((d) => parseLocalDate(d) ?? NaN);
  const surveyIds = [...surveys.keys()].map(Number);
  rows.forEach((r, i) => {
    const [point, day, survey] = [rowPoint[i] ?? 0, rowDay[i] ?? 0, rowSurvey[i] ?? 0];
    const key = groupKey(g, point, day, survey);
    let at = g.index.get(key);
    if (at === undefined) {
      g.index.set(key, (at = g.index.size));
      g.groupPoint[at] = point;
      g.groupDay[at] = day;
      g.groupSurvey[at] = survey;
    }
    r.feedbacks.forEach((n, b) => {
      if (b >= 11 || n === 0) return;
      g.counts[at * 11 + b] = (g.counts[at * 11 + b] ?? 0) + n;
      g.presses[point] = (g.presses[point] ?? 0) + n;
      g.prints[point] =
        (g.prints[point] ?? 0) + n * pressPrint(dayNumbers[day] ?? NaN, surveyIds[survey] ?? NaN, b);
    });
  });
  g.local = new Float64Array(g.index.size * 11);
  return g;
}

/**
 * A group's point, survey and day as the service named them: the window's keys are listed on the first call only (a
 * window that agrees names none).
 */
export function groupNamer(
  g: ServiceGroups,
): (group: number) => { point: string; survey: string; day: string } {
  let keys: { points: string[]; surveys: string[]; days: string[] } | null = null;
  return (group) => {
    keys ??= { points: [...g.points.keys()], surveys: [...g.surveys.keys()], days: [...g.days.keys()] };
    return {
      point: keys.points[g.groupPoint[group] ?? -1] ?? '',
      survey: keys.surveys[g.groupSurvey[group] ?? -1] ?? '',
      day: keys.days[g.groupDay[group] ?? -1] ?? '',
    };
  };
}
