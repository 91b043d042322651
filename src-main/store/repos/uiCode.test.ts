// The compact `ui` of the facts (migration 0016): every value the service may send reads back as sent, from rows
// written through the repository and from rows stored before the migration (the full text in `ui_text`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../db.ts';
import type { Store } from '../db.ts';
import { rollBackSql } from './testing/rollBack.ts';
import { encodeUi } from './uiCode.ts';

let store: Store;
beforeEach(() => {
  store = openStore(':memory:');
});
afterEach(() => store.close());

// The three values the service sends, no value, and values that look like codes.
const values = ['physical', 'touchless', 'digital', null, '', 't', 'd', '~', '~t', '~~x', 'p', 'kiosk'];

describe('the stored ui of a press', () => {
  it('reads back every value as sent, the three common ones in at most one byte', () => {
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
      .prepare('SELECT ui, length(ui_code) AS bytes FROM v2_button_feedback ORDER BY local_time')
      .all() as { ui: string | null; bytes: number | null }[];
    expect(rows.map((r) => r.ui)).toEqual(values);
    expect(rows.slice(0, 3).map((r) => r.bytes)).toEqual([0, 1, 1]);
  });

  it('reads the full text of rows stored before migration 0016 as it was, values that look like codes included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-ui-'));
    try {
      const path = join(dir, 'store.sqlite');
      const before = openStore(path);
      before.db.exec(rollBackSql(16));
      const insert = before.db.prepare(
        `INSERT INTO v2_button_feedback (experience_point_id, local_time, feedback_id, utc_offset_min, survey_id,
           smiley_id, button_index, misuse, position, ui) VALUES (11, ?, x'00', 120, 3, 7, 2, 0, NULL, ?)`,
      );
      values.forEach((ui, i) => insert.run(i, ui));
      before.close();
      const after = openStore(path);
      const read = after.db.prepare('SELECT ui FROM v2_button_feedback ORDER BY local_time').pluck().all();
      after.close();
      expect(read).toEqual(values);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(new Set(values.map((v) => JSON.stringify(encodeUi(v)))).size).toBe(values.length);
  });
});
