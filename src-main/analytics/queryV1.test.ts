// runQuery and listTree on a store synced through v1 alone (the v1 views), and v2 taking over once it has presses.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuerySpec } from '#shared/contract.ts';
import type { V1RawResult } from '../core/records/v1.ts';
import { openStore } from '../store/db.ts';
import type { Store } from '../store/db.ts';
import { listTree, pressOrigin, runQuery } from './query.ts';

let store: Store;
const press = (ts: string, r: number): V1RawResult => ({ kind: 'press', ts, r, followUp: null, text: null });
const survey = (key: number) => ({
  key,
  question: { key: 1, name: 'Q', locale: 'en' },
  folder: null,
  timeZone: 'Europe/Berlin',
  activePeriods: [],
  surveyType: 'TERMINAL' as const,
});
const day = (d: string): number => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

// Folders: 1 (root) → 2 (region) → 21 (store, survey 70); 1 → 3 (store, survey 80).
beforeEach(() => {
  store = openStore(':memory:');
  store.v1.structure.replaceStructure(
    [
      { key: 1, name: 'Company', parentKey: null, depth: 0, surveys: [] },
      { key: 2, name: 'North', parentKey: 1, depth: 1, surveys: [] },
      { key: 21, name: 'Store A', parentKey: 2, depth: 2, surveys: [survey(70)] },
      { key: 3, name: 'Store C', parentKey: 1, depth: 1, surveys: [survey(80)] },
    ],
    [],
  );
  const window = (surveyKey: number, folderKey: number) => ({
    surveyKey,
    folderKey,
    fromUtc: Date.parse('2024-04-30T22:00:00Z'),
    toUtc: Date.parse('2024-05-02T22:00:00Z'),
    fromDay: day('2024-05-01'),
    toDay: day('2024-05-03'),
  });
  // Survey 70: five raw presses on 1 May (two of them misuse, judging by the summed results), one on 2 May.
  store.v1.presses.stageRawResults([
    press('2024-05-01T09:00:00.000+02:00', 0),
    press('2024-05-01T09:10:00.000+02:00', 0),
    press('2024-05-01T09:10:00.000+02:00', 0),
    press('2024-05-01T10:00:00.000+02:00', 3),
    { kind: 'hourly', ts: '2024-05-01T11:00:00.000+02:00', counts: [0, 0, 0, 1] },
    press('2024-05-02T08:00:00.000+02:00', 2),
  ]);
  store.v1.presses.replaceWindow(
    window(70, 21),
    [
      { ts: '2024-05-01T00:00:00.000+02:00', data: [1, 0, 0, 2] },
      { ts: '2024-05-02T00:00:00.000+02:00', data: [0, 0, 1, 0] },
    ],
    { stream: 'v1:survey:70', cursor: {} },
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

const q = (groupBy: QuerySpec['groupBy'], filter: QuerySpec['filter'] = {}): unknown =>
  runQuery(store.db, { measures: ['count'], groupBy, filter });

describe('analytics on v1 data', () => {
  it('reads the v1 views: summed results without misuse, every raw press with it', () => {
    expect(pressOrigin(store.db)).toBe('v1');
    expect(q(['day', 'buttonIndex'])).toEqual([
      { day: '2024-05-01', buttonIndex: 0, count: 1 },
      { day: '2024-05-01', buttonIndex: 3, count: 2 },
      { day: '2024-05-02', buttonIndex: 1, count: 1 },
      { day: '2024-05-02', buttonIndex: 2, count: 1 },
    ]);
    expect(q(['day', 'buttonIndex'], { includeMisuse: true })).toEqual([
      { day: '2024-05-01', buttonIndex: 0, count: 3 },
      { day: '2024-05-01', buttonIndex: 3, count: 2 },
      { day: '2024-05-02', buttonIndex: 1, count: 1 },
      { day: '2024-05-02', buttonIndex: 2, count: 1 },
    ]);
    // By hour there is no misuse mark in v1: every press counts either way.
    expect(q(['hour'], { surveyIds: [70] })).toEqual([
      { hour: '2024-05-01T09', count: 3 },
      { hour: '2024-05-01T10', count: 1 },
      { hour: '2024-05-01T11', count: 1 },
      { hour: '2024-05-02T08', count: 1 },
    ]);
  });

  it('filters subtrees through the v1 folders and lists them as the tree', () => {
    expect(q(['experiencePointId'], { experiencePointIds: [2], includeMisuse: true })).toEqual([
      { experiencePointId: 21, experiencePointName: 'Store A', count: 6 },
    ]);
    expect(q([], { experiencePointIds: [1], from: '2024-05-02' })).toEqual([{ count: 2 }]);
    expect(listTree(store.db).map((t) => [t.experiencePointId, t.parent, t.type])).toEqual([
      [1, null, 'GROUP'],
      [2, 1, 'GROUP'],
      [3, 1, 'EXPERIENCE_POINT'],
      [21, 2, 'EXPERIENCE_POINT'],
    ]);
  });

  it('reads v2 only once the store holds v2 presses (a company is never counted twice)', () => {
    store.buttonFeedback.writePage([
      {
        feedbackId: '00000000-0000-4000-8000-000000000001',
        smileyId: 1,
        localTime: '2024-05-01T09:00:00.000+02:00',
        surveyId: 9,
        experiencePointId: 21,
        buttonIndex: 2,
        misuse: false,
        smileyType: 'SMILEY_TERMINAL',
        position: 1,
        ui: 'physical',
      },
    ]);
    expect(pressOrigin(store.db)).toBe('v2');
    expect(q([], { includeMisuse: true })).toEqual([{ count: 1 }]);
  });
});
