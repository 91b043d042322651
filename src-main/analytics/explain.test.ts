// explainChange on a hand-made world against two other routes: the rate and mix effects computed in one plain SQL
// query over the fact table, and again in a short TypeScript loop over counts read by SQL; the parts add up to the
// change within 1e-9; and the parts' significance: a big stable point, a tiny noisy one, a real shift.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import type { ExplainArgs } from '#shared/contract.ts';
import { checkCommandArgs } from '#shared/contract.ts';
import { decomposeChange } from '#shared/metrics/decomposition.ts';
import { openStore, type Store } from '../store/db.ts';
import { explainChange } from './explain.ts';

let store: Store;
let dir: string;
let next = 0;

/** `counts[i]` presses of button i on point `point`, spread over the 7 days from `firstDay` (1 → 2024-03-01). */
function presses(point: number, firstDay: number, counts: number[], survey = 100): ButtonFeedbackV2[] {
  const out: ButtonFeedbackV2[] = [];
  let k = 0;
  counts.forEach((n, button) => {
    for (let i = 0; i < n; i++, k++) {
      const day = firstDay + (k % 7);
      out.push({
        feedbackId: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
        smileyId: 1,
        localTime: `2024-03-${String(day).padStart(2, '0')}T${String(8 + (k % 10)).padStart(2, '0')}:00:00.000+01:00`,
        surveyId: survey,
        experiencePointId: point,
        buttonIndex: button,
        misuse: false,
        smileyType: 'SMILEY_TERMINAL',
        position: 0,
        ui: 'physical',
      });
    }
  });
  return out;
}

// Tree: 1 → Big (10), Tiny (20), Shift group (30 → 31, 32), New (40, pressed only in the current week).
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'explain-'));
  store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace([
    { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
    { experiencePointId: 10, name: 'Big', parent: 1, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 20, name: 'Tiny', parent: 1, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 30, name: 'Shift', parent: 1, type: 'GROUP' },
    { experiencePointId: 31, name: 'Shift A', parent: 30, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 32, name: 'Shift B', parent: 30, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 40, name: 'New', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
  const survey = (surveyId: number, feedbackScale: string, text: string) => ({
    surveyId,
    questionId: 1,
    defaultLocale: 'en',
    questionTextInDefaultLocale: text,
    surveyType: 'SMILEY_TERMINAL',
    feedbackScale,
    indexType: 'HAPPY_INDEX',
    state: 'ACTIVE',
  });
  store.v2Resources.structure.replaceSurveys(
    [survey(100, 'four', 'How was your visit?'), survey(101, 'four', 'How was the checkout?')],
    new Map(),
  );
  const before = 1; // 2024-03-01 … 03-07
  const now = 8; // 2024-03-08 … 03-14
  store.buttonFeedback.writePage([
    // Big: 4,000 presses a week, the same mix but for a handful: HI 50.0 → ~50.1, within noise.
    ...presses(10, before, [1000, 1000, 1000, 1000]),
    ...presses(10, now, [995, 1000, 1000, 1005]),
    // Tiny: 5 presses, 20 points up: within noise.
    ...presses(20, before, [2, 1, 1, 1]),
    ...presses(20, now, [1, 1, 2, 1]),
    // Shift: 400 presses, 50 → 80 (a real change), some on a second survey.
    ...presses(31, before, [50, 50, 50, 50]),
    ...presses(32, before, [25, 25, 25, 25], 101),
    ...presses(31, now, [10, 10, 70, 110]),
    ...presses(32, now, [5, 5, 35, 55], 101),
    // New: only this week, scoring low: its mix effect pulls the whole down.
    ...presses(40, now, [60, 20, 10, 10]),
  ]);
  // Follow-ups on point 10: the negative question's 100 answers a week move from 'Dirty' to 'Queue'; the positive
  // question's 50 answers all 'Staff' in both weeks.
  store.v2Resources.structure.replace('followupQuestions', [
    {
      followupQuestionId: 501,
      surveyId: 100,
      positive: false,
      questionTextInDefaultLocale: 'What went wrong?',
    },
    {
      followupQuestionId: 502,
      surveyId: 100,
      positive: true,
      questionTextInDefaultLocale: 'What went well?',
    },
  ]);
  const answers = (firstDay: number, question: number, options: [number, string, number][]) =>
    options.flatMap(([option, text, n]) =>
      Array.from({ length: n }, (_, i) => ({
        feedbackId: `00000000-0000-4000-9000-${String(++next).padStart(12, '0')}`,
        smileyId: 1,
        localTime: `2024-03-${String(firstDay + (i % 7)).padStart(2, '0')}T12:00:00.000+01:00`,
        surveyId: 100,
        experiencePointId: 10,
        buttonIndex: question === 501 ? 0 : 3,
        misuse: false,
        position: 1,
        ui: 'physical',
        followupQuestionId: question,
        followupOptionId: option,
        followupOptionTextInDefaultLocale: text,
      })),
    );
  store.v2Resources.feedbackLists.writePage('followup', [
    ...answers(before, 501, [
      [5011, 'Queue', 20],
      [5012, 'Dirty', 80],
    ]),
    ...answers(now, 501, [
      [5011, 'Queue', 60],
      [5012, 'Dirty', 40],
    ]),
    ...answers(before, 502, [[5021, 'Staff', 50]]),
    ...answers(now, 502, [[5021, 'Staff', 50]]),
  ]);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const args = (over: Partial<ExplainArgs> = {}): ExplainArgs => {
  const checked = checkCommandArgs('analytics:explain', {
    filter: { from: '2024-03-08', to: '2024-03-15', experiencePointIds: [1] },
    scales: ['four'],
    measure: 'happyIndex',
    by: 'point',
    comparison: 'previousPeriod',
    ...over,
  });
  if (!checked.ok) throw new Error(checked.message);
  return checked.args;
};

/** Route 2: the effects per child of node 1, computed by one SQL query over the facts. */
function effectsInSql(): Map<number, { rate: number; mix: number }> {
  const rows = store.db
    .prepare(
      `WITH RECURSIVE sub(id, child) AS (
         SELECT experience_point_id, experience_point_id FROM experience_point WHERE parent_id = 1
         UNION ALL SELECT e.experience_point_id, sub.child FROM experience_point e JOIN sub ON e.parent_id = sub.id),
       f AS (SELECT sub.child, local_day >= '2024-03-08' AS period, button_index AS b
             FROM v2_button_feedback JOIN sub ON sub.id = experience_point_id
             WHERE misuse = 0 AND local_day >= '2024-03-01' AND local_day < '2024-03-15'),
       c AS (SELECT child, sum(period = 0) AS n0, sum(period = 1) AS n1,
               100.0 * sum(CASE WHEN period = 0 THEN b END) / (3 * sum(period = 0)) AS s0,
               100.0 * sum(CASE WHEN period = 1 THEN b END) / (3 * sum(period = 1)) AS s1
             FROM f GROUP BY child),
       t AS (SELECT sum(period = 0) AS total0, sum(period = 1) AS total1,
               100.0 * sum(CASE WHEN period = 0 THEN b END) / (3 * sum(period = 0)) AS whole0,
               100.0 * sum(CASE WHEN period = 1 THEN b END) / (3 * sum(period = 1)) AS whole1 FROM f),
       x AS (SELECT child, 1.0 * n0 / total0 AS w0, 1.0 * n1 / total1 AS w1, coalesce(c.s0, whole0) AS p0,
               coalesce(c.s1, whole1) AS p1, (whole0 + whole1) / 2 AS mean FROM c, t)
       SELECT child, (w0 + w1) / 2 * (p1 - p0) AS rate, (w1 - w0) * ((p0 + p1) / 2 - mean) AS mix FROM x`,
    )
    .all() as { child: number; rate: number; mix: number }[];
  return new Map(rows.map((r) => [r.child, r]));
}

describe('explainChange', () => {
  it('splits the change over the children: the effects equal plain SQL, and add up to the change', () => {
    const e = explainChange(store.db, args());
    const sql = effectsInSql();
    expect(e.rows.map((r) => r.experiencePointId).sort()).toEqual([10, 20, 30, 40]);
    for (const r of e.rows) {
      const s = sql.get(r.experiencePointId ?? 0);
      expect(r.rateEffect).toBeCloseTo(s?.rate ?? NaN, 9);
      expect(r.mixEffect).toBeCloseTo(s?.mix ?? NaN, 9);
      expect(r.contribution).toBeCloseTo(r.rateEffect + r.mixEffect, 12);
    }
    const sum = e.rows.reduce((s, r) => s + r.contribution, 0);
    expect(Math.abs(sum - (e.change ?? NaN))).toBeLessThan(1e-9);
    // Largest |contribution| first; the new low-scoring point is a pure mix effect (no previous value).
    const sizes = e.rows.map((r) => Math.abs(r.contribution));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const fresh = e.rows.find((r) => r.experiencePointId === 40);
    expect(fresh).toMatchObject({ name: 'New', previousPresses: 0, previousValue: null, presses: 100 });
    expect(fresh?.mixEffect).toBeLessThan(0);
  });

  it('equals the formula written out again in TypeScript over counts read by SQL', () => {
    const counts = store.db
      .prepare(
        `SELECT CASE WHEN experience_point_id IN (31, 32) THEN 30 ELSE experience_point_id END AS child,
                local_day >= '2024-03-08' AS period, count(*) AS n, sum(button_index) AS w
         FROM v2_button_feedback WHERE misuse = 0 GROUP BY 1, 2`,
      )
      .all() as { child: number; period: number; n: number; w: number }[];
    const at = (child: number, period: number) =>
      counts.find((c) => c.child === child && c.period === period) ?? { n: 0, w: 0 };
    const children = [10, 20, 30, 40];
    const N = [0, 1].map((p) => children.reduce((s, c) => s + at(c, p).n, 0));
    const S = [0, 1].map((p) => (100 * children.reduce((s, c) => s + at(c, p).w, 0)) / (3 * (N[p] ?? 1)));
    const e = explainChange(store.db, args());
    for (const c of children) {
      const [a, b] = [at(c, 0), at(c, 1)];
      const s0 = a.n ? (100 * a.w) / (3 * a.n) : (S[0] ?? 0);
      const s1 = b.n ? (100 * b.w) / (3 * b.n) : (S[1] ?? 0);
      const [w0, w1] = [a.n / (N[0] ?? 1), b.n / (N[1] ?? 1)];
      const row = e.rows.find((r) => r.experiencePointId === c);
      expect(row?.rateEffect).toBeCloseTo(((w0 + w1) / 2) * (s1 - s0), 9);
      expect(row?.mixEffect).toBeCloseTo((w1 - w0) * ((s0 + s1) / 2 - ((S[0] ?? 0) + (S[1] ?? 0)) / 2), 9);
    }
    expect(e.current).toBeCloseTo(S[1] ?? NaN, 9);
    expect(e.previous).toBeCloseTo(S[0] ?? NaN, 9);
  });

  it('says which parts moved more than noise: big stable and tiny noisy not, the shift yes', () => {
    const e = explainChange(store.db, args());
    const z = (id: number) => Math.abs(e.rows.find((r) => r.experiencePointId === id)?.z ?? 0);
    expect(z(10)).toBeLessThan(1.96); // 4,000 presses, HI 50.0 → 50.08
    expect(z(20)).toBeLessThan(1.96); // 5 presses, HI 40 → 53
    expect(z(30)).toBeGreaterThan(1.96); // 300 presses, HI 50 → 80
    expect(e.rows.find((r) => r.experiencePointId === 40)?.z).toBeNull(); // nothing before
  });

  it('splits by survey the same way, named by their questions', () => {
    const e = explainChange(store.db, args({ by: 'survey' }));
    expect(e.rows.map((r) => [r.surveyId, r.name])).toEqual([
      [100, 'How was your visit?'],
      [101, 'How was the checkout?'],
    ]);
    expect(Math.abs(e.rows.reduce((s, r) => s + r.contribution, 0) - (e.change ?? NaN))).toBeLessThan(1e-9);
  });

  it('names the follow-up reasons that moved most, with a two-proportion z worked out here', () => {
    const e = explainChange(store.db, args());
    const pain = e.reasons.filter((r) => r.side === 'painPoint');
    expect(pain.map((r) => [r.optionText, r.previousShare, r.share])).toEqual([
      ['Dirty', 0.8, 0.4],
      ['Queue', 0.2, 0.6],
    ]);
    // Queue: (0.6 − 0.2) / √(0.6·0.4/100 + 0.2·0.8/100) = 6.32: more than noise.
    expect(pain[1]?.z).toBeCloseTo(0.4 / Math.sqrt(0.0024 + 0.0016), 9);
    // Staff: all answers both weeks: no spread, nothing to tell.
    expect(e.reasons.find((r) => r.side === 'highlight')).toMatchObject({
      optionText: 'Staff',
      share: 1,
      z: null,
    });
  });

  it('has no rows when a period has no presses, and gives the comparison dates', () => {
    const e = explainChange(store.db, args({ filter: { from: '2024-03-15', to: '2024-03-22' } }));
    expect(e).toMatchObject({ rows: [], change: null, previousFrom: '2024-03-08', previousTo: '2024-03-15' });
    expect(explainChange(store.db, args({ comparison: 'lastYear' }))).toMatchObject({
      previousFrom: '2023-03-08',
      previousTo: '2023-03-15',
      change: null,
    });
  });
});

describe('decomposeChange', () => {
  it('gives a part without presses the whole score, and sums exactly on random parts', () => {
    let seed = 5;
    const r = (): number => ((seed = (seed * 48271) % 2147483647), seed / 2147483647);
    for (let round = 0; round < 50; round++) {
      const parts = Array.from({ length: 6 }, () => ({
        n0: r() < 0.2 ? 0 : Math.floor(r() * 500),
        n1: r() < 0.2 ? 0 : Math.floor(r() * 500),
        s0: r() * 100,
        s1: r() * 100,
      }));
      const d = decomposeChange(parts);
      if (!d) continue;
      const sum = d.parts.reduce((s, p) => s + p.contribution, 0);
      expect(Math.abs(sum - d.change)).toBeLessThan(1e-9);
    }
    expect(decomposeChange([{ n0: 0, n1: 3, s0: null, s1: 50 }])).toBeNull();
  });
});
