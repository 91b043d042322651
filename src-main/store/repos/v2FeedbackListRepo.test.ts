// The feedback-list tables: idempotent pages, a later misuse decision updates the row, a window's first page replaces
// the window (whole tree or one subtree), the FTS index follows every change, page and checkpoint atomic.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MetadataV2, TextFeedbackV2 } from '../../core/records/v2Feedback.ts';
import { openStore } from '../db.ts';
import { commentRecords } from '../reads/commentRead.ts';
import type { Store } from '../db.ts';

let store: Store;
beforeEach(() => {
  store = openStore(':memory:');
  // A tree: 1 → (2 → 3), 4
  store.tree.replace([
    { experiencePointId: 1, name: 'root', parent: null, type: 'GROUP' },
    { experiencePointId: 2, name: 'g', parent: 1, type: 'GROUP' },
    { experiencePointId: 3, name: 'p3', parent: 2, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 4, name: 'p4', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
});
afterEach(() => store.close());

let next = 0;
function text(over: Partial<TextFeedbackV2> = {}): TextFeedbackV2 {
  next++;
  return {
    feedbackId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    smileyId: 7,
    localTime: '2024-05-01T10:15:00.000+02:00',
    surveyId: 3,
    experiencePointId: 3,
    buttonIndex: 1,
    misuse: false,
    position: 3,
    ui: 'digital',
    text: 'Die Kasse war ewig besetzt, sehr ärgerlich!',
    maskedText: null,
    rephrasedText: null,
    textInEnglish: 'The till was busy forever, very annoying!',
    spam: false,
    categories: 'Waiting time',
    themes: null,
    ...over,
  };
}

const texts = (): unknown[] =>
  store.db
    .prepare(
      'SELECT experience_point_id, local_time, hex(feedback_id) AS id, misuse, text FROM v2_text_feedback ORDER BY 1, 2, 3',
    )
    .all();
const ftsHits = (q: string): number =>
  (
    store.db
      .prepare('SELECT count(*) AS n FROM v2_text_feedback_fts WHERE v2_text_feedback_fts MATCH ?')
      .get(q) as {
      n: number;
    }
  ).n;
const ftsIntegrity = (): void =>
  void store.db
    .prepare("INSERT INTO v2_text_feedback_fts (v2_text_feedback_fts, rank) VALUES ('integrity-check', 1)")
    .run();

describe('feedback list pages', () => {
  it('writes a page once: the same page again changes nothing', () => {
    const page = [text(), text({ localTime: '2024-05-02T08:00:00.000+02:00' })];
    expect(store.v2Resources.feedbackLists.writePage('text', page).written).toBe(2);
    expect(store.v2Resources.feedbackLists.writePage('text', page).written).toBe(0);
    expect(store.v2Resources.feedbackLists.count('text')).toBe(2);
    expect(ftsHits('argerlich')).toBe(2); // accents folded
    ftsIntegrity();
  });

  it('updates a row whose misuse flag or text changed, and the index with it', () => {
    const first = text();
    store.v2Resources.feedbackLists.writePage('text', [first]);
    const judged = { ...first, misuse: true, text: 'Kasse ok', textInEnglish: 'Till ok' };
    expect(store.v2Resources.feedbackLists.writePage('text', [judged]).written).toBe(1);
    expect(texts()).toEqual([expect.objectContaining({ misuse: 1, text: 'Kasse ok' })]);
    expect(ftsHits('ärgerlich')).toBe(0);
    expect(ftsHits('kasse')).toBe(1);
    ftsIntegrity();
  });

  it("stores a copy equal to the comment's text as one byte and reads every copy back as sent", () => {
    const page = [
      text({
        maskedText: 'Die Kasse war ewig besetzt, sehr ärgerlich!',
        rephrasedText: 'Lange Wartezeit an der Kasse.',
      }),
      text({
        localTime: '2024-05-02T08:00:00.000+02:00',
        rephrasedText: 'Die Kasse war ewig besetzt, sehr ärgerlich!',
      }),
    ];
    store.v2Resources.feedbackLists.writePage('text', page);
    const stored = store.db
      .prepare(
        `SELECT iif(masked_text IS NULL, NULL, hex(masked_text)) AS m, hex(rephrased_text) AS r
         FROM v2_text_feedback ORDER BY local_time`,
      )
      .all();
    const hexOf = (s: string): string => Buffer.from(s).toString('hex').toUpperCase();
    expect(stored).toEqual([
      { m: '80', r: hexOf('Lange Wartezeit an der Kasse.') },
      { m: null, r: '80' },
    ]);
    // A copy stored in full (before migration 0018) reads as itself.
    store.db.exec("UPDATE v2_text_feedback SET masked_text = 'Kasse besetzt' WHERE masked_text IS NULL");
    const read = commentRecords(store.db, { match: 'kasse', limit: 10 })
      .map((r) => [r.local_time, r.masked_text, r.rephrased_text])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(read.map((r) => r.slice(1))).toEqual([
      ['Die Kasse war ewig besetzt, sehr ärgerlich!', 'Lange Wartezeit an der Kasse.'],
      ['Kasse besetzt', 'Die Kasse war ewig besetzt, sehr ärgerlich!'],
    ]);
    expect(store.v2Resources.feedbackLists.writePage('text', [page[0]!]).written).toBe(0);
  });

  it('keeps several metadata rows of one feedback apart, by key', () => {
    const base = { ...text(), key: 'a', value: '1' } satisfies MetadataV2 & TextFeedbackV2;
    const rows: MetadataV2[] = [base, { ...base, key: 'b', value: '2' }];
    expect(store.v2Resources.feedbackLists.writePage('metadata', rows).written).toBe(2);
    expect(store.v2Resources.feedbackLists.writePage('metadata', rows).written).toBe(0);
    expect(store.v2Resources.feedbackLists.count('metadata')).toBe(2);
  });

  it("replaces a window's rows with its first page: only that window, only that subtree", () => {
    const inWindow3 = text({ experiencePointId: 3, localTime: '2024-05-01T23:59:59.999-07:00' });
    const inWindow4 = text({ experiencePointId: 4, localTime: '2024-05-01T00:00:00.000+14:00' });
    const before = text({ experiencePointId: 3, localTime: '2024-04-30T23:59:59.999+02:00' });
    const after = text({ experiencePointId: 3, localTime: '2024-05-02T00:00:00.000+02:00' });
    store.v2Resources.feedbackLists.writePage('text', [inWindow3, inWindow4, before, after]);
    const window = { startDate: '2024-05-01', endDate: '2024-05-02' };
    // Subtree 2 (holding point 3): only point 3's row in the window goes.
    const sub = store.v2Resources.feedbackLists.writePage('text', [], {
      replaceWindow: { ...window, root: 2 },
    });
    expect(sub.deleted).toBe(1);
    expect(store.v2Resources.feedbackLists.count('text')).toBe(3);
    // The whole tree: point 4's row in the window goes too, and a re-fetched row comes back.
    const whole = store.v2Resources.feedbackLists.writePage('text', [inWindow3], {
      replaceWindow: { ...window, root: null },
    });
    expect(whole).toEqual({ written: 1, deleted: 1 });
    expect(texts()).toHaveLength(3);
    expect(ftsHits('ärgerlich')).toBe(3);
    ftsIntegrity();
  });

  it('a page that is the whole window removes only what it lacks and keeps the comments it holds as they were', () => {
    const window = { startDate: '2024-05-01', endDate: '2024-05-02', root: null, whole: true };
    const rows = [1, 2, 3].map((h) => text({ localTime: `2024-05-01T1${h}:00:00.000+02:00` }));
    const outside = text({ localTime: '2024-05-02T09:00:00.000+02:00' });
    store.v2Resources.feedbackLists.writePage('text', [...rows, outside]);
    const ids = (): unknown[] =>
      store.db
        .prepare('SELECT text_feedback_id, hex(feedback_id) FROM v2_text_feedback ORDER BY 1')
        .raw()
        .all();
    const before = ids();
    // The same window again: nothing written or removed, and the comments keep their ids (no delete and re-insert).
    expect(store.v2Resources.feedbackLists.writePage('text', rows, { replaceWindow: window })).toEqual({
      written: 0,
      deleted: 0,
    });
    expect(ids()).toEqual(before);
    // By hand: row 2 gone at the service, row 3 judged spam: one removed, one changed; the row outside stays.
    const now = [rows[0]!, { ...rows[2]!, spam: true }];
    expect(store.v2Resources.feedbackLists.writePage('text', now, { replaceWindow: window })).toEqual({
      written: 1,
      deleted: 1,
    });
    expect(ids()).toEqual([before[0], before[2], before[3]]);
    expect(ftsHits('ärgerlich')).toBe(3);
    ftsIntegrity();
  });

  it('commits the page and its checkpoint together, or neither', () => {
    const bad = { ...text(), buttonIndex: 12 }; // violates the CHECK constraint after a good row
    expect(() =>
      store.v2Resources.feedbackLists.writePage('text', [text(), bad], {
        checkpoint: { stream: 'v2:text-feedbacks', cursor: { offset: 2 } },
      }),
    ).toThrow();
    expect(store.v2Resources.feedbackLists.count('text')).toBe(0);
    expect(store.checkpoints.get('v2:text-feedbacks')).toBeNull();
    store.v2Resources.feedbackLists.writePage('text', [text()], {
      checkpoint: { stream: 'v2:text-feedbacks', cursor: { offset: 1 } },
    });
    expect(store.checkpoints.get('v2:text-feedbacks')).toEqual({ offset: 1 });
  });
});

describe('structure lists', () => {
  it('replace the whole list with its checkpoint; a duplicate key rolls everything back', () => {
    const q = (id: number) => ({
      questionId: id,
      defaultLocale: 'en_US',
      questionTextInDefaultLocale: `Q${id}`,
    });
    const structure = store.v2Resources.structure;
    expect(
      structure.replace('questions', [q(1), q(2)], { stream: 'v2:questions', cursor: { rows: 2 } }),
    ).toBe(2);
    expect(structure.replace('questions', [q(3)])).toBe(1);
    expect(store.db.prepare('SELECT question_id FROM v2_question').pluck().all()).toEqual([3]);
    expect(() =>
      structure.replace('questions', [q(4), q(4)], { stream: 'v2:questions', cursor: { rows: 9 } }),
    ).toThrow(/UNIQUE/);
    expect(store.db.prepare('SELECT question_id FROM v2_question').pluck().all()).toEqual([3]);
    expect(store.checkpoints.get('v2:questions')).toEqual({ rows: 2 });
  });

  it('store surveys with the points running them, both ways', () => {
    const survey = {
      surveyId: 9,
      questionId: 1,
      defaultLocale: 'de_DE',
      questionTextInDefaultLocale: null,
      surveyType: 'CUSTOMER',
      feedbackScale: 'four',
      indexType: 'HAPPY',
      state: 'active',
    };
    store.v2Resources.structure.replaceSurveys([survey], new Map([[9, [3, 4, 3]]]));
    expect(store.v2Resources.structure.count('surveyExperiencePoints')).toBe(2);
    expect(
      store.db
        .prepare('SELECT survey_id FROM v2_survey_experience_point WHERE experience_point_id = 4')
        .pluck()
        .all(),
    ).toEqual([9]);
  });
});
