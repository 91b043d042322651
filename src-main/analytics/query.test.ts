// runQuery over the rollup: grouping, subtree filter, surveys, local date range, misuse — expected counts by hand.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuerySpec } from '#shared/contract.ts';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import { openStore } from '../store/db.ts';
import type { Store } from '../store/db.ts';
import { checkCommandArgs } from '#shared/contract.ts';
import { listTree, runQuery } from './query.ts';

let store: Store;
let n = 0;
const press = (
  point: number,
  localTime: string,
  buttonIndex: number,
  over: Partial<ButtonFeedbackV2> = {},
): ButtonFeedbackV2 => ({
  feedbackId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  smileyId: 1,
  localTime,
  surveyId: 100,
  experiencePointId: point,
  buttonIndex,
  misuse: false,
  smileyType: 'SMILEY_TERMINAL',
  position: 0,
  ui: 'physical',
  ...over,
});

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
  store.buttonFeedback.writePage([
    press(21, '2024-05-01T09:00:00.000+02:00', 0),
    press(21, '2024-05-01T09:59:59.999+02:00', 3),
    press(21, '2024-05-01T23:30:00.000+02:00', 3), // 21:30Z: still 1 May locally
    press(22, '2024-05-02T00:10:00.000+02:00', 3),
    press(22, '2024-05-02T08:00:00.000+02:00', 1, { misuse: true }),
    press(3, '2024-05-01T12:00:00.000-07:00', 10, { surveyId: 200 }), // NPS survey on the web point
    press(3, '2024-05-03T12:00:00.000-07:00', 9, { surveyId: 200 }),
  ]);
});
afterEach(() => store.close());

const q = (groupBy: QuerySpec['groupBy'], filter: QuerySpec['filter'] = {}): unknown =>
  runQuery(store.db, { measures: ['count'], groupBy, filter });

describe('runQuery', () => {
  it('counts per local day and button, misuse left out', () => {
    expect(q(['day', 'buttonIndex'])).toEqual([
      { day: '2024-05-01', buttonIndex: 0, count: 1 },
      { day: '2024-05-01', buttonIndex: 3, count: 2 },
      { day: '2024-05-01', buttonIndex: 10, count: 1 },
      { day: '2024-05-02', buttonIndex: 3, count: 1 },
      { day: '2024-05-03', buttonIndex: 9, count: 1 },
    ]);
  });

  it('takes a group id as its whole subtree', () => {
    expect(q(['experiencePointId'], { experiencePointIds: [2] })).toEqual([
      { experiencePointId: 21, experiencePointName: 'Store A', count: 3 },
      { experiencePointId: 22, experiencePointName: 'Store B', count: 1 },
    ]);
    expect(q([], { experiencePointIds: [1] })).toEqual([{ count: 6 }]);
    expect(q([], { experiencePointIds: [3, 22] })).toEqual([{ count: 3 }]);
    expect(q([], { experiencePointIds: [999] })).toEqual([{ count: 0 }]); // no groups: one total row
  });

  it('filters by survey, local date range (to exclusive) and includes misuse on request', () => {
    expect(q(['surveyId'], { surveyIds: [200] })).toEqual([{ surveyId: 200, count: 2 }]);
    expect(q(['day'], { from: '2024-05-02', to: '2024-05-03' })).toEqual([{ day: '2024-05-02', count: 1 }]);
    expect(q(['day'], { from: '2024-05-02', to: '2024-05-03', includeMisuse: true })).toEqual([
      { day: '2024-05-02', count: 2 },
    ]);
  });

  it('groups by local hour', () => {
    expect(q(['hour'], { experiencePointIds: [21] })).toEqual([
      { hour: '2024-05-01T09', count: 2 },
      { hour: '2024-05-01T23', count: 1 },
    ]);
  });

  it("reads a point's hours from its presses, bounded by local date (from inclusive, to exclusive)", () => {
    // By hand from the presses above: point 22 has 00:10 and 08:00 (misuse) on 2 May; 21's three are on 1 May.
    expect(
      q(['hour'], { experiencePointIds: [22], from: '2024-05-02', to: '2024-05-03', includeMisuse: true }),
    ).toEqual([
      { hour: '2024-05-02T00', count: 1 },
      { hour: '2024-05-02T08', count: 1 },
    ]);
    expect(q(['hour'], { experiencePointIds: [21, 22], from: '2024-05-01', to: '2024-05-02' })).toEqual([
      { hour: '2024-05-01T09', count: 2 },
      { hour: '2024-05-01T23', count: 1 },
    ]);
    // Hours of the day 9 and 0, per point of group 2: A's two presses at 09:xx, B's at 00:10.
    expect(q(['experiencePointId'], { experiencePointIds: [2], hoursOfDay: [9, 0] })).toEqual([
      { experiencePointId: 21, experiencePointName: 'Store A', count: 2 },
      { experiencePointId: 22, experiencePointName: 'Store B', count: 1 },
    ]);
  });

  it('gives the same day totals from the hourly rollup (by hour) as from the daily one (by day)', () => {
    const byHour = q(['hour', 'buttonIndex'], { includeMisuse: true }) as {
      hour: string;
      buttonIndex: number;
      count: number;
    }[];
    const summed = new Map<string, number>();
    for (const r of byHour)
      summed.set(
        `${r.hour.slice(0, 10)}|${r.buttonIndex}`,
        (summed.get(`${r.hour.slice(0, 10)}|${r.buttonIndex}`) ?? 0) + r.count,
      );
    const byDay = q(['day', 'buttonIndex'], { includeMisuse: true }) as {
      day: string;
      buttonIndex: number;
      count: number;
    }[];
    const key = (k: string): [string, number] => [k.slice(0, 10), Number(k.slice(11))];
    const sorted = [...summed].sort(([a], [b]) => {
      const [da, ba] = key(a);
      const [db, bb] = key(b);
      return da === db ? ba - bb : da < db ? -1 : 1;
    });
    expect(byDay.map((r) => [`${r.day}|${r.buttonIndex}`, r.count])).toEqual(sorted);
    expect(q(['day'], { from: '2024-05-01', to: '2024-05-02' })).toEqual([{ day: '2024-05-01', count: 4 }]);
  });

  it('checks the meaning of a spec', () => {
    const spec = (filter: QuerySpec['filter']): QuerySpec => ({ measures: ['count'], groupBy: [], filter });
    const problem = (filter: QuerySpec['filter']): string | null => {
      const checked = checkCommandArgs('analytics:query', spec(filter));
      return checked.ok ? null : checked.message;
    };
    expect(problem({ from: '2024-05-02', to: '2024-05-02' })).toMatch(/before/);
    expect(problem({ from: '2024-02-30' })).toMatch(/not a real date/);
    expect(problem({ from: '2024-02-28', to: '2024-03-01' })).toBeNull();
  });
});

describe('listTree', () => {
  it('lists parents before children', () => {
    expect(listTree(store.db).map((t) => t.experiencePointId)).toEqual([1, 2, 3, 21, 22]);
    expect(listTree(store.db)[0]).toEqual({
      experiencePointId: 1,
      name: 'Company',
      parent: null,
      type: 'GROUP',
    });
  });
});
