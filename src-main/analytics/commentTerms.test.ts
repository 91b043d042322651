// The word rows of a comment search (migration 0013) against two second routes: each comment's words, frequencies and
// length counted here in plain TypeScript (the test's texts split on anything but letters and digits, folded and
// without diacritics, plus the three facet tokens), and FTS5's own ORDER BY rank over the full-text matches.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TextFeedbackV2 } from '../core/records/v2Feedback.ts';
import type { CommentFilter } from '#shared/contract.ts';
import { openStore, type Store } from '../store/db.ts';
import { commentTokenizer } from '../store/repos/commentTermIndex.ts';
import { rollBackSql } from '../store/repos/testing/rollBack.ts';
import { buildComments, ftsId } from './commentQuery.ts';
import { bestByTerm, singleTerm, termRoute } from './commentTerms.ts';
import { countComments, searchCommentPage } from './comments.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-comment-terms-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tree = [
  { experiencePointId: 1, name: 'root', parent: null, type: 'GROUP' as const },
  { experiencePointId: 2, name: 'north', parent: 1, type: 'GROUP' as const },
  { experiencePointId: 3, name: 'a', parent: 2, type: 'EXPERIENCE_POINT' as const },
  { experiencePointId: 4, name: 'b', parent: 1, type: 'EXPERIENCE_POINT' as const },
];

// Repeated words (term frequencies 1 to 5 in one comment), words with diacritics, punctuation and digits.
const words = [
  'staff',
  'Staff',
  'STAFF!',
  'till',
  'slow',
  'Café',
  'café',
  'Grüße',
  'great',
  '10/10',
  'queue,',
];

/** 400 comments of 1 to 9 words over February 2024, two points, every button, spam and misuse, some twins. */
function comments(seed = 5): TextFeedbackV2[] {
  let s = seed;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  const made: TextFeedbackV2[] = [];
  for (let i = 0; i < 400; i++) {
    const twin = i > 0 && r(6) === 0 ? made[i - 1] : undefined; // the same texts: ties, broken newest first
    made.push({
      feedbackId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      smileyId: 1,
      localTime: `2024-02-${String(1 + r(28)).padStart(2, '0')}T${String(8 + r(10)).padStart(2, '0')}:${String(r(60)).padStart(2, '0')}:00.000+01:00`,
      surveyId: 1,
      experiencePointId: r(3) === 0 ? 4 : 3,
      buttonIndex: r(4),
      misuse: r(9) === 0,
      position: 3,
      ui: 'digital',
      text: twin?.text ?? Array.from({ length: 1 + r(9) }, () => words[r(words.length)]).join(' '),
      maskedText: null,
      rephrasedText: null,
      textInEnglish:
        twin?.textInEnglish ??
        (r(3) === 0 ? Array.from({ length: 1 + r(3) }, () => words[r(4)]).join(' ') : null),
      spam: r(8) === 0,
      categories: r(2) === 0 ? 'Staff' : 'Price,Staff',
      themes: null,
    });
  }
  return made;
}

/** The test's tokens of a text: runs of letters and digits, lower case, diacritics removed. */
const tokens = (text: string | null): string[] =>
  (text ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The word rows the store should hold, counted here: `term tf dl feedbackId` per comment and word, sorted. */
function expectedRows(all: TextFeedbackV2[]): string[] {
  return all
    .flatMap((t) => {
      const own = [...tokens(t.text), ...tokens(t.textInEnglish)];
      const dl = own.length + 3; // 'spam0 misuse0 button2': three facet tokens
      return [...new Set(own)].map(
        (w) => `${w} ${own.filter((x) => x === w).length} ${dl} ${t.feedbackId.replace(/-/g, '')}`,
      );
    })
    .sort();
}

function storedRows(store: Store): string[] {
  return (
    store.db
      .prepare(
        `SELECT c.term || ' ' || c.tf || ' ' || c.dl || ' ' || lower(hex(t.feedback_id)) FROM v2_comment_term c
         JOIN v2_text_feedback t ON t.text_feedback_id = c.text_feedback_id`,
      )
      .pluck()
      .all() as string[]
  ).sort();
}

/** Each word row's facets are its comment's (label set, button, spam, misuse). */
function expectFacetsOfComments(store: Store): void {
  const differing = store.db
    .prepare(
      `SELECT count(*) FROM v2_comment_term c JOIN v2_comment_facet f ON f.text_feedback_id = c.text_feedback_id
       WHERE (c.label_set_id, c.button_index, c.spam, c.misuse) IS NOT (f.label_set_id, f.button_index, f.spam, f.misuse)`,
    )
    .pluck()
    .get();
  expect(differing).toBe(0);
}

/** The second route for best first: every match ranked by FTS5 (ORDER BY rank), then the filter's set kept. */
function ftsBest(store: Store, word: string, filter: CommentFilter): number[] {
  const b = buildComments(word, 'fts', filter);
  const kept = new Set(store.db.prepare(b.sql(ftsId)).pluck().all(b.params) as number[]);
  const ranked = store.db
    .prepare(
      `SELECT rowid FROM v2_text_feedback_fts WHERE v2_text_feedback_fts MATCH ? ORDER BY rank, rowid DESC`,
    )
    .pluck()
    .all(`{text text_in_english} : ${word}`) as number[];
  return ranked.filter((id) => kept.has(id));
}

const filters: CommentFilter[] = [
  {},
  { spam: 'include', includeMisuse: true },
  { spam: 'only' },
  { buttonIndexes: [1, 3] },
  { from: '2024-02-10', to: '2024-02-20' },
  { experiencePointIds: [2] },
  { experiencePointIds: [4], categories: ['Price'] },
];

function expectBestAsFts(store: Store): void {
  for (const word of ['staff', 'cafe', 'CAFE', 'till', 'great', '10', 'grusse', 'absent']) {
    for (const filter of filters) {
      const want = ftsBest(store, word, filter);
      const b = buildComments(word, 'fts', filter);
      const terms = termRoute(store.db, b);
      expect(terms, 'a one-word query takes the word rows').not.toBeNull();
      if (!terms) return;
      const label = `${word} ${JSON.stringify(filter)}`;
      // Every match, and the first page.
      expect(bestByTerm(store.db, b, terms, 10_000), label).toEqual(want);
      expect(bestByTerm(store.db, b, terms, 8), label).toEqual(want.slice(0, 8));
    }
  }
}

/** A new store with the tree and `all` written by the writer (one page). */
function storeWith(all: TextFeedbackV2[]): Store {
  const store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace(tree);
  store.v2Resources.feedbackLists.writePage('text', all);
  return store;
}

describe('word rows of the comments', () => {
  it('hold each word’s frequency and each comment’s length as FTS5 tokenizes them, and rank as ORDER BY rank', () => {
    const all = comments();
    const store = storeWith(all);
    const want = expectedRows(all);
    // The world has what the ranking is about: frequencies up to 4 and more, and twins (ties).
    expect(want.some((r) => Number(r.split(' ')[1]) >= 4)).toBe(true);
    expect(storedRows(store)).toEqual(want);
    // The writer's tokenizer is the store index's (migration 0010).
    const indexSql = store.db
      .prepare("SELECT sql FROM sqlite_schema WHERE name = 'v2_text_feedback_fts'")
      .pluck()
      .get() as string;
    expect(indexSql.replace(/\s+/g, ' ')).toContain(`tokenize = '${commentTokenizer}'`);
    expectFacetsOfComments(store);
    expectBestAsFts(store);
    store.close();
  });

  it('follow the comments a page changes and a re-fetched window drops, in the same transaction', () => {
    const all = comments();
    const store = storeWith(all);
    const lists = store.v2Resources.feedbackLists;
    const changed = all.map((t, i) =>
      i % 4 === 0
        ? { ...t, text: `${t.text} staff staff`, spam: !t.spam, buttonIndex: 0, categories: 'Price' }
        : t,
    );
    lists.writePage('text', changed);
    expect(storedRows(store)).toEqual(expectedRows(changed));
    expectFacetsOfComments(store);
    expectBestAsFts(store);
    // A re-fetched window of 10–14 February answered by one page holding only its first comment.
    const window = changed.filter((t) => t.localTime >= '2024-02-10' && t.localTime < '2024-02-15');
    const kept = window.slice(0, 1);
    lists.writePage('text', kept, {
      replaceWindow: { startDate: '2024-02-10', endDate: '2024-02-15', root: null, whole: true },
    });
    const after = changed.filter((t) => !window.includes(t) || kept.includes(t));
    expect(after.length).toBeLessThan(changed.length - 10);
    expect(storedRows(store)).toEqual(expectedRows(after));
    expect(store.db.prepare('SELECT count(*) FROM v2_comment_term_pending').pluck().get()).toBe(0);
    expectBestAsFts(store);
    store.close();
  });

  it('serve pages and counts as the full-text route does, and step aside while comments wait to be tokenized', () => {
    const store = storeWith(comments());
    const answers = () =>
      filters.map((filter) => ({
        pages: [0, 5, 40, 2_000].map((offset) =>
          searchCommentPage(store.db, { query: 'staff', order: 'best', filter, limit: 5, offset }),
        ),
        newest: searchCommentPage(store.db, { query: 'staff', filter, limit: 5 }),
        counts: countComments(store.db, { query: 'staff', filter }),
      }));
    const fromWords = answers();
    for (const [i, filter] of filters.entries()) {
      const want = ftsBest(store, 'staff', filter);
      const page = fromWords[i]?.pages[0];
      expect(page?.total).toBe(want.length);
      expect(fromWords[i]?.counts.total).toBe(want.length);
    }
    // A comment written outside the writer (noted, not yet tokenized): every answer comes from the full-text index,
    // and is the same.
    store.db.exec('INSERT INTO v2_comment_term_pending VALUES (-1)');
    expect(termRoute(store.db, buildComments('staff', 'fts', {}))).toBeNull();
    expect(answers()).toEqual(fromWords);
    store.close();
  });

  it('are built by the migration for a file that holds comments, as the writer builds them', () => {
    const all = comments(9);
    const before = storeWith(all);
    // The file as migration 0012 left it: comments, their index and facet rows, no word rows.
    before.db.exec(rollBackSql(13));
    expect(
      before.db
        .prepare("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'v2_comment_term%'")
        .pluck()
        .get(),
    ).toBe(0);
    before.close();
    const migrated = openStore(join(dir, 'store.sqlite'));
    expect(storedRows(migrated)).toEqual(expectedRows(all));
    expectFacetsOfComments(migrated);
    expectBestAsFts(migrated);
    migrated.close();
  });
});

describe('one-word queries', () => {
  it('are plain ASCII words, folded as unicode61 folds them', () => {
    expect(singleTerm(' Staff ')).toBe('staff');
    expect(singleTerm('10')).toBe('10');
    for (const q of ['staff friendly', 'staf*', '"staff"', 'café', 'a_b', 'OR', 'NEAR', 'staff-room', ''])
      expect(singleTerm(q), q).toBeNull();
  });
});
