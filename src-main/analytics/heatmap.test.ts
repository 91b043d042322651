// The weekday × hour-of-day pattern (runQuery without a time grain: whole months of the month × hour-of-week node
// rollup, the days around them from the hourly rollups) against a second route: presses counted by plain SQL over
// the fact table, weekday and hour from SQLite's strftime of the local time. Ranges cross both DST changes (23- and
// 25-hour days), a year end in ISO week 53 and 29 February; checked again after a replaced window and a tree change.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import type { FeedbackScale, QueryFilter, TreeItem } from '#shared/contract.ts';
import { openStore, type Store } from '../store/db.ts';
import { createBatchBuilder } from '../store/repos/batchGathering.ts';
import { runQuery } from './query.ts';

let store: Store;
let dir: string;
const dayMs = 86_400_000;
// 1 → 2 → 21, 22; 1 → 3 (a point).
const tree: TreeItem[] = [
  { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
  { experiencePointId: 2, name: 'North', parent: 1, type: 'GROUP' },
  { experiencePointId: 21, name: 'A', parent: 2, type: 'EXPERIENCE_POINT' },
  { experiencePointId: 22, name: 'B', parent: 2, type: 'EXPERIENCE_POINT' },
  { experiencePointId: 3, name: 'Web', parent: 1, type: 'EXPERIENCE_POINT' },
];

let next = 0;
/** A few presses per point and day of [from, to), hours pseudo-random; 02:xx on DST days with either offset. */
function presses(from: string, to: string, seed: number): ButtonFeedbackV2[] {
  let s = seed;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  const out: ButtonFeedbackV2[] = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += dayMs)
    for (const point of [21, 22, 3])
      for (let i = r(4); i < 4; i++) {
        const hour = r(24);
        out.push({
          feedbackId: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
          smileyId: 1,
          localTime: `${new Date(t).toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:10:00.000+0${hour === 2 ? 1 + r(2) : 1}:00`,
          surveyId: r(3) === 0 ? 200 : 100,
          experiencePointId: point,
          buttonIndex: r(4),
          misuse: r(12) === 0,
          smileyType: 'SMILEY_TERMINAL',
          position: 0,
          ui: 'physical',
        });
      }
  return out;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'heatmap-'));
  store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace(tree);
  const survey = (surveyId: number, feedbackScale: FeedbackScale) => ({
    surveyId,
    questionId: 1,
    defaultLocale: 'en',
    questionTextInDefaultLocale: null,
    surveyType: 'SMILEY_TERMINAL',
    feedbackScale,
    indexType: 'HAPPY_INDEX',
    state: 'ACTIVE',
  });
  store.v2Resources.structure.replaceSurveys([survey(100, 'four'), survey(200, 'five')], new Map());
  store.buttonFeedback.writePage(presses('2020-11-20', '2021-02-10', 1));
  store.buttonFeedback.writePage(presses('2024-01-15', '2024-11-10', 2));
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Presses per weekday (1 = Monday, from strftime('%w')) and local hour, by plain SQL over the facts. */
function fromFacts(filter: QueryFilter): { weekday: number; hourOfDay: number; count: number }[] {
  const where: string[] = [];
  if (filter.from) where.push(`local_time >= ${Date.parse(filter.from)}`);
  if (filter.to) where.push(`local_time < ${Date.parse(filter.to)}`);
  if (!filter.includeMisuse) where.push('misuse = 0');
  if (filter.scale) where.push(`survey_id = ${filter.scale === 'four' ? 100 : 200}`);
  if (filter.weekdays) where.push(`weekday IN (${filter.weekdays.join(',')})`);
  if (filter.experiencePointIds)
    where.push(`experience_point_id IN (WITH RECURSIVE sub(id) AS (SELECT value FROM json_each('${JSON.stringify(filter.experiencePointIds)}')
      UNION SELECT e.experience_point_id FROM experience_point e JOIN sub ON e.parent_id = sub.id) SELECT id FROM sub)`);
  return store.db
    .prepare(
      `SELECT weekday, hourOfDay, count(*) AS count FROM (
         SELECT (CAST(strftime('%w', local_time / 1000, 'unixepoch') AS INTEGER) + 6) % 7 + 1 AS weekday,
           CAST(strftime('%H', local_time / 1000, 'unixepoch') AS INTEGER) AS hourOfDay, *
         FROM v2_button_feedback) ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       GROUP BY 1, 2 ORDER BY 1, 2`,
    )
    .all() as { weekday: number; hourOfDay: number; count: number }[];
}

const heatmap = (filter: QueryFilter): unknown =>
  runQuery(store.db, { measures: ['count'], groupBy: ['weekday', 'hourOfDay'], filter });

const filters: QueryFilter[] = [
  { from: '2024-01-20', to: '2024-11-05' }, // February … October whole, days before and after
  { from: '2024-03-01', to: '2024-04-01' }, // one whole month holding the 23-hour day, nothing else
  { from: '2024-03-31', to: '2024-04-01' }, // the 23-hour day alone
  { from: '2024-10-27', to: '2024-10-28', includeMisuse: true }, // the 25-hour day alone
  { from: '2024-02-29', to: '2024-03-02' },
  { from: '2020-12-01', to: '2021-02-01' }, // December and January whole, across 2020-W53
  {}, // everything
  { experiencePointIds: [2], from: '2024-02-15', to: '2024-10-15', scale: 'four' },
  { experiencePointIds: [3, 21], weekdays: [1, 7], from: '2024-01-01', to: '2025-01-01' },
];

describe('weekday × hour of day from the month × hour-of-week rollup', () => {
  it('equals a plain count of the facts', () => {
    for (const filter of filters) expect(heatmap(filter), JSON.stringify(filter)).toEqual(fromFacts(filter));
  });

  it('pairs the previous period the same way (the months before, read as months)', () => {
    const rows = runQuery(store.db, {
      measures: ['count'],
      groupBy: ['weekday', 'hourOfDay'],
      filter: { from: '2024-06-01', to: '2024-09-01' },
      comparison: { kind: 'previousPeriod' },
    });
    const before = new Map(
      fromFacts({ from: '2024-03-01', to: '2024-06-01' }).map((r) => [
        `${r.weekday}|${r.hourOfDay}`,
        r.count,
      ]),
    );
    for (const row of rows)
      expect(row.previousCount ?? 0).toBe(before.get(`${row.weekday}|${row.hourOfDay}`) ?? 0);
  });

  it('stays equal after a replaced window and a tree change', () => {
    const b = createBatchBuilder();
    b.add(presses('2024-05-10', '2024-05-13', 7));
    store.buttonFeedback.stage('s', b.build(), undefined, {
      stream: 's',
      fromMs: Date.parse('2024-05-10'),
      toMs: Date.parse('2024-05-13'),
      scope: null,
    });
    store.tree.replace(tree.map((t) => (t.experiencePointId === 3 ? { ...t, parent: 2 } : t)));
    for (const filter of filters) expect(heatmap(filter), JSON.stringify(filter)).toEqual(fromFacts(filter));
  });
});
