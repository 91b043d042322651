// The ranking read from the period rollup (whole months, weeks and days of both periods) against a second route:
// presses counted per point and period by plain SQL over the fact table, the Happy Index (100·Σ i·nᵢ / (3·N)) and
// the shrinkage (N·x + m·p) / (N + m) written out here. Periods cross the 25-hour day, a year end in ISO week 53 and
// 29 February; checked again after a replaced window and with misuse included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import type { RankingArgs } from '#shared/contract.ts';
import { openStore, type Store } from '../store/db.ts';
import { createBatchBuilder } from '../store/repos/batchGathering.ts';
import { rank } from './ranking.ts';

let store: Store;
let dir: string;
const points = [21, 22, 23, 31];
const dayMs = 86_400_000;

let next = 0;
/** Presses on every day of [from, to): per point and day a few, buttons and misuse pseudo-random, at DST offsets. */
function presses(from: string, to: string, seed: number, perDay = 3): ButtonFeedbackV2[] {
  let s = seed;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  const out: ButtonFeedbackV2[] = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += dayMs) {
    const date = new Date(t).toISOString().slice(0, 10);
    for (const point of points)
      for (let i = 0; i < perDay + r(3); i++) {
        const hour = r(24);
        out.push({
          feedbackId: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
          smileyId: 1,
          // The 25-hour day: 02:xx twice, with both offsets.
          localTime: `${date}T${String(hour).padStart(2, '0')}:30:00.000+0${hour === 2 ? 1 + r(2) : 1}:00`,
          surveyId: r(5) === 0 ? 200 : 100, // 200 is an NPS survey: not on the ranked scale
          experiencePointId: point,
          buttonIndex: r(4),
          misuse: r(10) === 0,
          smileyType: 'SMILEY_TERMINAL',
          position: 0,
          ui: 'physical',
        });
      }
  }
  return out;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ranking-'));
  store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace([
    { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
    { experiencePointId: 2, name: 'North', parent: 1, type: 'GROUP' },
    { experiencePointId: 3, name: 'South', parent: 1, type: 'GROUP' },
    ...points.map((id) => ({
      experiencePointId: id,
      name: `P${id}`,
      parent: Math.floor(id / 10),
      type: 'EXPERIENCE_POINT' as const,
    })),
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
  store.buttonFeedback.writePage(presses('2020-11-01', '2021-02-15', 1));
  store.buttonFeedback.writePage(presses('2023-12-20', '2024-11-05', 2, 1));
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Per point: presses and Happy Index of [from, to) on the four-button survey, counted from the facts. */
function fromFacts(from: number, to: number, includeMisuse: boolean): Map<number, { n: number; hi: number }> {
  const rows = store.db
    .prepare(
      `SELECT experience_point_id AS p, count(*) AS n, sum(button_index) AS w FROM v2_button_feedback
       WHERE survey_id = 100 AND local_time >= ? AND local_time < ? ${includeMisuse ? '' : 'AND misuse = 0'}
       GROUP BY 1`,
    )
    .all(from * dayMs, to * dayMs) as { p: number; n: number; w: number }[];
  return new Map(rows.map((r) => [r.p, { n: r.n, hi: (100 * r.w) / (3 * r.n) }]));
}

function expected(args: RankingArgs): unknown[] {
  const from = Date.parse(args.filter.from) / dayMs;
  const to = Date.parse(args.filter.to) / dayMs;
  const m = 30;
  const cur = fromFacts(from, to, args.filter.includeMisuse === true);
  const prev = fromFacts(2 * from - to, from, args.filter.includeMisuse === true);
  const parentOf = (map: Map<number, { n: number; hi: number }>): number => {
    const all = [...map.values()];
    const n = all.reduce((s, x) => s + x.n, 0);
    return all.reduce((s, x) => s + x.hi * x.n, 0) / n;
  };
  const [pc, pp] = [parentOf(cur), parentOf(prev)];
  const shrink = (x: { n: number; hi: number } | undefined, p: number): number | null =>
    x ? (x.n * x.hi + m * p) / (x.n + m) : null;
  // A point without presses in the period is listed apart (tooFew), not ranked.
  return points
    .filter((id) => cur.has(id))
    .map((id) => ({
      experiencePointId: id,
      presses: cur.get(id)?.n,
      value: cur.get(id)?.hi,
      adjusted: shrink(cur.get(id), pc),
      previousPresses: prev.get(id)?.n ?? 0,
      previousAdjusted: shrink(prev.get(id), pp),
    }))
    .sort((a, b) => (b.adjusted ?? 0) - (a.adjusted ?? 0));
}

function got(args: RankingArgs): unknown[] {
  return rank(store.db, args).top.map((r) => ({
    experiencePointId: r.experiencePointId,
    presses: r.presses,
    value: r.value,
    adjusted: r.adjusted,
    previousPresses: r.previousPresses,
    previousAdjusted: r.previousAdjusted,
  }));
}

const close = (x: unknown): unknown =>
  JSON.parse(JSON.stringify(x, (_, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : v)));

describe('ranking from the period rollup', () => {
  const base = { scale: 'four', measure: 'happyIndex', level: 'points', top: 10 } as const;
  const periods = [
    ['2024-03-15', '2024-06-13'], // 90 days: whole April and May, weeks and days; previous from 2023-12-16
    ['2024-02-29', '2024-03-01'], // 29 February alone; previous: 28 February
    ['2024-10-21', '2024-11-04'], // two ISO weeks around the 25-hour day
    ['2020-12-28', '2021-01-04'], // 2020-W53 across the year end
    ['2020-11-01', '2021-02-15'], // every day of the first block: three whole months
  ] as const;

  it('equals a plain count of the facts per point and period', () => {
    for (const [from, to] of periods)
      for (const includeMisuse of [false, true]) {
        const args: RankingArgs = { ...base, filter: { from, to, includeMisuse } };
        expect(close(got(args)), `${from}..${to} ${includeMisuse}`).toEqual(close(expected(args)));
      }
  });

  it('stays equal after a replaced window (the service now has fewer presses on some days of May)', () => {
    const window = presses('2024-05-10', '2024-05-13', 9, 0);
    const b = createBatchBuilder();
    b.add(window);
    store.buttonFeedback.stage('s', b.build(), undefined, {
      stream: 's',
      fromMs: Date.parse('2024-05-10'),
      toMs: Date.parse('2024-05-13'),
      scope: null,
    });
    const args: RankingArgs = { ...base, filter: { from: '2024-03-15', to: '2024-06-13' } };
    expect(close(got(args))).toEqual(close(expected(args)));
  });

  it('lists the best and the worst n as placed in the whole order (the order counted from the facts)', () => {
    const args: RankingArgs = { ...base, filter: { from: '2024-03-15', to: '2024-06-13' } };
    const ids = (expected(args) as { experiencePointId: number }[]).map((r) => r.experiencePointId);
    expect(ids).toHaveLength(4);
    for (const top of [1, 2, 3]) {
      const ranking = rank(store.db, { ...args, top });
      expect(ranking.ranked).toBe(4);
      expect(ranking.top.map((r) => [r.rank, r.experiencePointId])).toEqual(
        ids.slice(0, top).map((id, i) => [i + 1, id]),
      );
      expect(ranking.bottom.map((r) => [r.rank, r.experiencePointId])).toEqual(
        ids.slice(4 - top).map((id, i) => [5 - top + i, id]),
      );
    }
  });

  it('sees a point added to the tree since the last ranking (listed as having too few presses)', () => {
    const args: RankingArgs = { ...base, filter: { from: '2024-03-15', to: '2024-06-13' } };
    expect(rank(store.db, args).tooFew).toEqual([]);
    const tree = store.db
      .prepare('SELECT experience_point_id, name, parent_id, type FROM experience_point ORDER BY 1')
      .raw()
      .all() as [number, string, number | null, 'GROUP' | 'EXPERIENCE_POINT'][];
    const items = tree.map(([experiencePointId, name, parent, type]) => ({
      experiencePointId,
      name,
      parent,
      type,
    }));
    store.tree.replace([
      ...items,
      { experiencePointId: 24, name: 'P24', parent: 2, type: 'EXPERIENCE_POINT' },
    ]);
    try {
      expect(rank(store.db, args).tooFew).toEqual([{ experiencePointId: 24, name: 'P24', presses: 0 }]);
      expect(rank(store.db, { ...args, level: 'children' }).ranked).toBe(2); // North and South
    } finally {
      store.tree.replace(items);
    }
    expect(rank(store.db, args).tooFew).toEqual([]);
  });

  it("gives each item's interval and the change's z, from mean and variance counted in SQL over the facts", () => {
    const moments = (from: string, to: string) =>
      new Map(
        (
          store.db
            .prepare(
              `SELECT experience_point_id AS p, count(*) AS n, avg(button_index) AS mean,
                  avg(button_index * button_index) - avg(button_index) * avg(button_index) AS variance
               FROM v2_button_feedback WHERE survey_id = 100 AND misuse = 0 AND local_day >= ? AND local_day < ?
               GROUP BY 1`,
            )
            .all(from, to) as { p: number; n: number; mean: number; variance: number }[]
        ).map((r) => [r.p, { hi: (100 * r.mean) / 3, se: (100 / 3) * Math.sqrt(r.variance / r.n) }]),
      );
    const now = moments('2024-04-01', '2024-05-01');
    const before = moments('2024-03-02', '2024-04-01'); // the 30 days before
    const ranking = rank(store.db, { ...base, filter: { from: '2024-04-01', to: '2024-05-01' } });
    expect(ranking.top.length).toBe(4);
    for (const item of ranking.top) {
      const [a, b] = [now.get(item.experiencePointId), before.get(item.experiencePointId)];
      if (!a || !b) throw new Error(`no facts for ${item.experiencePointId}`);
      expect(item.valueLow).toBeCloseTo(a.hi - 1.96 * a.se, 9);
      expect(item.valueHigh).toBeCloseTo(a.hi + 1.96 * a.se, 9);
      expect(item.changeZ).toBeCloseTo((a.hi - b.hi) / Math.sqrt(a.se ** 2 + b.se ** 2), 9);
    }
  });
});
