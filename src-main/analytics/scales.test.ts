// listScales and runQuery's scale filter: expected numbers by hand, and from a direct COUNT over the fact table
// joined to the survey definitions (a second route that reads no rollup).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedbackScale, QueryFilter } from '#shared/contract.ts';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import type { SurveyV2 } from '../core/records/v2Structure.ts';
import { openStore } from '../store/db.ts';
import type { Store } from '../store/db.ts';
import { runQuery } from './query.ts';
import { listScales } from './scales.ts';

let store: Store;
let n = 0;
const press = (point: number, surveyId: number, localTime: string, buttonIndex: number, misuse = false) =>
  ({
    feedbackId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    smileyId: 1,
    localTime,
    surveyId,
    experiencePointId: point,
    buttonIndex,
    misuse,
    smileyType: 'SMILEY_TERMINAL',
    position: 0,
    ui: 'physical',
  }) satisfies ButtonFeedbackV2;
const survey = (surveyId: number, feedbackScale: string, text: string | null): SurveyV2 => ({
  surveyId,
  questionId: surveyId === 301 ? 9 : 1,
  defaultLocale: 'en_US',
  questionTextInDefaultLocale: text,
  surveyType: 'CUSTOMER',
  feedbackScale,
  indexType: 'HAPPY',
  state: 'active',
});
const buttonsOf: Record<number, number> = { 100: 4, 200: 11, 300: 5, 301: 5, 400: 3, 999: 4 };

// Tree: 1 (root) → 2 (group) → 21, 22 (points); 1 → 3 (point).
beforeEach(() => {
  store = openStore(':memory:');
  store.tree.replace([
    { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
    { experiencePointId: 2, name: 'North', parent: 1, type: 'GROUP' },
    { experiencePointId: 21, name: 'Store A', parent: 2, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 22, name: 'Store B', parent: 2, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 3, name: 'Web', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
  store.v2Resources.structure.replace('questions', [
    { questionId: 1, defaultLocale: 'en_US', questionTextInDefaultLocale: 'How was it?' },
    { questionId: 9, defaultLocale: 'en_US', questionTextInDefaultLocale: 'How was checkout?' },
  ]);
  store.v2Resources.structure.replaceSurveys(
    [
      survey(100, 'four', 'How was our service?'),
      survey(200, 'nps', 'Would you <b>recommend</b> us?'),
      survey(300, 'five', 'How was your visit?'),
      survey(301, 'five_reversed', null), // named by its question
      survey(400, 'seven', 'A scale this version does not know'),
      // 999 has presses but no definition
    ],
    new Map(),
  );
  // Hand-checked part: point 21 four-button, point 3 NPS and five, point 22 one of everything else.
  const presses = [
    press(21, 100, '2024-05-01T09:00:00.000+02:00', 3),
    press(21, 100, '2024-05-01T10:00:00.000+02:00', 3),
    press(21, 100, '2024-05-02T10:00:00.000+02:00', 0),
    press(21, 100, '2024-05-02T11:00:00.000+02:00', 1, true), // misuse
    press(3, 200, '2024-05-01T12:00:00.000-07:00', 10),
    press(3, 200, '2024-05-01T13:00:00.000-07:00', 3),
    press(3, 300, '2024-05-01T13:00:00.000-07:00', 4),
    press(22, 301, '2024-05-03T08:00:00.000+02:00', 2),
    press(22, 400, '2024-05-03T08:00:00.000+02:00', 2),
    press(22, 999, '2024-05-03T09:00:00.000+02:00', 1),
  ];
  // Generated part: every survey at every point over ten days, buttons within each survey's scale.
  const points = [21, 22, 3];
  const surveys = [100, 200, 300, 301, 400, 999];
  for (let i = 0; i < 600; i++) {
    const s = surveys[(i * 7) % surveys.length] ?? 100;
    const day = String(1 + ((i * 13) % 10)).padStart(2, '0');
    const hour = String((i * 5) % 24).padStart(2, '0');
    presses.push(
      press(
        points[Math.floor(i / 6) % points.length] ?? 21,
        s,
        `2024-06-${day}T${hour}:${String(i % 60).padStart(2, '0')}:00.000+02:00`,
        (i * 31) % (buttonsOf[s] ?? 4),
        i % 9 === 0,
      ),
    );
  }
  store.buttonFeedback.writePage(presses);
});
afterEach(() => store.close());

/** The second route: presses per day and button straight from the facts, joined to the survey definitions. */
function factCounts(scales: readonly FeedbackScale[], root?: number): Map<string, number> {
  const rows = store.db
    .prepare(
      `WITH RECURSIVE sub(id) AS (SELECT experience_point_id FROM experience_point
          WHERE (@root IS NULL AND parent_id IS NULL) OR experience_point_id = @root
        UNION SELECT e.experience_point_id FROM experience_point e JOIN sub ON e.parent_id = sub.id)
       SELECT f.local_day AS day, f.button_index AS button, count(*) AS n
       FROM v2_button_feedback f JOIN v2_survey s ON s.survey_id = f.survey_id
       WHERE f.misuse = 0 AND s.feedback_scale IN (SELECT value FROM json_each(@scales))
         AND f.experience_point_id IN (SELECT id FROM sub)
       GROUP BY 1, 2`,
    )
    .all({ root: root ?? null, scales: JSON.stringify(scales) }) as {
    day: string;
    button: number;
    n: number;
  }[];
  return new Map(rows.map((r) => [`${r.day}/${r.button}`, r.n]));
}

function queried(filter: QueryFilter): Map<string, number> {
  const rows = runQuery(store.db, { measures: ['count'], groupBy: ['day', 'buttonIndex'], filter });
  return new Map(rows.map((r) => [`${r.day}/${r.buttonIndex}`, r.count ?? 0]));
}

describe('runQuery with a scale', () => {
  it('counts only presses of surveys on that scale (hand-checked)', () => {
    const may = { from: '2024-05-01', to: '2024-05-04' };
    expect(
      runQuery(store.db, {
        measures: ['count'],
        groupBy: ['buttonIndex'],
        filter: { ...may, scale: 'four' },
      }),
    ).toEqual([
      { buttonIndex: 0, count: 1 },
      { buttonIndex: 3, count: 2 }, // the misuse press (button 1) left out
    ]);
    // NPS index 3 is a detractor's answer: it must not join four-button index 3.
    expect(
      runQuery(store.db, { measures: ['count'], groupBy: ['buttonIndex'], filter: { ...may, scale: 'nps' } }),
    ).toEqual([
      { buttonIndex: 3, count: 1 },
      { buttonIndex: 10, count: 1 },
    ]);
    expect(
      runQuery(store.db, { measures: ['count'], groupBy: [], filter: { ...may, scale: 'five_reversed' } }),
    ).toEqual([{ count: 1 }]);
  });

  it.each<[FeedbackScale, number | undefined]>([
    ['four', undefined],
    ['nps', undefined],
    ['five', 2],
    ['five_reversed', 2],
    ['nps', 3],
    ['four', 21],
  ])('equals a direct count of the facts joined to the surveys: %s, subtree %s', (scale, root) => {
    const expected = factCounts([scale], root);
    expect(expected.size).toBeGreaterThan(0);
    expect(queried({ scale, ...(root === undefined ? {} : { experiencePointIds: [root] }) })).toEqual(
      expected,
    );
  });

  it('gives the same days by hour as by day for a scale', () => {
    const byHour = runQuery(store.db, { measures: ['count'], groupBy: ['hour'], filter: { scale: 'nps' } });
    const perDay = new Map<string, number>();
    for (const r of byHour)
      perDay.set(r.hour?.slice(0, 10) ?? '', (perDay.get(r.hour?.slice(0, 10) ?? '') ?? 0) + (r.count ?? 0));
    const byDay = runQuery(store.db, { measures: ['count'], groupBy: ['day'], filter: { scale: 'nps' } });
    expect(new Map(byDay.map((r) => [r.day, r.count]))).toEqual(perDay);
  });
});

describe('listScales', () => {
  it('lists the scales present with presses and surveys, most first, unknown scales apart', () => {
    const overview = listScales(store.db);
    // Each scale's presses by the second route; the overview must be ordered by them.
    const expected = (['four', 'five', 'five_reversed', 'nps'] as const)
      .map((scale) => ({ scale, presses: [...factCounts([scale]).values()].reduce((a, b) => a + b, 0) }))
      .sort((a, b) => b.presses - a.presses);
    expect(overview.scales.map((s) => ({ scale: s.scale, presses: s.presses }))).toEqual(expected);
    const nps = overview.scales.find((s) => s.scale === 'nps');
    expect(nps?.surveys).toEqual([
      { surveyId: 200, name: 'Would you <b>recommend</b> us?', presses: nps?.presses },
    ]);
    const reversed = overview.scales.find((s) => s.scale === 'five_reversed');
    expect(reversed?.surveys[0]?.name).toBe('How was checkout?');
    expect(overview.unknown.map((s) => [s.surveyId, s.name])).toEqual(
      expect.arrayContaining([
        [400, 'A scale this version does not know'],
        [999, 'Survey 999'],
      ]),
    );
    expect(overview.unknown).toHaveLength(2);
  });

  it('takes a group id as its whole subtree and leaves out scales without presses there', () => {
    // Point 21 ran survey 100 (four) by hand and every survey in the generated part; 21 alone vs group 2.
    const only21 = listScales(store.db, [21]);
    const four21 = [...factCounts(['four'], 21).values()].reduce((a, b) => a + b, 0);
    expect(only21.scales.find((s) => s.scale === 'four')?.presses).toBe(four21);
    expect(listScales(store.db, [999]).scales).toEqual([]);
    const fresh = openStore(':memory:');
    try {
      expect(listScales(fresh.db)).toEqual({ scales: [], unknown: [] });
    } finally {
      fresh.close();
    }
  });
});
