// Comment pages from the FTS index (migration 0010: time-ordered ids, facets for spam, misuse and buttons): totals
// and every page, newest first, against a second route — the same comments filtered and sorted in plain TypeScript;
// and a file written before 0010 (ids in arrival order) renumbered by the migration, with the same answers.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TextFeedbackV2 } from '../core/records/v2Feedback.ts';
import type { CommentFilter } from '#shared/contract.ts';
import { defaultMigrationsDir } from '../store/migrate.ts';
import { openStore, type Store } from '../store/db.ts';
import { searchCommentPage } from './comments.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-comments-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const words = ['staff', 'till', 'clean', 'slow', 'friendly'];
/** 240 comments: pseudo-random days, some at the same local millisecond, spam, misuse, every button, two points. */
function comments(): TextFeedbackV2[] {
  let s = 7;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  return Array.from({ length: 240 }, (_, i) => {
    const day = 1 + r(28);
    const minute = i % 10 === 0 ? 0 : r(60); // every tenth at 10:00 of its day: several share a millisecond
    return {
      feedbackId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      smileyId: 1,
      localTime: `2024-02-${String(day).padStart(2, '0')}T10:${String(minute).padStart(2, '0')}:00.000+01:00`,
      surveyId: 1,
      experiencePointId: i % 3 === 0 ? 4 : 3,
      buttonIndex: r(4),
      misuse: r(9) === 0,
      position: 3,
      ui: 'digital',
      text: `${words[r(5)]} and ${words[r(5)]}`,
      maskedText: null,
      rephrasedText: null,
      textInEnglish: r(4) === 0 ? `the ${words[r(5)]}` : null,
      spam: r(8) === 0,
      categories: null,
      themes: null,
    };
  });
}

/**
 * The second route: which comments match `word` ('' : every comment) under `filter`, newest first (same millisecond:
 * later written first).
 */
function expected(all: TextFeedbackV2[], word: string, filter: CommentFilter): string[] {
  const day = (t: TextFeedbackV2): string => t.localTime.slice(0, 10);
  return all
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => word === '' || `${t.text} ${t.textInEnglish ?? ''}`.split(/\W+/).includes(word))
    .filter(({ t }) => (filter.spam === 'include' ? true : filter.spam === 'only' ? t.spam : !t.spam))
    .filter(({ t }) => filter.includeMisuse === true || !t.misuse)
    .filter(({ t }) => !filter.buttonIndexes || filter.buttonIndexes.includes(t.buttonIndex))
    .filter(
      ({ t }) =>
        (filter.from === undefined || day(t) >= filter.from) &&
        (filter.to === undefined || day(t) < filter.to),
    )
    .sort((a, b) => (a.t.localTime < b.t.localTime ? 1 : a.t.localTime > b.t.localTime ? -1 : b.i - a.i))
    .map(({ t }) => t.feedbackId);
}

/** Every page of the search, 9 at a time: the total of each page and the ids in the order served. */
function allPages(store: Store, query: string, filter: CommentFilter): { totals: number[]; ids: string[] } {
  const totals: number[] = [];
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = searchCommentPage(store.db, { query, filter, limit: 9, ...(cursor ? { cursor } : {}) });
    totals.push(page.total);
    ids.push(...page.hits.map((h) => h.feedbackId));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { totals, ids };
}

const filters: CommentFilter[] = [
  {},
  { spam: 'include' },
  { spam: 'only', includeMisuse: true },
  { buttonIndexes: [0, 1] },
  { from: '2024-02-10', to: '2024-02-20' },
  { experiencePointIds: [3], from: '2024-02-05' },
];

function expectSameAnswers(store: Store, all: TextFeedbackV2[]): void {
  // Enough matches for several pages, and for ties at one millisecond.
  expect(expected(all, 'staff', {}).length).toBeGreaterThan(40);
  for (const word of ['staff', 'till', '']) {
    for (const filter of filters) {
      let want = expected(all, word, filter);
      if (filter.experiencePointIds)
        want = want.filter((id) => all.find((t) => t.feedbackId === id)?.experiencePointId === 3);
      const got = allPages(store, word, filter);
      expect(got.ids, `${word} ${JSON.stringify(filter)}`).toEqual(want);
      expect(new Set(got.totals)).toEqual(new Set([want.length]));
    }
  }
}

const tree = [
  { experiencePointId: 1, name: 'root', parent: null, type: 'GROUP' as const },
  { experiencePointId: 3, name: 'a', parent: 1, type: 'EXPERIENCE_POINT' as const },
  { experiencePointId: 4, name: 'b', parent: 1, type: 'EXPERIENCE_POINT' as const },
];

describe('comment pages from the index', () => {
  it('serve every match once, newest first, under each filter, with the total of the second route', () => {
    const store = openStore(join(dir, 'store.sqlite'));
    store.tree.replace(tree);
    const all = comments();
    store.v2Resources.feedbackLists.writePage('text', all);
    expectSameAnswers(store, all);
    // A comment judged spam later leaves the default search (the facets follow the row).
    const staff = expected(all, 'staff', {})[0] ?? '';
    const changed = all.map((t) => (t.feedbackId === staff ? { ...t, spam: true } : t));
    store.v2Resources.feedbackLists.writePage('text', changed);
    expect(allPages(store, 'staff', {}).ids).toEqual(expected(changed, 'staff', {}));
    store.close();
  });

  it('are the same in a file written before migration 0010, whose ids it renumbers in time order', () => {
    const old = join(dir, 'migrations-0009');
    mkdirSync(old);
    for (const f of readdirSync(defaultMigrationsDir).filter((f) => f < '0010'))
      copyFileSync(join(defaultMigrationsDir, f), join(old, f));
    const path = join(dir, 'old.sqlite');
    const before = openStore(path, { migrationsDir: old });
    // The tree as rows (today's tree writer rebuilds rollups from a view that migration 0020 made).
    const node = before.db.prepare('INSERT INTO experience_point VALUES (?, ?, ?, ?)');
    for (const n of tree) node.run(n.experiencePointId, n.name, n.parent, n.type);
    const all = comments();
    // As the old writer did: ids 1, 2, 3, … in arrival order, whatever the comment's time.
    const insert = before.db.prepare(
      `INSERT INTO v2_text_feedback (text_feedback_id, experience_point_id, local_time, feedback_id, position,
         utc_offset_min, survey_id, smiley_id, button_index, misuse, ui, text, text_in_english, spam)
       VALUES (?, ?, ?, ?, 3, 60, 1, 1, ?, ?, 'digital', ?, ?, ?)`,
    );
    all.forEach((t, i) =>
      insert.run(
        i + 1,
        t.experiencePointId,
        Date.parse(`${t.localTime.slice(0, 23)}Z`),
        t.feedbackId,
        t.buttonIndex,
        t.misuse ? 1 : 0,
        t.text,
        t.textInEnglish,
        t.spam ? 1 : 0,
      ),
    );
    before.close();
    const store = openStore(path);
    const rows = store.db
      .prepare('SELECT text_feedback_id AS id, local_time AS t FROM v2_text_feedback ORDER BY id')
      .all() as { id: number; t: number }[];
    // By the rule: each id lies in its millisecond's range, and id order is time order.
    for (const r of rows) expect(Math.floor(r.id / 1024)).toBe(r.t);
    store.db.exec(
      "INSERT INTO v2_text_feedback_fts (v2_text_feedback_fts, rank) VALUES ('integrity-check', 1)",
    );
    expectSameAnswers(store, all);
    store.close();
  });
});
