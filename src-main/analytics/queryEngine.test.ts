// runQuery against a second, simpler route: the test's own presses counted in plain JS (keys read from the local
// time text, ISO weeks by the 4-January rule, formulas written out here), over DST days (23 and 25 hours), ISO
// week 53, year ends and 29 February, for every measure, grouping and comparison.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import type { SurveyV2 } from '../core/records/v2Structure.ts';
import type { QueryRow, QuerySpec } from '#shared/contract.ts';
import { checkCommandArgs } from '#shared/contract.ts';
import { openStore, type Store } from '../store/db.ts';
import { runQuery } from './query.ts';

let store: Store;
// Tree: 1 → 2 → 21, 22; 1 → 3; 1 → 5 → 51 (5 a group with presses of its own).
const parents: Record<number, number | null> = { 1: null, 2: 1, 21: 2, 22: 2, 3: 1, 5: 1, 51: 5 };
const scaleOf: Record<number, 'four' | 'five' | 'nps'> = { 100: 'four', 300: 'five', 200: 'nps' };
const size = { four: 4, five: 5, nps: 11 };

// Local dates around the edges: DST in Europe (2024-03-31 has 23 hours, 2024-10-27 25), ISO week 53 of 2020
// (2020-12-31, 2021-01-03), the year end 2024/2025 (2024-12-30 is 2025-W01), 29 February 2024, and their days a
// year and 52 weeks before, so comparisons have something to pair with.
const days = [
  '2020-12-28', '2020-12-31', '2021-01-03', '2021-01-04', '2023-02-28', '2023-03-01', '2023-03-02', '2023-03-31',
  '2023-04-01', '2023-10-28', '2023-10-29', '2024-02-01', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-30',
  '2024-03-31', '2024-10-26', '2024-10-27', '2024-12-30', '2024-12-31', '2025-01-01',
]; // prettier-ignore

let n = 0;
const presses: ButtonFeedbackV2[] = [];
{
  let s = 7;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  const points = [21, 22, 3, 5, 51];
  const surveys = [100, 300, 200];
  for (const day of days)
    for (let i = 0; i < 60; i++) {
      const hour = r(24);
      // The offset flips at 02:00/03:00 local on DST days: +01:00 before, +02:00 after (and back in October).
      const summer = day.slice(5) > '03-30' && day.slice(5) < '10-28';
      const offset = (day === '2024-03-31' ? hour >= 3 : day === '2024-10-27' ? hour < 3 : summer)
        ? '+02:00'
        : '+01:00';
      const survey = surveys[r(3)] ?? 100;
      presses.push({
        feedbackId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
        smileyId: 1,
        localTime: `${day}T${String(hour).padStart(2, '0')}:${String(r(60)).padStart(2, '0')}:00.000${offset}`,
        surveyId: survey,
        experiencePointId: points[r(points.length)] ?? 21,
        buttonIndex: r(size[scaleOf[survey] ?? 'four']),
        misuse: r(9) === 0,
        smileyType: 'SMILEY_TERMINAL',
        position: 0,
        ui: 'physical',
      });
    }
}

const survey = (surveyId: number, feedbackScale: string): SurveyV2 => ({
  surveyId,
  questionId: 1,
  defaultLocale: 'en_US',
  questionTextInDefaultLocale: `Survey ${surveyId}`,
  surveyType: 'CUSTOMER',
  feedbackScale,
  indexType: 'HAPPY',
  state: 'active',
});

beforeAll(() => {
  store = openStore(':memory:');
  store.tree.replace(
    Object.entries(parents).map(([id, parent]) => ({
      experiencePointId: Number(id),
      name: `Node ${id}`,
      parent,
      type: Number(id) > 9 || id === '3' ? 'EXPERIENCE_POINT' : 'GROUP',
    })),
  );
  store.v2Resources.structure.replace('questions', [
    { questionId: 1, defaultLocale: 'en_US', questionTextInDefaultLocale: 'Q' },
  ]);
  store.v2Resources.structure.replaceSurveys(
    Object.entries(scaleOf).map(([id, scale]) => survey(Number(id), scale)),
    new Map(),
  );
  store.buttonFeedback.writePage(presses);
});
afterAll(() => store.close());

// ---- the second route ----
const dayNo = (d: string): number =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
const dayText = (n: number): string => new Date(n * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (d: string): number => ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
/** ISO week by the 4-January rule: week 1 is the week (Monday first) holding 4 January. */
function isoWeek(d: string): string {
  const n = dayNo(d);
  for (const year of [Number(d.slice(0, 4)) + 1, Number(d.slice(0, 4)), Number(d.slice(0, 4)) - 1]) {
    const jan4 = dayNo(`${year}-01-04`);
    const week1 = jan4 - (weekdayOf(`${year}-01-04`) - 1);
    if (n >= week1) return `${year}-W${String(Math.floor((n - week1) / 7) + 1).padStart(2, '0')}`;
  }
  return '';
}
const under = (point: number, node: number): boolean => {
  for (let p: number | null | undefined = point; p != null; p = parents[p]) if (p === node) return true;
  return false;
};
const keyOf: Record<string, (f: ButtonFeedbackV2) => string | number> = {
  hour: (f) => f.localTime.slice(0, 13),
  day: (f) => f.localTime.slice(0, 10),
  week: (f) => isoWeek(f.localTime.slice(0, 10)),
  month: (f) => f.localTime.slice(0, 7),
  quarter: (f) => `${f.localTime.slice(0, 4)}-Q${Math.ceil(Number(f.localTime.slice(5, 7)) / 3)}`,
  year: (f) => Number(f.localTime.slice(0, 4)),
  hourOfDay: (f) => Number(f.localTime.slice(11, 13)),
  weekday: (f) => weekdayOf(f.localTime.slice(0, 10)),
  surveyId: (f) => f.surveyId,
};

/** Counts per button of each group, straight from the presses. */
function reference(
  spec: QuerySpec,
  pointKey?: (f: ButtonFeedbackV2) => number | null,
): Map<string, number[]> {
  const f = spec.filter;
  const out = new Map<string, number[]>();
  for (const p of presses) {
    const day = p.localTime.slice(0, 10);
    if (f.from && day < f.from) continue;
    if (f.to && day >= f.to) continue;
    if (!f.includeMisuse && p.misuse) continue;
    if (f.scale && scaleOf[p.surveyId] !== f.scale) continue;
    if (f.surveyIds && !f.surveyIds.includes(p.surveyId)) continue;
    if (f.weekdays && !f.weekdays.includes(weekdayOf(day))) continue;
    if (f.hoursOfDay && !f.hoursOfDay.includes(Number(p.localTime.slice(11, 13)))) continue;
    if (f.experiencePointIds && !f.experiencePointIds.some((id) => under(p.experiencePointId, id))) continue;
    const keys = spec.groupBy
      .filter((d) => d !== 'buttonIndex')
      .map((d) =>
        d === 'experiencePointId' ? (pointKey?.(p) ?? p.experiencePointId) : (keyOf[d]?.(p) ?? ''),
      );
    if (keys.includes(null as never)) continue;
    const id = keys.join('|');
    const counts = out.get(id) ?? new Array<number>(11).fill(0);
    counts[p.buttonIndex] = (counts[p.buttonIndex] ?? 0) + 1;
    out.set(id, counts);
  }
  return out;
}
const total = (c: number[]): number => c.reduce((a, b) => a + b, 0);
/** Happy Index written out: 100 · Σ i·nᵢ / ((k − 1) · N). */
const happy = (c: number[], k: number): number =>
  (100 * c.reduce((a, x, i) => a + i * x, 0)) / ((k - 1) * total(c));
const nps = (c: number[]): number =>
  (100 * (c.slice(9).reduce((a, b) => a + b, 0) - c.slice(0, 7).reduce((a, b) => a + b, 0))) / total(c);

const rowKey = (spec: QuerySpec, row: QueryRow): string =>
  spec.groupBy
    .filter((d) => d !== 'buttonIndex')
    .map((d) => (row as Record<string, unknown>)[d])
    .join('|');
const valid = (spec: QuerySpec): QuerySpec => {
  const checked = checkCommandArgs('analytics:query', spec);
  if (!checked.ok) throw new Error(checked.message);
  return checked.args;
};

describe('runQuery against the presses counted by hand', () => {
  it.each(['hour', 'day', 'week', 'month', 'quarter', 'year', 'hourOfDay', 'weekday', 'surveyId'] as const)(
    'counts per %s and button, and their shares',
    (dim) => {
      const spec = valid({
        measures: ['count', 'share', 'presses'],
        groupBy: [dim, 'buttonIndex'],
        filter: {},
      });
      const ref = reference(spec);
      const rows = runQuery(store.db, spec);
      expect(rows.length).toBe([...ref.values()].reduce((a, c) => a + c.filter((x) => x > 0).length, 0));
      for (const row of rows) {
        const c = ref.get(rowKey(spec, row)) ?? [];
        expect(row.count).toBe(c[row.buttonIndex ?? -1]);
        expect(row.presses).toBe(total(c));
        expect(row.share).toBeCloseTo((c[row.buttonIndex ?? -1] ?? 0) / total(c), 12);
      }
    },
  );

  it('names ISO weeks across the year ends: 2020-W53 holds 31 Dec and 3 Jan, 30 Dec 2024 is 2025-W01', () => {
    const rows = runQuery(
      store.db,
      valid({ measures: ['count'], groupBy: ['week'], filter: { includeMisuse: true } }),
    );
    const weeks = rows.map((r) => r.week);
    expect(weeks).toContain('2020-W53');
    expect(weeks).toContain('2025-W01');
    const count = (d: string): number => presses.filter((p) => p.localTime.startsWith(d)).length;
    expect(rows.find((r) => r.week === '2020-W53')?.count).toBe(
      count('2020-12-28') + count('2020-12-31') + count('2021-01-03'),
    );
    expect(rows.find((r) => r.week === '2025-W01')?.count).toBe(
      count('2024-12-30') + count('2024-12-31') + count('2025-01-01'),
    );
    expect(weeks).not.toContain('2024-W53');
  });

  it('keeps every local hour of the 23- and 25-hour days under its own wall-clock hour', () => {
    const spec = valid({
      measures: ['count'],
      groupBy: ['hour'],
      filter: { from: '2024-03-31', to: '2024-04-01', includeMisuse: true },
    });
    const ref = reference(spec);
    expect(new Map(runQuery(store.db, spec).map((r) => [r.hour, r.count]))).toEqual(
      new Map([...ref].map(([k, c]) => [k, total(c)])),
    );
    const oct = valid({
      measures: ['count'],
      groupBy: ['day'],
      filter: { from: '2024-10-27', to: '2024-10-28', includeMisuse: true },
    });
    expect(runQuery(store.db, oct)).toEqual([
      { day: '2024-10-27', count: presses.filter((p) => p.localTime.startsWith('2024-10-27')).length },
    ]);
  });

  it.each([
    ['four', 'happyIndex'],
    ['five', 'happyIndex'],
    ['nps', 'nps'],
    ['four', 'average'],
    ['nps', 'average'],
  ] as const)('measures %s: %s per month', (scale, measure) => {
    const spec = valid({ measures: [measure, 'presses'], groupBy: ['month'], filter: { scale } });
    const ref = reference(spec);
    const rows = runQuery(store.db, spec);
    expect(rows.map((r) => r.month)).toEqual([...ref.keys()].sort());
    for (const row of rows) {
      const c = ref.get(rowKey(spec, row)) ?? [];
      const k = size[scale];
      const want =
        measure === 'happyIndex'
          ? happy(c, k)
          : measure === 'nps'
            ? nps(c)
            : c.reduce((a, x, i) => a + (i + (scale === 'nps' ? 0 : 1)) * x, 0) / total(c);
      expect(row[measure]).toBeCloseTo(want, 10);
      expect(row.presses).toBe(total(c));
    }
  });

  it('filters overlapping subtrees once, surveys, weekdays, hours, misuse', () => {
    const spec = valid({
      measures: ['count'],
      groupBy: ['surveyId'],
      filter: {
        experiencePointIds: [2, 21, 5],
        surveyIds: [100, 200],
        weekdays: [1, 6, 7],
        hoursOfDay: [0, 9, 23],
        includeMisuse: true,
      },
    });
    const ref = reference(spec);
    expect(runQuery(store.db, spec)).toEqual(
      [...ref].sort().map(([k, c]) => ({ surveyId: Number(k), count: total(c) })),
    );
  });

  it("groups by a node's children (each with its subtree; the node's own presses apart) and by leaves", () => {
    const childOf =
      (node: number) =>
      (f: ButtonFeedbackV2): number | null => {
        for (let p: number | null | undefined = f.experiencePointId; p != null; p = parents[p]) {
          if (p === node) return node;
          if (parents[p] === node) return p;
        }
        return null;
      };
    for (const [selected, head] of [
      [undefined, 1],
      [[1], 1],
      [[5], 5],
    ] as const) {
      const spec = valid({
        measures: ['count'],
        groupBy: ['experiencePointId', 'day'],
        experiencePointLevel: 'children',
        filter: {
          ...(selected ? { experiencePointIds: [...selected] } : {}),
          from: '2024-02-28',
          to: '2024-03-02',
        },
      });
      const ref = reference(spec, childOf(head));
      const rows = runQuery(store.db, spec);
      expect(new Map(rows.map((r) => [rowKey(spec, r), r.count]))).toEqual(
        new Map([...ref].map(([k, c]) => [k, total(c)])),
      );
      expect(rows.every((r) => r.experiencePointName === `Node ${r.experiencePointId}`)).toBe(true);
    }
    const leaves = valid({
      measures: ['count'],
      groupBy: ['experiencePointId'],
      experiencePointLevel: 'leaves',
      filter: { experiencePointIds: [1] },
    });
    expect(runQuery(store.db, leaves).map((r) => [r.experiencePointId, r.count])).toEqual(
      [...reference(leaves)].sort(([a], [b]) => Number(a) - Number(b)).map(([k, c]) => [Number(k), total(c)]),
    );
  });
});

describe('comparisons, aligned per bucket', () => {
  const dayCounts = (from: string, to: string): Map<string, number> =>
    new Map(
      [...reference(valid({ measures: ['count'], groupBy: ['day'], filter: { from, to } }))].map(([k, c]) => [
        k,
        total(c),
      ]),
    );

  it('last year pairs each date with the same date (29 February with none)', () => {
    const spec = valid({
      measures: ['count'],
      groupBy: ['day'],
      filter: { from: '2024-02-28', to: '2024-03-02' },
      comparison: { kind: 'lastYear' },
    });
    const now = dayCounts('2024-02-28', '2024-03-02');
    const before = dayCounts('2023-02-28', '2023-03-02');
    expect(runQuery(store.db, spec)).toEqual(
      ['2024-02-28', '2024-02-29', '2024-03-01'].map((day) => {
        const was = day === '2024-02-29' ? 0 : (before.get(`2023${day.slice(4)}`) ?? 0);
        const is = now.get(day) ?? 0;
        return { day, count: is, previousCount: was, deltaCount: is - was };
      }),
    );
  });

  it('the same weekday last year is 364 days back; the previous period of whole months is the months before', () => {
    const spec = valid({
      measures: ['count'],
      groupBy: ['day'],
      filter: { from: '2024-03-30', to: '2024-04-01' },
      comparison: { kind: 'sameWeekdayLastYear' },
    });
    const before = dayCounts(dayText(dayNo('2024-03-30') - 364), dayText(dayNo('2024-04-01') - 364));
    for (const row of runQuery(store.db, spec)) {
      const back = dayText(dayNo(row.day ?? '') - 364);
      expect(weekdayOf(back)).toBe(weekdayOf(row.day ?? ''));
      expect(row.previousCount).toBe(before.get(back) ?? 0);
    }
    // March 2024 against February 2024 (whole months), Happy Index on four faces.
    const months = valid({
      measures: ['happyIndex'],
      groupBy: ['month'],
      filter: { from: '2024-03-01', to: '2024-04-01', scale: 'four' },
      comparison: { kind: 'previousPeriod' },
    });
    const ref = (from: string, to: string): number[] =>
      reference(valid({ measures: ['count'], groupBy: [], filter: { from, to, scale: 'four' } })).get('') ??
      [];
    const [row] = runQuery(store.db, months);
    expect(row?.month).toBe('2024-03');
    expect(row?.happyIndex).toBeCloseTo(happy(ref('2024-03-01', '2024-04-01'), 4), 10);
    expect(row?.previousHappyIndex).toBeCloseTo(happy(ref('2024-02-01', '2024-03-01'), 4), 10);
    expect(row?.deltaHappyIndex).toBeCloseTo((row?.happyIndex ?? 0) - (row?.previousHappyIndex ?? 0), 10);
  });

  it('are dense: every day of the period, zero counts and null measures where neither period has presses', () => {
    // 2024-02-01 … 2024-02-07 against the 7 days before: of these 14 days the presses fall on 2024-02-01 only.
    const spec = valid({
      measures: ['count', 'happyIndex'],
      groupBy: ['day'],
      filter: { from: '2024-02-01', to: '2024-02-08', scale: 'four' },
      comparison: { kind: 'previousPeriod' },
    });
    const first = reference(spec).get('2024-02-01') ?? [];
    expect(total(first)).toBeGreaterThan(0);
    expect(
      reference({ ...spec, filter: { ...spec.filter, from: '2024-01-25', to: '2024-02-01' } }).size,
    ).toBe(0);
    const days7 = Array.from({ length: 7 }, (_, i) => dayText(dayNo('2024-02-01') + i));
    expect(runQuery(store.db, spec)).toEqual(
      days7.map((day) => {
        const c = day === '2024-02-01' ? first : [];
        const hi = total(c) > 0 ? happy(c, 4) : null;
        return {
          day,
          count: total(c),
          happyIndex: hi,
          previousCount: 0,
          deltaCount: total(c),
          previousHappyIndex: null,
          deltaHappyIndex: null,
        };
      }),
    );
    // By button: each day × the four faces of the scale, counts zero-filled.
    const byButton = valid({ ...spec, measures: ['count'], groupBy: ['day', 'buttonIndex'] });
    expect(runQuery(store.db, byButton).map((r) => [r.day, r.buttonIndex, r.count, r.previousCount])).toEqual(
      days7.flatMap((day) =>
        [0, 1, 2, 3].map((b) => [day, b, day === '2024-02-01' ? (first[b] ?? 0) : 0, 0]),
      ),
    );
  });

  it('N periods ago shifts by N lengths in days; a total row compares totals', () => {
    const spec = valid({
      measures: ['count', 'presses'],
      groupBy: [],
      filter: { from: '2024-03-01', to: '2024-03-02' },
      comparison: { kind: 'periodsAgo', periods: 2 },
    });
    // 2 × 1 day back: 2024-02-28 (not the 29th).
    const of = (from: string, to: string): number =>
      total(reference(valid({ measures: ['count'], groupBy: [], filter: { from, to } })).get('') ?? []);
    const was = of('2024-02-28', '2024-02-29');
    const is = of('2024-03-01', '2024-03-02');
    expect(was).toBeGreaterThan(0);
    expect(runQuery(store.db, spec)).toEqual([
      {
        count: is,
        presses: is,
        previousCount: was,
        previousPresses: was,
        deltaCount: is - was,
        deltaPresses: is - was,
      },
    ]);
  });
});
