// Comment counts by category and theme (facet rows, migration 0012) and the best-match-first order's pages, each
// against a second, simpler route: plain SQL over v2_text_feedback (the labels split in SQL, the filters as plain
// conditions), and FTS5's own ORDER BY rank over the query alone with the filters applied to that list afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TextFeedbackV2 } from '../core/records/v2Feedback.ts';
import type { CommentCounts, CommentFilter } from '#shared/contract.ts';
import { openStore, type Store } from '../store/db.ts';
import { countComments, searchCommentPage } from './comments.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-comment-counts-'));
  store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace(tree);
  // Survey 1 asked in German, 2 in English (the language filter reads the default locale's language part).
  store.db.exec(`INSERT INTO v2_survey VALUES (1, 1, 'de_DE', 'Wie?', 'SMILEY', 'FOUR', 'HAPPY', 'ACTIVE'),
    (2, 2, 'en', 'How?', 'SMILEY', 'NPS', 'NPS', 'ACTIVE')`);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** root 1 → group 2 (points 3, 4), group 5 (point 6), point 7. */
const tree = [
  { experiencePointId: 1, name: 'root', parent: null, type: 'GROUP' as const },
  { experiencePointId: 2, name: 'north', parent: 1, type: 'GROUP' as const },
  { experiencePointId: 3, name: 'a', parent: 2, type: 'EXPERIENCE_POINT' as const },
  { experiencePointId: 4, name: 'b', parent: 2, type: 'EXPERIENCE_POINT' as const },
  { experiencePointId: 5, name: 'south', parent: 1, type: 'GROUP' as const },
  { experiencePointId: 6, name: 'c', parent: 5, type: 'EXPERIENCE_POINT' as const },
  { experiencePointId: 7, name: 'd', parent: 1, type: 'EXPERIENCE_POINT' as const },
];

const words = ['staff', 'till', 'clean', 'slow', 'friendly', 'queue'];
const categoryLists = [null, '', 'Staff', 'Staff,Waiting time', 'Staff, Cleanliness', 'Price', 'Staff,Staff'];
const themeLists = [null, 'Friendliness', 'Friendliness,Speed', 'Hygiene', '', 'Speed, Value'];
/** Local wall-clock times around the 2024 DST changes in Europe (31 March, 27 October) and ordinary days. */
const times = [
  '2024-03-30T23:59:59.999+01:00',
  '2024-03-31T00:00:00.000+01:00',
  '2024-03-31T01:59:00.000+01:00',
  '2024-03-31T03:00:00.000+02:00',
  '2024-03-31T23:59:59.999+02:00',
  '2024-04-01T00:00:00.000+02:00',
  '2024-10-26T23:59:00.000+02:00',
  '2024-10-27T02:30:00.000+02:00', // the hour that happens twice: the same wall-clock time …
  '2024-10-27T02:30:00.000+01:00', // … an hour later
  '2024-10-27T23:59:59.999+01:00',
  '2024-10-28T00:00:00.000+01:00',
  '2024-06-15T12:00:00.000+02:00',
];

/** 300 comments: every time above many times over, pseudo-random words, labels, points, surveys, buttons, flags. */
function comments(): TextFeedbackV2[] {
  let s = 11;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  const points = [3, 4, 6, 7];
  return Array.from({ length: 300 }, (_, i) => {
    const surveyId = 1 + r(2);
    return {
      feedbackId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      smileyId: 1,
      localTime: times[i % times.length] ?? '',
      surveyId,
      experiencePointId: points[r(4)] ?? 3,
      buttonIndex: r(surveyId === 1 ? 4 : 11),
      misuse: r(9) === 0,
      position: 3,
      ui: 'digital',
      // Words separated by single spaces, so the second route can find a word with instr().
      text: Array.from({ length: 1 + r(4) }, () => words[r(words.length)]).join(' '),
      maskedText: null,
      rephrasedText: null,
      textInEnglish: r(3) === 0 ? `the ${words[r(words.length)]}` : null,
      spam: r(7) === 0,
      categories: categoryLists[r(categoryLists.length)] ?? null,
      themes: themeLists[r(themeLists.length)] ?? null,
    };
  });
}

/** The second route: the ids of the comments `word` ('' = all) and `filter` select, by plain SQL over the rows. */
function selectedSql(filter: CommentFilter, word: string): { sql: string; params: Record<string, unknown> } {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  if (word) {
    params.word = ` ${word} `;
    where.push(
      `(instr(' ' || t.text || ' ', @word) > 0 OR instr(' ' || coalesce(t.text_in_english, '') || ' ', @word) > 0)`,
    );
  }
  const spam = filter.spam ?? 'exclude';
  if (spam !== 'include') where.push(`t.spam = ${spam === 'only' ? 1 : 0}`);
  if (!filter.includeMisuse) where.push('t.misuse = 0');
  const list = (key: string, value: unknown[] | undefined, column: string): void => {
    if (!value) return;
    params[key] = JSON.stringify(value);
    where.push(`${column} IN (SELECT value FROM json_each(@${key}))`);
  };
  list('buttons', filter.buttonIndexes, 't.button_index');
  list('surveys', filter.surveyIds, 't.survey_id');
  list(
    'languages',
    filter.languages,
    '(SELECT substr(default_locale, 1, 2) FROM v2_survey v WHERE v.survey_id = t.survey_id)',
  );
  if (filter.experiencePointIds) {
    params.roots = JSON.stringify(filter.experiencePointIds);
    where.push(`t.experience_point_id IN (WITH RECURSIVE sub(id) AS (SELECT value FROM json_each(@roots)
      UNION SELECT e.experience_point_id FROM experience_point e JOIN sub ON e.parent_id = sub.id) SELECT id FROM sub)`);
  }
  // Local dates: wall-clock ms from midnight of `from` (as UTC, which local_time is written as) to midnight of `to`.
  if (filter.from) where.push(`t.local_time >= unixepoch('${filter.from}') * 1000`);
  if (filter.to) where.push(`t.local_time < unixepoch('${filter.to}') * 1000`);
  for (const key of ['categories', 'themes'] as const) {
    if (!filter[key]) continue;
    params[key] = JSON.stringify(filter[key]);
    where.push(
      `EXISTS (SELECT 1 FROM ${labelsOf(`t.${key}`)} l WHERE trim(l.value) IN (SELECT value FROM json_each(@${key})))`,
    );
  }
  return {
    sql: `SELECT t.text_feedback_id FROM v2_text_feedback t WHERE ${where.join(' AND ') || 1}`,
    params,
  };
}

/** A stored label list as rows (json_each over the list made a JSON array); `trim(l.value)` is the label. */
const labelsOf = (column: string): string =>
  `json_each('["' || replace(coalesce(${column}, ''), ',', '","') || '"]')`;

function expectedCounts(filter: CommentFilter, word: string): CommentCounts {
  const { sql, params } = selectedSql(filter, word);
  const db = store.db;
  const per = (key: 'categories' | 'themes') =>
    db
      .prepare(
        `SELECT trim(l.value) AS label, count(DISTINCT t.text_feedback_id) AS count
         FROM v2_text_feedback t, ${labelsOf(`t.${key}`)} l
         WHERE t.text_feedback_id IN (${sql}) AND trim(l.value) <> '' GROUP BY 1 ORDER BY count DESC, label`,
      )
      .all(params) as { label: string; count: number }[];
  const none = (key: 'categories' | 'themes') =>
    db
      .prepare(
        `SELECT count(*) FROM v2_text_feedback t WHERE t.text_feedback_id IN (${sql})
        AND NOT EXISTS (SELECT 1 FROM ${labelsOf(`t.${key}`)} l WHERE trim(l.value) <> '')`,
      )
      .pluck()
      .get(params) as number;
  return {
    total: db.prepare(`SELECT count(*) FROM (${sql})`).pluck().get(params) as number,
    byCategory: per('categories'),
    byTheme: per('themes'),
    unlabelled: { categories: none('categories'), themes: none('themes') },
  };
}

const filters: CommentFilter[] = [
  {},
  { spam: 'include', includeMisuse: true },
  { spam: 'only' },
  { buttonIndexes: [0, 3, 10] },
  { categories: ['Staff'] },
  { categories: ['Waiting time', 'Price'], themes: ['Speed'] },
  { themes: ['Hygiene'] },
  { languages: ['de'] },
  { surveyIds: [2], includeMisuse: true },
  // The days of the DST changes, exactly, and ranges ending or starting on them.
  { from: '2024-03-31', to: '2024-04-01' },
  { from: '2024-10-27', to: '2024-10-28' },
  { to: '2024-03-31' },
  { from: '2024-10-27' },
  // Overlapping subtrees count once: a group with one of its own points, and with another group.
  { experiencePointIds: [2, 3] },
  { experiencePointIds: [2, 4, 6] },
  { experiencePointIds: [1, 7], from: '2024-03-31', to: '2024-10-28' },
  { experiencePointIds: [3], categories: ['Staff'], languages: ['en'], buttonIndexes: [1, 2, 3] },
];

function expectAllCountsRight(): void {
  for (const word of ['', 'staff', 'queue']) {
    for (const filter of filters) {
      const want = expectedCounts(filter, word);
      const args = { ...(word ? { query: word } : {}), filter };
      expect(countComments(store.db, args), `${word} ${JSON.stringify(filter)}`).toEqual(want);
      // With a query, the pairs as columns (above) and by a GROUP BY (as with more pairs than columns allowed).
      if (word) expect(countComments(store.db, args, { pairsAsColumns: 0 })).toEqual(want);
    }
  }
}

describe('comment counts by category and theme', () => {
  it('are those of plain SQL over the comments under every filter, with and without a query', () => {
    const all = comments();
    store.v2Resources.feedbackLists.writePage('text', all);
    // The world holds what the filters are about: both DST days, every label list, spam and misuse.
    expect(expectedCounts({ from: '2024-10-27', to: '2024-10-28' }, '').total).toBeGreaterThan(20);
    expect(expectedCounts({ spam: 'only', includeMisuse: true }, '').total).toBeGreaterThan(20);
    expect(expectedCounts({}, '').byCategory.map((c) => c.label)).toEqual(
      expect.arrayContaining(['Staff', 'Waiting time', 'Cleanliness', 'Price']),
    );
    expectAllCountsRight();
  });

  it('follow the comments when a page changes their labels, flags and buttons, or a window drops them', () => {
    const all = comments();
    store.v2Resources.feedbackLists.writePage('text', all);
    const changed = all.map((t, i) =>
      i % 5 === 0
        ? { ...t, categories: 'Delivery,Staff', themes: null, spam: !t.spam, buttonIndex: 0, misuse: false }
        : t,
    );
    store.v2Resources.feedbackLists.writePage('text', changed);
    expectAllCountsRight();
    store.db.prepare("DELETE FROM v2_text_feedback WHERE local_time < unixepoch('2024-06-01') * 1000").run();
    expectAllCountsRight();
    // One narrow row per comment, each with its comment's labels.
    expect(
      store.db
        .prepare(
          `SELECT count(*) FROM v2_text_feedback t JOIN v2_comment_facet f USING (text_feedback_id)
           JOIN v2_comment_label_set s USING (label_set_id)
           WHERE s.categories = coalesce(t.categories, '') AND s.themes = coalesce(t.themes, '')
             AND f.experience_point_id = t.experience_point_id AND f.survey_id = t.survey_id
             AND f.button_index = t.button_index AND f.spam = t.spam AND f.misuse = t.misuse`,
        )
        .pluck()
        .get(),
    ).toBe(store.db.prepare('SELECT count(*) FROM v2_comment_facet').pluck().get());
  });
});

/** The second route for best first: FTS5's ORDER BY rank over the query alone, then the filter's set kept. */
function expectedBest(word: string, filter: CommentFilter): string[] {
  const { sql, params } = selectedSql(filter, word);
  const kept = new Set(store.db.prepare(sql).pluck().all(params) as number[]);
  const ranked = store.db
    .prepare(
      `SELECT rowid FROM v2_text_feedback_fts WHERE v2_text_feedback_fts MATCH ? ORDER BY rank, rowid DESC`,
    )
    .pluck()
    .all(`{text text_in_english} : ${word}`) as number[];
  const feedbackOf = store.db
    .prepare('SELECT feedback_id FROM v2_text_feedback WHERE text_feedback_id = ?')
    .pluck();
  return ranked
    .filter((id) => kept.has(id))
    .map((id) => {
      const raw = feedbackOf.get(id);
      return raw instanceof Buffer ? raw.toString('hex') : String(raw);
    });
}

describe('best match first', () => {
  const hex = (id: string): string => id.replace(/-/g, '');
  it('serves each match once, in the order of ORDER BY rank, page after page and by jumps', () => {
    store.v2Resources.feedbackLists.writePage('text', comments());
    for (const filter of [
      {},
      { spam: 'include' as const },
      { experiencePointIds: [2, 3], from: '2024-03-31' },
    ]) {
      const want = expectedBest('staff', filter);
      expect(want.length).toBeGreaterThan(20);
      const got: string[] = [];
      let cursor: string | undefined;
      do {
        const page = searchCommentPage(store.db, {
          query: 'staff',
          order: 'best',
          filter,
          limit: 7,
          ...(cursor ? { cursor } : {}),
        });
        expect(page.total).toBe(want.length);
        got.push(...page.hits.map((h) => hex(h.feedbackId)));
        // Each hit's marked ranges are the word, in its own text (the highlights belong to the row shown).
        for (const h of page.hits) {
          const marked = [
            ...h.matches.map((r) => h.text.slice(...r)),
            ...h.englishMatches.map((r) => (h.textInEnglish ?? '').slice(...r)),
          ];
          expect(marked.length).toBeGreaterThan(0);
          for (const m of marked) expect(m).toBe('staff');
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(got).toEqual(want);
      const jump = searchCommentPage(store.db, {
        query: 'staff',
        order: 'best',
        filter,
        limit: 5,
        offset: 11,
      });
      expect(jump.hits.map((h) => hex(h.feedbackId))).toEqual(want.slice(11, 16));
    }
  });

  it('ranks anew after the store changes (a later page never serves a kept order of old rows)', () => {
    const all = comments();
    store.v2Resources.feedbackLists.writePage('text', all);
    const before = expectedBest('staff', {});
    expect(
      searchCommentPage(store.db, { query: 'staff', order: 'best', limit: 5, offset: 5 }).hits.length,
    ).toBe(5);
    // The comment at place 6 becomes spam: the next read of that page starts at the one after it.
    const sixth = before[5] ?? '';
    store.v2Resources.feedbackLists.writePage(
      'text',
      all.map((t) => (hex(t.feedbackId) === sixth ? { ...t, spam: true } : t)),
    );
    const after = searchCommentPage(store.db, { query: 'staff', order: 'best', limit: 5, offset: 5 });
    expect(after.hits.map((h) => hex(h.feedbackId))).toEqual(expectedBest('staff', {}).slice(5, 10));
    expect(after.hits.map((h) => hex(h.feedbackId))).not.toContain(sixth);
    expect(after.total).toBe(before.length - 1);
  });
});
