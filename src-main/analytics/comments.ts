// Comments (v2 text feedback): FTS5 search with match ranges and a snippet as text segments (never HTML), filters,
// keyset paging (newest first) or offset paging (best match first), and counts by category and theme.
import type Database from 'better-sqlite3';
import type {
  CommentCounts,
  CommentCountsArgs,
  CommentFilter,
  CommentHit,
  CommentPage,
  CommentSearchArgs,
  LabelCount,
} from '../../src-shared/contract.ts';
import { feedbackIdText } from '../store/repos/buttonFeedbackRepo.ts';
import { CommentSearchError, formatLocalTimestamp, literalQuery } from './commentSearch.ts';
import { dayMs, dayNumber, feedbackFilterSql, pointNames, statement, whereClause } from './feedbackSql.ts';
import { idsPerMs } from '../store/repos/textFeedbackId.ts';
import { highlightSegments, snippetOf } from './snippets.ts';

export { CommentSearchError } from './commentSearch.ts';

const syntaxHelp =
  'Use words (all must occur), "quoted phrases", OR, NOT, and word* for a prefix; put characters such as < & : ( ) - inside double quotes.';

/** Private-use characters around each match in FTS5's highlight(): checked absent from the text before trusting. */
export const markOpen = '\uE000';
export const markClose = '\uE001';

/** The language part of a stored default locale (`de_DE`, `de-DE`, `de` → `de`). */
const languageSql = `lower(CASE WHEN instr(replace(v.default_locale, '-', '_'), '_') > 0
  THEN substr(v.default_locale, 1, instr(replace(v.default_locale, '-', '_'), '_') - 1) ELSE v.default_locale END)`;

interface Built {
  /**
   * The statement selecting `columns` (over `v2_text_feedback_fts` and/or `t`), with `extra` conditions; `rows`
   * joins the comment rows even when the index alone answers.
   */
  sql(columns: string, extra?: string[], rows?: boolean): string;
  params: Record<string, unknown>;
  fts: boolean;
  /** The query alone (no facet terms): what highlights mark, cheaper to match row by row. */
  textMatch: string | null;
  /** The id column: the index's rowid (time-ordered ids: highest first = newest first). */
  id: string;
}

/** The user's query kept to the two text columns, with the spam, misuse and button filters as facet terms. */
function matchOf(base: string, filter: CommentFilter): string {
  let match = base;
  if (filter.buttonIndexes) {
    const buttons = filter.buttonIndexes.filter((b) => Number.isInteger(b)).map((b) => `button${b}`);
    match = buttons.length
      ? `(${match} AND facets : (${buttons.join(' OR ')}))`
      : `(${match} AND facets : none)`;
  }
  const spam = filter.spam ?? 'exclude';
  if (spam === 'only') match = `(${match} AND facets : spam1)`;
  if (spam === 'exclude') match = `(${match} NOT facets : spam1)`;
  if (!filter.includeMisuse) match = `(${match} NOT facets : misuse1)`;
  return match;
}

/**
 * FROM and WHERE of a search; `fts` when there is a query to match. The FTS index answers the text, spam, misuse,
 * button and date filters alone (facets and the time-ordered rowid, migration 0010; without a query, every row's
 * misuse facet is the match); the comment rows are joined only for the other filters and for what a page shows.
 */
function build(query: string | undefined, syntax: 'fts' | 'words' | undefined, filter: CommentFilter): Built {
  if (filter.minRelevance !== undefined)
    throw new CommentSearchError(
      'Relevance is known only for comments synced through API version 1; leave the relevance filter out here.',
    );
  const raw = query?.trim() ?? '';
  const fts = raw !== '';
  // Points and surveys as conditions on the comment rows.
  const f = feedbackFilterSql(
    { ...pick(filter, 'experiencePointIds', 'surveyIds'), includeMisuse: true },
    't',
  );
  const id = 'v2_text_feedback_fts.rowid';
  const words = syntax === 'words' ? literalQuery(raw) : raw;
  const textMatch = fts ? `{text text_in_english} : (${words})` : null;
  f.params.match = matchOf(textMatch ? `(${textMatch})` : '(facets : (misuse0 OR misuse1))', filter);
  const index = ['v2_text_feedback_fts MATCH @match'];
  // Dates as an id range: ids are local_time × 1024 + k (textFeedbackId.ts).
  if (filter.from !== undefined) {
    f.params.fromId = dayNumber(filter.from) * dayMs * idsPerMs;
    index.push(`${id} >= @fromId`);
  }
  if (filter.to !== undefined) {
    f.params.toId = dayNumber(filter.to) * dayMs * idsPerMs;
    index.push(`${id} < @toId`);
  }
  for (const key of ['categories', 'themes'] as const) {
    const labels = filter[key];
    if (!labels) continue;
    f.params[key] = JSON.stringify(labels);
    f.where.push(`EXISTS (SELECT 1 FROM json_each(@${key}) l
      WHERE instr(',' || replace(coalesce(t.${key}, ''), ', ', ',') || ',', ',' || l.value || ',') > 0)`);
  }
  if (filter.languages) {
    f.params.languages = JSON.stringify(filter.languages.map((l) => l.toLowerCase()));
    f.where.push(`t.survey_id IN (SELECT v.survey_id FROM v2_survey v
      WHERE ${languageSql} IN (SELECT value FROM json_each(@languages)))`);
  }
  return {
    sql: (columns, extra = [], rows = false) => {
      const from =
        f.where.length > 0 || rows
          ? 'v2_text_feedback_fts JOIN v2_text_feedback t ON t.text_feedback_id = v2_text_feedback_fts.rowid'
          : 'v2_text_feedback_fts';
      return `${f.with}SELECT ${columns} FROM ${from} ${whereClause([...index, ...f.where, ...extra])}`;
    },
    params: f.params,
    fts,
    textMatch,
    id,
  };
}

function pick<T extends object, K extends keyof T>(value: T, ...keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (value[k] !== undefined) out[k] = value[k];
  return out;
}

/** Runs a statement built from user text; an FTS5 syntax error becomes a sentence on how to write the query. */
function run<T>(raw: string, body: () => T): T {
  try {
    return body();
  } catch (error) {
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
    const reason = (error instanceof Error ? error.message : '').replace(/^fts5: /, '');
    if (code !== 'SQLITE_ERROR' || reason.startsWith('no such')) throw error;
    throw new CommentSearchError(
      `The search ${JSON.stringify(raw.slice(0, 80))} cannot be read (${reason}). ${syntaxHelp}`,
    );
  }
}

interface HitRow {
  id: number;
  feedback_id: Buffer | string;
  experience_point_id: number;
  survey_id: number;
  local_time: number;
  utc_offset_min: number;
  button_index: number;
  misuse: number;
  spam: number;
  text: string;
  text_in_english: string | null;
  categories: string | null;
  themes: string | null;
  h_text: string | null;
  h_english: string | null;
}

const labels = (list: string | null): string[] =>
  (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Cursor texts: `n<local time>.<id>` (newest first) or `b<offset>` (best first). */
function readCursor(
  cursor: string | undefined,
  order: 'newest' | 'best',
): { t: number; id: number } | number | null {
  if (cursor === undefined) return null;
  const m = order === 'newest' ? /^n(-?\d{1,16})\.(-?\d{1,17})$/.exec(cursor) : /^b(\d{1,9})$/.exec(cursor);
  if (!m)
    throw new CommentSearchError('This page of comments no longer fits the search; start the search again.');
  return order === 'newest' ? { t: Number(m[1]), id: Number(m[2]) } : Number(m[1]);
}

/** One page of comments matching the query and filter, with match ranges and a snippet. */
export function searchCommentPage(db: Database.Database, args: CommentSearchArgs): CommentPage {
  const filter = args.filter ?? {};
  const b = build(args.query, args.syntax, filter);
  const order = b.fts ? (args.order ?? 'newest') : 'newest';
  const limit = args.limit ?? 50;
  const cursor = readCursor(args.cursor, order);
  const raw = args.query ?? '';
  const total = run(raw, () => Number(statement(db, b.sql('count(*)')).pluck().get(b.params)));
  // First the page's ids in order (newest first is the ids' own order: read from the index's end, no sort), then
  // the texts and highlights of those.
  const params: Record<string, unknown> = { ...b.params, limit: limit + 1 };
  const id = b.id;
  let sql: string;
  const skip = args.offset;
  if (skip !== undefined) {
    // Random access (a virtual list's jump): the same order, counted from the start.
    sql = `${b.sql(`${id} AS id`)} ORDER BY ${
      order === 'best' ? 'v2_text_feedback_fts.rank, ' : ''
    }${id} DESC LIMIT @limit OFFSET @offset`;
    params.offset = skip;
  } else if (order === 'newest') {
    const after = cursor !== null && typeof cursor === 'object';
    if (after) params.cid = cursor.id;
    sql = `${b.sql(`${id} AS id`, after ? [`${id} < @cid`] : [])} ORDER BY ${id} DESC LIMIT @limit`;
  } else {
    sql = `${b.sql(`${id} AS id`)} ORDER BY v2_text_feedback_fts.rank, ${id} DESC LIMIT @limit OFFSET @offset`;
    params.offset = typeof cursor === 'number' ? cursor : 0;
  }
  const ids = run(raw, () => statement(db, sql).pluck().all(params) as number[]);
  const columns = `t.text_feedback_id AS id, t.feedback_id, t.experience_point_id, t.survey_id, t.local_time,
    t.utc_offset_min, t.button_index, t.misuse, t.spam, t.text, t.text_in_english, t.categories, t.themes`;
  const textSql = b.textMatch
    ? `SELECT ${columns}, highlight(v2_text_feedback_fts, 0, '${markOpen}', '${markClose}') AS h_text,
         highlight(v2_text_feedback_fts, 1, '${markOpen}', '${markClose}') AS h_english
       FROM v2_text_feedback_fts JOIN v2_text_feedback t ON t.text_feedback_id = v2_text_feedback_fts.rowid
       WHERE v2_text_feedback_fts MATCH @match AND v2_text_feedback_fts.rowid IN (SELECT value FROM json_each(@ids))`
    : `SELECT ${columns}, NULL AS h_text, NULL AS h_english FROM v2_text_feedback t
       WHERE t.text_feedback_id IN (SELECT value FROM json_each(@ids))`;
  const byId = new Map(
    (
      run(raw, () =>
        statement(db, textSql).all({
          ids: JSON.stringify(ids),
          ...(b.textMatch ? { match: b.textMatch } : {}),
        }),
      ) as HitRow[]
    ).map((r) => [r.id, r]),
  );
  const rows = ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const names = pointNames(
    db,
    page.map((r) => r.experience_point_id),
  );
  const last = page[page.length - 1];
  return {
    hits: page.map((r) => toHit(r, names)),
    total,
    nextCursor:
      more && last
        ? skip !== undefined && order === 'best'
          ? `b${skip + limit}`
          : order === 'newest'
            ? `n${last.local_time}.${last.id}`
            : `b${(typeof cursor === 'number' ? cursor : 0) + limit}`
        : null,
  };
}

function toHit(r: HitRow, names: Map<number, string>): CommentHit {
  const matches = highlightSegments(r.text, r.h_text, markOpen, markClose);
  const englishMatches =
    r.text_in_english === null ? [] : highlightSegments(r.text_in_english, r.h_english, markOpen, markClose);
  const useEnglish = matches.length === 0 && englishMatches.length > 0 && r.text_in_english !== null;
  return {
    feedbackId: feedbackIdText(r.feedback_id),
    experiencePointId: r.experience_point_id,
    experiencePointName: names.get(r.experience_point_id) ?? null,
    surveyId: r.survey_id,
    localTime: formatLocalTimestamp(r.local_time, r.utc_offset_min),
    buttonIndex: r.button_index,
    misuse: r.misuse === 1,
    spam: r.spam === 1,
    relevance: null,
    categories: labels(r.categories),
    themes: labels(r.themes),
    text: r.text,
    textInEnglish: r.text_in_english,
    matches,
    englishMatches,
    snippet: useEnglish ? snippetOf(r.text_in_english ?? '', englishMatches) : snippetOf(r.text, matches),
    snippetOf: useEnglish ? 'textInEnglish' : 'text',
  };
}

function countLabels(rows: { list: string | null; n: number }[]): { counts: LabelCount[]; none: number } {
  const counts = new Map<string, number>();
  let none = 0;
  for (const r of rows) {
    const list = [...new Set(labels(r.list))];
    if (!list.length) none += r.n;
    for (const l of list) counts.set(l, (counts.get(l) ?? 0) + r.n);
  }
  return {
    counts: [...counts.entries()]
      .map(([label, count]) => ({ label, count }))
      .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1)),
    none,
  };
}

/** How many comments match, and how many carry each category and theme (grouped by the stored label lists first). */
export function countComments(db: Database.Database, args: CommentCountsArgs): CommentCounts {
  const b = build(args.query, args.syntax, args.filter ?? {});
  const raw = args.query ?? '';
  const grouped = (column: 'categories' | 'themes') =>
    run(
      raw,
      () =>
        statement(db, `${b.sql(`t.${column} AS list, count(*) AS n`, [], true)} GROUP BY t.${column}`).all(
          b.params,
        ) as { list: string | null; n: number }[],
    );
  const categories = grouped('categories');
  const themes = countLabels(grouped('themes'));
  const cats = countLabels(categories);
  return {
    total: categories.reduce((s, r) => s + r.n, 0),
    byCategory: cats.counts,
    byTheme: themes.counts,
    unlabelled: { categories: cats.none, themes: themes.none },
  };
}
