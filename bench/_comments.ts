// For `npm run bench -- queries`: the comment questions beyond the newest-first search — counts by category and theme
// (a common word; no query over 365 days of one country; a category filter) and best match first (the first page, with
// nothing kept from an earlier page; a deep page, the order kept from an earlier page) — in the project and in DuckDB
// over the same raw rows.
import type Database from 'better-sqlite3';
import { forgetKeptOrders } from '../src-main/analytics/commentOrder.ts';
import { countComments, searchCommentPage } from '../src-main/analytics/comments.ts';
import { duckRows, type Duck } from './_duckdb.ts';

export interface CommentQuestion {
  name: string;
  project: () => number;
  duck: (d: Duck) => Promise<number>;
}

interface Setting {
  word: string;
  country: number;
  /** Local dates: one year back from the world's today, and today (exclusive). */
  from: string;
  to: string;
}

/** A comment's labels in DuckDB: the comma-separated list as sent, trimmed, each label once. */
const labelList = (column: string): string =>
  `list_distinct(list_filter(list_transform(string_split(${column}, ','), x -> trim(x)), x -> x <> ''))`;

/** Total, per category, per theme and the unlabelled counts of the comments `where` selects, as countComments. */
function duckCounts(where: string): string {
  return `WITH m AS (SELECT ${labelList('categories')} AS c, ${labelList('themes')} AS t FROM comment WHERE ${where})
    SELECT 'total' AS kind, NULL AS label, count(*) AS n FROM m
    UNION ALL SELECT 'category', l, count(*) FROM (SELECT unnest(c) AS l FROM m) GROUP BY l
    UNION ALL SELECT 'theme', l, count(*) FROM (SELECT unnest(t) AS l FROM m) GROUP BY l
    UNION ALL SELECT 'unlabelled', 'categories', count(*) FILTER (WHERE len(c) = 0) FROM m
    UNION ALL SELECT 'unlabelled', 'themes', count(*) FILTER (WHERE len(t) = 0) FROM m`;
}

/** Word boundaries as FTS5's unicode61 tokenizer sees them, near enough for ASCII words (case folded). */
const hasWord = (word: string): string =>
  `(regexp_matches(lower(text), '\\b${word}\\b') OR regexp_matches(lower(text_en), '\\b${word}\\b'))`;

/**
 * FTS5's bm25 (k1 1.2, b 0.75; weights 1, 1 for the two texts, the facets column's three tokens in the length) in
 * plain SQL: DuckDB has no full-text index here (its fts extension is downloaded on first use; nothing downloads on
 * this machine), so it tokenizes every comment per question. With one word the IDF is a constant factor, so the
 * order is by the term-frequency part alone.
 */
function duckBest(word: string, offset: number): string {
  const tokens = (column: string): string =>
    `list_filter(regexp_split_to_array(lower(${column}), '[^[:alnum:]]+'), x -> x <> '')`;
  return `WITH d AS (
      SELECT id, spam, misuse, len(${tokens('text')}) + len(${tokens('text_en')}) + 3 AS dl,
        len(list_filter(${tokens('text')}, x -> x = '${word}')) + len(list_filter(${tokens('text_en')}, x -> x = '${word}')) AS f
      FROM comment),
    a AS (SELECT avg(dl) AS avgdl FROM d)
    SELECT id FROM d, a WHERE f > 0 AND spam = 0 AND misuse = 0
    ORDER BY f * 2.2 / (f + 1.2 * (0.25 + 0.75 * dl / avgdl)) DESC, id DESC LIMIT 50 OFFSET ${offset}`;
}

export function commentQuestions(db: Database.Database, s: Setting): CommentQuestion[] {
  const ms = (date: string): number => Date.parse(date);
  const plain = 'spam = 0 AND misuse = 0';
  const deep = 20_000;
  // The category of the most comments with two labels or more: a filter that splits label lists.
  const category = 'Waiting time';
  return [
    {
      name: `comment counts by category and theme, '${s.word}'`,
      project: () => countComments(db, { query: s.word }).byCategory.length,
      duck: (d) => duckRows(d, duckCounts(`${plain} AND ${hasWord(s.word)}`)),
    },
    {
      name: 'comment counts by category and theme, no query, 365 d, one country',
      project: () =>
        countComments(db, { filter: { from: s.from, to: s.to, experiencePointIds: [s.country] } }).byTheme
          .length,
      duck: (d) =>
        duckRows(
          d,
          duckCounts(`${plain} AND local_time >= ${ms(s.from)} AND local_time < ${ms(s.to)}
            AND point IN (SELECT point FROM closure WHERE ancestor = ${s.country})`),
        ),
    },
    {
      name: `comment counts by category and theme, category '${category}', all time`,
      project: () => countComments(db, { filter: { categories: [category] } }).byTheme.length,
      duck: (d) =>
        duckRows(d, duckCounts(`${plain} AND list_contains(${labelList('categories')}, '${category}')`)),
    },
    {
      // Nothing kept from an earlier run (commentOrder.ts keeps orders for later pages): a one-word query's first page
      // comes from the word's rows (commentTerms.ts), any other query's from ranking every match.
      name: `comment search '${s.word}', best match first, first 50 (nothing kept from an earlier page)`,
      project: () => {
        forgetKeptOrders(db);
        return searchCommentPage(db, { query: s.word, order: 'best', limit: 50 }).hits.length;
      },
      duck: (d) => duckRows(d, duckBest(s.word, 0)),
    },
    {
      name: `comment search '${s.word}', best match first, 50 from ${deep.toLocaleString('en-US')} (order kept from an earlier page)`,
      project: () =>
        searchCommentPage(db, { query: s.word, order: 'best', limit: 50, offset: deep }).hits.length,
      duck: (d) => duckRows(d, duckBest(s.word, deep)),
    },
  ];
}
