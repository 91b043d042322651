// listScales and the scale filter on a store synced through v1 alone: every v1 survey is four-button.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { V1RawResult } from '../core/records/v1.ts';
import { openStore } from '../store/db.ts';
import type { Store } from '../store/db.ts';
import { runQuery } from './query.ts';
import { listScales } from './scales.ts';

let store: Store;
const press = (ts: string, r: number): V1RawResult => ({ kind: 'press', ts, r, followUp: null, text: null });
const day = (d: string): number => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

// Folders: 1 (root) → 21 (store with survey 70); 1 → 3 (store with survey 80).
beforeEach(() => {
  store = openStore(':memory:');
  const survey = (key: number, question: number, name: string) => ({
    key,
    question: { key: question, name, locale: 'en' },
    folder: null,
    timeZone: 'Europe/Berlin',
    activePeriods: [],
    surveyType: 'TERMINAL' as const,
  });
  store.v1.structure.replaceStructure(
    [
      { key: 1, name: 'Company', parentKey: null, depth: 0, surveys: [] },
      { key: 21, name: 'Store A', parentKey: 1, depth: 1, surveys: [survey(70, 5, 'Service?')] },
      { key: 3, name: 'Store C', parentKey: 1, depth: 1, surveys: [survey(80, 6, 'Checkout <ok>?')] },
    ],
    [{ key: 5, name: 'Service?', locale: 'en' }],
  );
  const window = (surveyKey: number, folderKey: number) => ({
    surveyKey,
    folderKey,
    fromUtc: Date.parse('2024-04-30T22:00:00Z'),
    toUtc: Date.parse('2024-05-02T22:00:00Z'),
    fromDay: day('2024-05-01'),
    toDay: day('2024-05-03'),
  });
  // Summed results (misuse-free): survey 70 has 1 + 2 presses on 1 May, survey 80 one on 2 May.
  store.v1.presses.stageRawResults([press('2024-05-01T09:00:00.000+02:00', 0)]);
  store.v1.presses.replaceWindow(
    window(70, 21),
    [{ ts: '2024-05-01T00:00:00.000+02:00', data: [1, 0, 0, 2] }],
    {
      stream: 'v1:survey:70',
      cursor: {},
    },
  );
  store.v1.presses.stageRawResults([press('2024-05-02T12:00:00.000+02:00', 1)]);
  store.v1.presses.replaceWindow(
    window(80, 3),
    [{ ts: '2024-05-02T00:00:00.000+02:00', data: [0, 1, 0, 0] }],
    {
      stream: 'v1:survey:80',
      cursor: {},
    },
  );
});
afterEach(() => store.close());

describe('scales of a v1-only store', () => {
  it('lists every survey as four-button, named by its v1 question', () => {
    // The summed results by hand: 70 has 1 + 2 presses, 80 has 1.
    expect(listScales(store.db)).toEqual({
      scales: [
        {
          scale: 'four',
          presses: 4,
          surveys: [
            { surveyId: 70, name: 'Service?', presses: 3 },
            { surveyId: 80, name: 'Checkout <ok>?', presses: 1 },
          ],
        },
      ],
      unknown: [],
    });
    expect(listScales(store.db, [3]).scales.map((s) => [s.scale, s.presses])).toEqual([['four', 1]]);
  });

  it('counts everything for the four-button scale and nothing for the others', () => {
    const count = (scale: 'four' | 'nps') =>
      runQuery(store.db, { measures: ['count'], groupBy: [], filter: { scale } });
    expect(count('four')).toEqual([{ count: 4 }]);
    expect(count('nps')).toEqual([{ count: 0 }]);
    expect(runQuery(store.db, { measures: ['count'], groupBy: ['hour'], filter: { scale: 'five' } })).toEqual(
      [],
    );
  });
});
