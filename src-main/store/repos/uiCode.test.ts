// The compact `ui` of stored feedbacks (migration 0016): every value the service may send reads back as sent, from
// rows written through the repositories and from rows stored before the migration (the text itself).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../db.ts';
import type { Store } from '../db.ts';
import { uiOf } from './uiCode.ts';

let store: Store;
beforeEach(() => {
  store = openStore(':memory:');
});
afterEach(() => store.close());

// The three values the service sends, no value, an empty one, text that decodes to a replacement character, others.
const values = ['physical', 'touchless', 'digital', null, '', '\uFFFD', 'p', 'kiosk'];

describe('the stored ui of a press', () => {
  it('reads back every value as sent, the three common ones in one byte', () => {
    store.buttonFeedback.writePage(
      values.map((ui, i) => ({
        feedbackId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        smileyId: 7,
        localTime: `2024-05-01T10:${String(i).padStart(2, '0')}:00.000+02:00`,
        surveyId: 3,
        experiencePointId: 11,
        buttonIndex: 2,
        misuse: false,
        smileyType: 'SMILEY_TERMINAL',
        position: 0,
        ui,
      })),
    );
    const rows = store.db
      .prepare(
        `SELECT ${uiOf('ui')} AS ui, length(CAST(ui AS BLOB)) AS bytes FROM v2_button_feedback ORDER BY local_time`,
      )
      .all() as { ui: string | null; bytes: number | null }[];
    expect(rows.map((r) => r.ui)).toEqual(values);
    expect(rows.slice(0, 3).map((r) => r.bytes)).toEqual([1, 1, 1]);
  });

  it('reads a value stored before migration 0016 (any valid text) as itself', () => {
    const read = store.db.prepare(`SELECT ${uiOf('ui')} FROM (SELECT ? AS ui)`).pluck();
    for (const v of values) expect(read.get(v)).toBe(v);
  });
});
