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
import { feedbackFilterSql, pointNames, statement, whereClause } from './feedbackSql.ts';
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
  /** The statement selecting `columns`, with `extra` conditions. */
  sql(columns: string, extra?: string[]): string;
  params: Record<string, unknown>;
  fts: boolean;
}

/** FROM and WHERE of a search; `fts` when there is a query to match. */
function build(query: string | undefined, syntax: 'fts' | 'words' | undefined, filter: CommentFilter): Built {
  if (filter.minRelevance !== undefined)
    throw new CommentSearchError(
      'Relevance is known only for comments synced through API version 1; leave the relevance filter out here.',
    );
  const f = feedbackFilterSql(filter, 't');
  const raw = query?.trim() ?? '';
  const fts = raw !== '';
  if (fts) {
    f.params.match = syntax === 'words' ? literalQuery(raw) : raw;
    f.where.unshift('v2_text_feedback_fts MATCH @match');
  }
  if (filter.buttonIndexes) {
    f.params.buttons = JSON.stringify(filter.buttonIndexes);
    f.where.push('t.button_index IN (SELECT value FROM json_each(@buttons))');
  }
  const spam = filter.spam ?? 'exclude';
  if (spam !== 'include') f.where.push(`t.spam = ${spam === 'only' ? 1 : 0}`);
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
  const from = fts
    ? 'v2_text_feedback_fts JOIN v2_text_feedback t ON t.text_feedback_id = v2_text_feedback_fts.rowid'
    : 'v2_text_feedback t';
  return {
    sql: (columns, extra = []) =>
      `${f.with}SELECT ${columns} FROM ${from} ${whereClause([...f.where, ...extra])}`,
    params: f.params,
    fts,
  };
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
  const m = order === 'newest' ? /^n(-?\d{1,16})\.(\d{1,16})$/.exec(cursor) : /^b(\d{1,9})$/.exec(cursor);
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
  // First the page's ids in order (no text read, no highlight per match), then the texts and highlights of those.
  const params: Record<string, unknown> = { ...b.params, limit: limit + 1 };
  let sql: string;
  const skip = args.offset;
  if (skip !== undefined) {
    // Random access (a virtual list's jump): the same order, counted from the start.
    sql = `${b.sql('t.text_feedback_id AS id')} ORDER BY ${
      order === 'best' ? 'v2_text_feedback_fts.rank, ' : ''
    }t.local_time DESC, t.text_feedback_id DESC LIMIT @limit OFFSET @offset`;
    params.offset = skip;
  } else if (order === 'newest') {
    const after = cursor !== null && typeof cursor === 'object';
    if (after) {
      params.ct = cursor.t;
      params.cid = cursor.id;
    }
    sql = `${b.sql('t.text_feedback_id AS id', after ? ['(t.local_time < @ct OR (t.local_time = @ct AND t.text_feedback_id < @cid))'] : [])}
      ORDER BY t.local_time DESC, t.text_feedback_id DESC LIMIT @limit`;
  } else {
    sql = `${b.sql('t.text_feedback_id AS id')}
      ORDER BY v2_text_feedback_fts.rank, t.local_time DESC, t.text_feedback_id DESC LIMIT @limit OFFSET @offset`;
    params.offset = typeof cursor === 'number' ? cursor : 0;
  }
  const ids = run(raw, () => statement(db, sql).pluck().all(params) as number[]);
  const columns = `t.text_feedback_id AS id, t.feedback_id, t.experience_point_id, t.survey_id, t.local_time,
    t.utc_offset_min, t.button_index, t.misuse, t.spam, t.text, t.text_in_english, t.categories, t.themes`;
  const textSql = b.fts
    ? `SELECT ${columns}, highlight(v2_text_feedback_fts, 0, '${markOpen}', '${markClose}') AS h_text,
         highlight(v2_text_feedback_fts, 1, '${markOpen}', '${markClose}') AS h_english
       FROM v2_text_feedback_fts JOIN v2_text_feedback t ON t.text_feedback_id = v2_text_feedback_fts.rowid
       WHERE v2_text_feedback_fts MATCH @match AND v2_text_feedback_fts.rowid IN (SELECT value FROM json_each(@ids))`
    : `SELECT ${columns}, NULL AS h_text, NULL AS h_english FROM v2_text_feedback t
       WHERE t.text_feedback_id IN (SELECT value FROM json_each(@ids))`;
  const byId = new Map(
    (
      run(raw, () =>
        statement(db, textSql).all({ ids: JSON.stringify(ids), ...(b.fts ? { match: b.params.match } : {}) }),
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
        ? skip !== undefined
          ? order === 'newest'
            ? `n${last.local_time}.${last.id}`
            : `b${skip + limit}`
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
        statement(db, `${b.sql(`t.${column} AS list, count(*) AS n`)} GROUP BY t.${column}`).all(
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
