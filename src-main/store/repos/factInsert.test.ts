// The packed fact insert: every column of every row stored as the record says, across chunk boundaries, with rows
// the packed form cannot carry (a text id, a ui outside the three codes) among them; into the facts and the stage.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import { openStore } from '../db.ts';
import type { Store } from '../db.ts';
import { feedbackKey } from './buttonFeedbackRepo.ts';
import { createBatchBuilder } from './batchGathering.ts';
import { factColumns } from './factInsert.ts';
import { uiOf } from './uiCode.ts';

let store: Store;
beforeEach(() => {
  store = openStore(':memory:');
});
afterEach(() => store.close());

const offsets = [-720, -570, 0, 60, 345, 840];
const uis = [null, 'physical', 'touchless', 'digital'];

/** Record `i` of `n`: every column varies; ids, ui and position take their unusual forms at a few rows. */
function record(i: number, n: number): ButtonFeedbackV2 {
  const offset = offsets[i % offsets.length] ?? 0;
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  const minute = String(i % 60).padStart(2, '0');
  const hour = String(Math.floor(i / 60) % 24).padStart(2, '0');
  return {
    feedbackId:
      i === 70 || i === n - 1 ? `legacy-${i}` : `0000abcd-0000-4000-8000-${String(i).padStart(12, '0')}`,
    smileyId: 100 + (i % 7),
    localTime: `2024-05-01T${hour}:${minute}:00.000${sign}${hh}:${mm}`,
    surveyId: 3 + (i % 2),
    experiencePointId: 11,
    buttonIndex: i % 11,
    misuse: i % 5 === 0,
    smileyType: 'SMILEY_TERMINAL',
    // Mostly what the packed form carries (absent, 0, up to 2^21 - 2); a negative one and a huge one go alone.
    position: i === 33 ? -5 : i === 150 ? 2147483647 : i % 3 === 0 ? null : i % 3 === 1 ? 0 : 2 ** 21 - 2 - i,
    ui: i === 100 ? 'link' : (uis[i % uis.length] ?? null),
  };
}

/** What the store must hold for a record, computed from the record itself (not through the batch). */
function expected(f: ButtonFeedbackV2): unknown[] {
  const m = /^(\d+)-(\d+)-(\d+)T(\d+):(\d+):00\.000([+-])(\d+):(\d+)$/.exec(f.localTime) ?? [];
  const [y, mo, d, h, mi, sign, oh, om] = m.slice(1).map((x) => (x === '-' ? -1 : x === '+' ? 1 : Number(x)));
  const key = feedbackKey(f.feedbackId);
  return [
    f.experiencePointId,
    Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi),
    typeof key === 'string' ? key : [...key],
    (sign ?? 1) * ((oh ?? 0) * 60 + (om ?? 0)),
    f.surveyId,
    f.smileyId,
    f.buttonIndex,
    f.misuse ? 1 : 0,
    f.position,
    f.ui,
  ];
}

const stored = (table: string, where = ''): unknown[][] =>
  (
    store.db
      .prepare(
        `SELECT ${factColumns.replace(/\bui\b/, `${uiOf('ui')} AS ui`)} FROM ${table} ${where} ORDER BY local_time`,
      )
      .raw()
      .all() as unknown[][]
  ).map((r) => r.map((v) => (Buffer.isBuffer(v) ? [...v] : v)));

describe('packed fact insert', () => {
  // 203 rows: chunks of 64 and their tails in powers of two, broken by the rows that go alone: positions at 33 and
  // 150, a text id at 70 and at the end, 'link' at 100.
  const n = 203;
  const records = Array.from({ length: n }, (_, i) => record(i, n));
  const batchOf = (items: ButtonFeedbackV2[]) => {
    const b = createBatchBuilder();
    b.add(items);
    return b.build();
  };

  it('stores every column of every row as the record says', () => {
    expect(store.buttonFeedback.append(batchOf(records)).inserted).toBe(n);
    expect(stored('v2_button_feedback')).toEqual(records.map(expected));
    // The three codes are one byte each (migration 0016); other values stay text.
    expect(
      store.db
        .prepare('SELECT count(*) FROM v2_button_feedback WHERE length(CAST(ui AS BLOB)) = 1')
        .pluck()
        .get(),
    ).toBe(records.filter((f) => f.ui !== null && f.ui !== 'link').length);
  });

  it('stages every column of every row as the record says', () => {
    store.buttonFeedback.stage('s', batchOf(records));
    expect(stored('v2_button_feedback_stage', "WHERE stream = 's'")).toEqual(records.map(expected));
  });

  it('counts only the rows not stored yet', () => {
    store.buttonFeedback.append(batchOf(records.filter((_, i) => i % 2 === 0)));
    expect(store.buttonFeedback.append(batchOf(records)).inserted).toBe(Math.floor(n / 2));
    expect(stored('v2_button_feedback')).toEqual(records.map(expected));
  });
});
