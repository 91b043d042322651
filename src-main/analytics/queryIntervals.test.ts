// runQuery's `interval: true` against a second route: means, variances, NPS shares and Wilson bounds computed in plain
// SQL over the fact table (v2_button_feedback), per day, per point and per button; and the z of a change.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import type { QueryRow } from '#shared/contract.ts';
import { checkCommandArgs } from '#shared/contract.ts';
import { openStore, type Store } from '../store/db.ts';
import { runQuery } from './query.ts';

let store: Store;
let dir: string;
let next = 0;
const dayMs = 86_400_000;

/** Presses on each day of [from, to) per point, pseudo-random buttons (skewed up on point 22), some misuse. */
function presses(
  from: string,
  to: string,
  survey: number,
  buttons: number,
  seed: number,
): ButtonFeedbackV2[] {
  let s = seed;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  const out: ButtonFeedbackV2[] = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += dayMs)
    for (const point of [21, 22, 3])
      for (let i = 0; i < 4 + r(9); i++)
        out.push({
          feedbackId: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
          smileyId: 1,
          localTime: `${new Date(t).toISOString().slice(0, 10)}T${String(r(24)).padStart(2, '0')}:10:00.000+01:00`,
          surveyId: survey,
          experiencePointId: point,
          buttonIndex: point === 22 ? Math.max(r(buttons), r(buttons)) : r(buttons),
          misuse: r(12) === 0,
          smileyType: 'SMILEY_TERMINAL',
          position: 0,
          ui: 'physical',
        });
  return out;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'intervals-'));
  store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace([
    { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
    { experiencePointId: 2, name: 'North', parent: 1, type: 'GROUP' },
    { experiencePointId: 21, name: 'Store A', parent: 2, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 22, name: 'Store B', parent: 2, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 3, name: 'Web', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
  const survey = (surveyId: number, feedbackScale: string) => ({
    surveyId,
    questionId: 1,
    defaultLocale: 'en',
    questionTextInDefaultLocale: null,
    surveyType: 'SMILEY_TERMINAL',
    feedbackScale,
    indexType: 'HAPPY_INDEX',
    state: 'ACTIVE',
  });
  store.v2Resources.structure.replaceSurveys([survey(100, 'four'), survey(200, 'nps')], new Map());
  store.buttonFeedback.writePage(presses('2024-03-01', '2024-03-15', 100, 4, 7));
  store.buttonFeedback.writePage(presses('2024-03-01', '2024-03-15', 200, 11, 11));
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Per key: N, the mean index and the population variance Σ(i − x̄)²/N, from the facts. */
function moments(key: string, survey: number): Map<string, { n: number; mean: number; variance: number }> {
  const rows = store.db
    .prepare(
      `SELECT ${key} AS k, count(*) AS n, avg(button_index) AS mean,
              avg(button_index * button_index) - avg(button_index) * avg(button_index) AS variance
       FROM v2_button_feedback WHERE survey_id = ? AND misuse = 0 AND local_day >= '2024-03-05' AND local_day < '2024-03-12'
       GROUP BY 1`,
    )
    .all(survey) as { k: string | number; n: number; mean: number; variance: number }[];
  return new Map(rows.map((r) => [String(r.k), r]));
}

const ask = (spec: unknown): QueryRow[] => {
  const checked = checkCommandArgs('analytics:query', spec);
  if (!checked.ok) throw new Error(checked.message);
  return runQuery(store.db, checked.args);
};
const filter = { from: '2024-03-05', to: '2024-03-12' };

describe('runQuery with interval', () => {
  it('Happy Index and average per day: x̄ ± 1.96·√(Var/N), scaled by 100/3 for the index', () => {
    const facts = moments('local_day', 100);
    const rows = ask({
      measures: ['happyIndex', 'average'],
      groupBy: ['day'],
      filter: { ...filter, scale: 'four' },
      interval: true,
    });
    expect(rows.length).toBe(7);
    for (const row of rows) {
      const f = facts.get(row.day ?? '');
      if (!f) throw new Error(`no facts for ${row.day}`);
      const se = Math.sqrt(f.variance / f.n);
      expect(row.happyIndexLow).toBeCloseTo((100 / 3) * (f.mean - 1.96 * se), 9);
      expect(row.happyIndexHigh).toBeCloseTo((100 / 3) * (f.mean + 1.96 * se), 9);
      expect(row.averageLow).toBeCloseTo(f.mean + 1 - 1.96 * se, 9);
      expect(row.averageHigh).toBeCloseTo(f.mean + 1 + 1.96 * se, 9);
    }
  });

  it('NPS per point: 100·((p − q) ± 1.96·√((p + q − (p − q)²)/N)), p and q counted in SQL', () => {
    const facts = store.db
      .prepare(
        `SELECT experience_point_id AS k, count(*) AS n, avg(button_index >= 9) AS p, avg(button_index <= 6) AS q
         FROM v2_button_feedback WHERE survey_id = 200 AND misuse = 0 AND local_day >= '2024-03-05' AND local_day < '2024-03-12'
         GROUP BY 1`,
      )
      .all() as { k: number; n: number; p: number; q: number }[];
    const rows = ask({
      measures: ['nps'],
      groupBy: ['experiencePointId'],
      filter: { ...filter, scale: 'nps' },
      interval: true,
    });
    expect(rows.map((r) => r.experiencePointId)).toEqual(facts.map((f) => f.k));
    for (const f of facts) {
      const row = rows.find((r) => r.experiencePointId === f.k);
      const se = Math.sqrt((f.p + f.q - (f.p - f.q) ** 2) / f.n);
      expect(row?.npsLow).toBeCloseTo(100 * (f.p - f.q - 1.96 * se), 9);
      expect(row?.npsHigh).toBeCloseTo(100 * (f.p - f.q + 1.96 * se), 9);
    }
  });

  it("a button's share with Wilson's interval, the bounds computed in SQL", () => {
    const facts = store.db
      .prepare(
        `WITH c AS (SELECT button_index AS b, count(*) AS x, sum(count(*)) OVER () AS n FROM v2_button_feedback
           WHERE survey_id = 100 AND misuse = 0 AND local_day >= '2024-03-05' AND local_day < '2024-03-12' GROUP BY 1),
         w AS (SELECT b, x * 1.0 / n AS p, n, 1.96 * 1.96 AS z2 FROM c)
         SELECT b, (p + z2 / (2 * n)) / (1 + z2 / n) - 1.96 / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) AS lo,
                (p + z2 / (2 * n)) / (1 + z2 / n) + 1.96 / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) AS hi
         FROM w ORDER BY b`,
      )
      .all() as { b: number; lo: number; hi: number }[];
    const rows = ask({
      measures: ['count', 'share'],
      groupBy: ['buttonIndex'],
      filter: { ...filter, scale: 'four' },
      interval: true,
    });
    expect(rows.map((r) => r.buttonIndex)).toEqual([0, 1, 2, 3]);
    for (const f of facts) {
      const row = rows.find((r) => r.buttonIndex === f.b);
      expect(row?.shareLow).toBeCloseTo(f.lo, 12);
      expect(row?.shareHigh).toBeCloseTo(f.hi, 12);
    }
  });

  it('with a comparison: the previous interval and z = Δ / √(SE₁² + SE₀²) from the facts of both weeks', () => {
    const week = (from: string, to: string) =>
      store.db
        .prepare(
          `SELECT count(*) AS n, avg(button_index) AS mean,
                  avg(button_index * button_index) - avg(button_index) * avg(button_index) AS variance
           FROM v2_button_feedback WHERE survey_id = 100 AND misuse = 0 AND experience_point_id = 22
             AND local_day >= ? AND local_day < ?`,
        )
        .get(from, to) as { n: number; mean: number; variance: number };
    const now = week('2024-03-08', '2024-03-15');
    const before = week('2024-03-01', '2024-03-08');
    const [row] = ask({
      measures: ['happyIndex'],
      groupBy: [],
      filter: { from: '2024-03-08', to: '2024-03-15', scale: 'four', experiencePointIds: [22] },
      comparison: { kind: 'previousPeriod' },
      interval: true,
    });
    const se = (w: { n: number; variance: number }) => (100 / 3) * Math.sqrt(w.variance / w.n);
    expect(row?.previousHappyIndexLow).toBeCloseTo((100 / 3) * before.mean - 1.96 * se(before), 9);
    const z = ((100 / 3) * (now.mean - before.mean)) / Math.sqrt(se(now) ** 2 + se(before) ** 2);
    expect(row?.zHappyIndex).toBeCloseTo(z, 9);
  });

  it('leaves the rows as they were without interval, and the spec check refuses a non-boolean', () => {
    const rows = ask({ measures: ['happyIndex'], groupBy: [], filter: { ...filter, scale: 'four' } });
    expect(Object.keys(rows[0] ?? {})).toEqual(['happyIndex']);
    expect(
      checkCommandArgs('analytics:query', { measures: ['count'], groupBy: [], filter: {}, interval: 1 }),
    ).toEqual({ ok: false, message: 'interval must be true or false' });
  });
});
