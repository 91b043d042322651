// v1 window replacement on a real SQLite file: identical items stay distinct, hourly sums by their counts, split
// texts not counted, local fields from each timestamp's own offset, rollups = a recount, checkpoint atomic.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { V1RawResult } from '../../core/records/v1.ts';
import { openStore } from '../db.ts';
import type { Store } from '../db.ts';
import type { V1Window } from './v1PressRepo.ts';
import { v1SurveyStream } from './v1StructureRepo.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-v1-repo-'));
  store = openStore(join(dir, 'store.sqlite'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const press = (ts: string, r: number, f?: number): V1RawResult => ({
  kind: 'press',
  ts,
  r,
  followUp: f === undefined ? null : { key: f, name: `option ${f}` },
  text: null,
});
// Berlin, the night summer time ends (2024-10-27): 02:30 happens twice, at +02:00 and then at +01:00.
const window: V1Window = {
  surveyKey: 7,
  folderKey: 3,
  fromUtc: Date.parse('2024-10-26T22:00:00Z'), // local midnight of the 27th (+02:00)
  toUtc: Date.parse('2024-10-27T23:00:00Z'), // local midnight of the 28th (+01:00)
  fromDay: Date.UTC(2024, 9, 27) / 86_400_000,
  toDay: Date.UTC(2024, 9, 28) / 86_400_000,
};
const items: V1RawResult[] = [
  press('2024-10-27T02:30:00.000+02:00', 1),
  press('2024-10-27T02:30:00.000+02:00', 1), // batched: an identical-looking item is another press
  press('2024-10-27T02:30:00.000+01:00', 3, 44), // the repeated hour, an hour later in UTC
  { kind: 'text', ts: '2024-10-27T02:30:00.000+01:00', r: 3, text: 'split form: not a press' },
  { kind: 'hourly', ts: '2024-10-27T10:00:00.000+01:00', counts: [2, 0, 5, 1] },
  press('2024-10-28T00:00:00.000+01:00', 0), // the next window's first instant: not this window's
];
const checkpoint = (done: string) => ({ stream: v1SurveyStream(7), cursor: { v: 1, done } });

function recount(table: 'hourly' | 'daily'): unknown[] {
  const unit = table === 'hourly' ? 3_600_000 : 86_400_000;
  return store.db
    .prepare(
      `SELECT local_time / ${unit} AS b, sum(CASE button_index WHEN 0 THEN presses ELSE 0 END) AS n0,
         sum(CASE button_index WHEN 1 THEN presses ELSE 0 END) AS n1, sum(CASE button_index WHEN 2 THEN presses ELSE 0 END) AS n2,
         sum(CASE button_index WHEN 3 THEN presses ELSE 0 END) AS n3 FROM v1_press GROUP BY b ORDER BY b`,
    )
    .all();
}
const rollup = (table: 'hourly' | 'daily'): unknown[] =>
  store.db
    .prepare(
      `SELECT local_${table === 'hourly' ? 'hour' : 'day'} AS b, n0, n1, n2, n3 FROM v1_press_rollup_${table} ORDER BY b`,
    )
    .all();

describe('v1 window replacement', () => {
  it('stores presses once each, with local fields from their own offsets', () => {
    store.v1.presses.stageRawResults(items);
    const result = store.v1.presses.replaceWindow(window, [], checkpoint('2024-10-28'));
    // By hand: 1 + 1 + 1 single presses and 2 + 5 + 1 from the hourly sum; the text item and the press of the
    // next day are not counted here.
    expect(result.presses).toBe(11);
    const rows = store.db
      .prepare(
        'SELECT seq, utc_offset_min AS o, button_index AS b, presses AS n, hourly_sum AS h, followup_key AS f, local_day AS d, local_hour AS hr, local_weekday AS wd FROM v1_press ORDER BY utc_time, seq',
      )
      .all();
    expect(rows).toEqual([
      { seq: 0, o: 120, b: 1, n: 1, h: 0, f: null, d: '2024-10-27', hr: 2, wd: 7 },
      { seq: 1, o: 120, b: 1, n: 1, h: 0, f: null, d: '2024-10-27', hr: 2, wd: 7 },
      { seq: 0, o: 60, b: 3, n: 1, h: 0, f: 44, d: '2024-10-27', hr: 2, wd: 7 },
      { seq: 0, o: 60, b: 0, n: 2, h: 1, f: null, d: '2024-10-27', hr: 10, wd: 7 },
      { seq: 1, o: 60, b: 2, n: 5, h: 1, f: null, d: '2024-10-27', hr: 10, wd: 7 },
      { seq: 2, o: 60, b: 3, n: 1, h: 1, f: null, d: '2024-10-27', hr: 10, wd: 7 },
    ]);
    expect(rollup('hourly')).toEqual(recount('hourly'));
    expect(rollup('daily')).toEqual(recount('daily'));
    expect(store.v1.presses.totalPresses()).toBe(11);
    expect(store.db.prepare('SELECT name FROM v1_followup_option').pluck().all()).toEqual(['option 44']);
    expect(store.checkpoints.get(v1SurveyStream(7))).toEqual({ v: 1, done: '2024-10-28' });
  });

  it('replaces the window on a second fetch instead of adding to it, and keeps other windows', () => {
    store.v1.presses.stageRawResults(items);
    store.v1.presses.replaceWindow(window, [], checkpoint('2024-10-28'));
    const next: V1Window = {
      ...window,
      fromUtc: window.toUtc,
      toUtc: window.toUtc + 86_400_000,
      fromDay: window.toDay,
      toDay: window.toDay + 1,
    };
    store.v1.presses.stageRawResults([press('2024-10-28T00:00:00.000+01:00', 0)]);
    store.v1.presses.replaceWindow(next, [], checkpoint('2024-10-29'));
    // The first window again, now with one press fewer (the service's answer changed: a late correction).
    store.v1.presses.stageRawResults(items.slice(1));
    store.v1.presses.replaceWindow(window, [], checkpoint('2024-10-29'));
    expect(store.v1.presses.totalPresses()).toBe(10 + 1);
    expect(rollup('hourly')).toEqual(recount('hourly'));
    expect(rollup('daily')).toEqual(recount('daily'));
  });

  it('commits nothing when the transaction fails, the checkpoint included', () => {
    store.v1.presses.stageRawResults(items);
    store.v1.presses.replaceWindow(window, [], checkpoint('2024-10-28'));
    const before = store.db.prepare('SELECT * FROM v1_press ORDER BY 1, 2, 3').all();
    store.v1.presses.stageRawResults([press('2024-10-27T12:00:00.000+01:00', 2)]);
    // A cursor JSON cannot hold makes the checkpoint write — the transaction's last step — throw.
    const bad = { stream: v1SurveyStream(7), cursor: { done: 1n } };
    expect(() => store.v1.presses.replaceWindow(window, [], bad)).toThrow();
    expect(store.db.prepare('SELECT * FROM v1_press ORDER BY 1, 2, 3').all()).toEqual(before);
    expect(store.checkpoints.get(v1SurveyStream(7))).toEqual({ v: 1, done: '2024-10-28' });
    // …and the failed window's staging is gone: the next window does not inherit it.
    store.v1.presses.replaceWindow(window, [], checkpoint('2024-10-28'));
    expect(store.v1.presses.totalPresses()).toBe(0);
  });

  it('replaces summed results by local day and indexes open feedback for search', () => {
    store.v1.presses.stageOpenFeedback([
      {
        ts: '2024-10-27T09:00:00.000+01:00',
        r: 0,
        relevance: 0.8,
        spam: false,
        followUp: null,
        text: 'Kasse ärgerlich langsam',
      },
      {
        ts: '2024-10-27T09:00:00.000+01:00',
        r: 0,
        relevance: 0.8,
        spam: false,
        followUp: null,
        text: 'Kasse ärgerlich langsam',
      },
    ]);
    const summed = [
      { ts: '2024-10-27T00:00:00.000+02:00', data: [1, 2, 3, 4] },
      { ts: '2024-10-28T00:00:00.000+01:00', data: [9, 9, 9, 9] }, // outside the window's days: ignored
    ];
    const result = store.v1.presses.replaceWindow(window, summed, checkpoint('2024-10-28'));
    expect(result.openFeedback).toBe(2);
    expect(store.db.prepare('SELECT local_day, n0, n1, n2, n3 FROM v1_summed_result').all()).toEqual([
      { local_day: window.fromDay, n0: 1, n1: 2, n2: 3, n3: 4 },
    ]);
    const match = store.db
      .prepare("SELECT count(*) FROM v1_open_feedback_fts WHERE v1_open_feedback_fts MATCH 'argerlich'")
      .pluck()
      .get();
    expect(match).toBe(2);
    store.v1.presses.replaceWindow(window, [], checkpoint('2024-10-28'));
    expect(
      store.db
        .prepare("SELECT count(*) FROM v1_open_feedback_fts WHERE v1_open_feedback_fts MATCH 'kasse'")
        .pluck()
        .get(),
    ).toBe(0);
    store.db.exec("INSERT INTO v1_open_feedback_fts (v1_open_feedback_fts) VALUES ('integrity-check')");
    expect(store.db.prepare('SELECT count(*) FROM v1_summed_result').pluck().get()).toBe(0);
  });
});

describe('v1 structure replacement', () => {
  const survey = (key: number) => ({
    key,
    question: { key: 1, name: 'Q', locale: 'en' },
    folder: null,
    timeZone: 'Europe/Berlin',
    activePeriods: [{ start: '2024-01-01T00:00:00.000+01:00', end: '2025-01-01T00:00:00.000+01:00' }],
    surveyType: 'TERMINAL' as const,
  });
  it('moves a survey’s rollups with it and deletes what belonged to a survey that is gone', () => {
    const tree = (a: number[], b: number[]) => [
      { key: 1, name: 'root', parentKey: null, depth: 0, surveys: [] },
      { key: 2, name: 'a', parentKey: 1, depth: 1, surveys: a.map(survey) },
      { key: 3, name: 'b', parentKey: 1, depth: 1, surveys: b.map(survey) },
    ];
    store.v1.structure.replaceStructure(tree([], [7, 8]), []);
    store.v1.presses.stageRawResults(items);
    store.v1.presses.replaceWindow(window, [], checkpoint('2024-10-28'));
    store.v1.presses.stageRawResults(items);
    store.v1.presses.replaceWindow({ ...window, surveyKey: 8 }, [], {
      stream: v1SurveyStream(8),
      cursor: {},
    });
    const removed = store.v1.structure.replaceStructure(tree([7], []), [
      { key: 5, name: 'other', locale: 'de' },
    ]);
    expect(removed).toEqual({ removedSurveys: 1 });
    expect(
      store.db.prepare('SELECT DISTINCT folder_key, survey_key FROM v1_press_rollup_daily').all(),
    ).toEqual([{ folder_key: 2, survey_key: 7 }]);
    expect(store.db.prepare('SELECT count(*) FROM v1_press WHERE survey_key = 8').pluck().get()).toBe(0);
    expect(store.checkpoints.get(v1SurveyStream(8))).toBeNull();
    expect(store.v1.structure.counts()).toEqual({ folders: 3, surveys: 1, questions: 2, alerts: 0 });
    expect(store.v1.structure.surveys()).toEqual([
      {
        surveyKey: 7,
        folderKey: 2,
        timeZone: 'Europe/Berlin',
        periods: [
          { startUtc: Date.parse('2023-12-31T23:00:00Z'), endUtc: Date.parse('2024-12-31T23:00:00Z') },
        ],
      },
    ]);
  });
});
