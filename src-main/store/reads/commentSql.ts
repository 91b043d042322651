// A comment search or count as SQL: the user's query as an FTS5 match kept to the two text columns, the spam, misuse
// and button filters as facet terms of the index, dates as an id range, and the other filters over the narrow
// per-comment facet rows (migration 0012) instead of the comment rows. The reads of commentRead.ts compose these.
import type { CommentFilter } from '#shared/contract.ts';
import { idsPerMs } from '../repos/textFeedbackId.ts';
import { dayMs, dayNumber, feedbackFilterSql, whereClause } from './feedbackFilter.ts';

/** A comment search built as SQL (buildComments); the reads of commentRead.ts run it. */
export interface Built {
  /** The statements' `WITH RECURSIVE` prefix (empty or ending in a space): `select` leaves it out. */
  with: string;
  /** `sql` without the prefix (a subquery). */
  select(columns: string, extra?: string[], facets?: boolean): string;
  /**
   * The statement selecting `columns` over `v2_text_feedback_fts` (and the facet rows `f` when a filter needs them,
   * or when `facets` asks), with `extra` conditions.
   */
  sql(columns: string, extra?: string[], facets?: boolean): string;
  /**
   * Without the index (and without the prefix): the statement over the facet rows `f` alone, every filter a condition
   * on them, read in label-set order (a covering index: per label set an id range, or per label set and chosen point;
   * a GROUP BY label set needs no sort).
   */
  scan(columns: string): string;
  /**
   * Without a query: the statement (with the prefix) over the facet rows `f` alone, every filter a condition on them
   * and `extra` beside, for the planner to read by id (dates, newest first) or by point: what a search without words
   * reads instead of the index (whose every-row match term costs a whole doclist, ~25 ms on `large`, per statement).
   */
  facets(columns: string, extra?: string[]): string;
  params: Record<string, unknown>;
  /** Whether there is a query to match. */
  fts: boolean;
  /** The query alone (no facet terms): what highlights mark and what best-first ranks. */
  textMatch: string | null;
  /**
   * With a one-word query: the statement (without the prefix) selecting `columns` over that word's rows `t` of
   * v2_comment_term (migration 0013) under the same filters, with `extra` conditions (the facet rows `f` joined when
   * a filter needs them). Null for any other query.
   */
  terms: ((columns: string, extra?: string[]) => string) | null;
}

/** The index's rowid: the comment's time-ordered id (highest first = newest first). */
export const ftsId = 'v2_text_feedback_fts.rowid';

/** Each whitespace-separated word as a quoted FTS5 string: no operator, no syntax error. */
export function literalQuery(input: string): string {
  return input
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `"${w.replace(/"/g, '""')}"`)
    .join(' ');
}

/**
 * The word a query is, when it is one plain ASCII word (letters and digits: one token, folded by lower-casing, as
 * FTS5's unicode61 does); null for anything else (several words, phrases, prefixes, operators, other scripts).
 */
export function singleTerm(query: string): string | null {
  const raw = query.trim();
  if (!/^[A-Za-z0-9]{1,64}$/.test(raw) || /^(AND|OR|NOT|NEAR)$/.test(raw)) return null;
  return raw.toLowerCase();
}

/** The language part of a stored default locale (`de_DE`, `de-DE`, `de` → `de`). */
const languageSql = `lower(CASE WHEN instr(replace(v.default_locale, '-', '_'), '_') > 0
  THEN substr(v.default_locale, 1, instr(replace(v.default_locale, '-', '_'), '_') - 1) ELSE v.default_locale END)`;

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
 * The spam, misuse and button filters as conditions on rows `alias` holding those columns (the facet rows, or a word's
 * rows): the scan's version of matchOf.
 */
function facetConditions(filter: CommentFilter, params: Record<string, unknown>, alias = 'f'): string[] {
  const where: string[] = [];
  if (filter.buttonIndexes) {
    params.buttons = JSON.stringify(filter.buttonIndexes.filter((b) => Number.isInteger(b)));
    where.push(`${alias}.button_index IN (SELECT value FROM json_each(@buttons))`);
  }
  const spam = filter.spam ?? 'exclude';
  if (spam !== 'include') where.push(`${alias}.spam = ${spam === 'only' ? 1 : 0}`);
  if (!filter.includeMisuse) where.push(`${alias}.misuse = 0`);
  return where;
}

/** Dates as an id range over the column `id`: ids are local_time × 1024 + k (textFeedbackId.ts). */
function idRange(filter: CommentFilter, params: Record<string, unknown>, id: string): string[] {
  const out: string[] = [];
  if (filter.from !== undefined) {
    params.fromId = dayNumber(filter.from) * dayMs * idsPerMs;
    out.push(`${id} >= @fromId`);
  }
  if (filter.to !== undefined) {
    params.toId = dayNumber(filter.to) * dayMs * idsPerMs;
    out.push(`${id} < @toId`);
  }
  return out;
}

/** Label sets with at least one of the chosen categories (and one of the chosen themes). */
function labelConditions(filter: CommentFilter, params: Record<string, unknown>): string[] {
  const labelWhere: string[] = [];
  for (const key of ['categories', 'themes'] as const) {
    const labels = filter[key];
    if (!labels) continue;
    params[key] = JSON.stringify(labels);
    labelWhere.push(`EXISTS (SELECT 1 FROM json_each(@${key}) l
      WHERE instr(',' || replace(s.${key}, ', ', ',') || ',', ',' || l.value || ',') > 0)`);
  }
  return labelWhere;
}

/**
 * FROM and WHERE of a search or count; `fts` when there is a query to match. The FTS index answers the text, spam,
 * misuse, button and date filters alone (facets and the time-ordered rowid, migration 0010; without a query, every
 * row's misuse facet is the match); points, surveys, languages and labels are conditions on the facet rows.
 * The filter's relevance bound is not SQL (the caller refuses it).
 */
// eslint-disable-next-line max-lines-per-function -- one filter's conditions for the three statement shapes (index, facet scan, word rows), kept together so they cannot disagree
export function buildComments(
  query: string | undefined,
  syntax: 'fts' | 'words' | undefined,
  filter: CommentFilter,
): Built {
  const raw = query?.trim() ?? '';
  const fts = raw !== '';
  // Points and surveys as conditions on the facet rows.
  const f = feedbackFilterSql(
    { ...pick(filter, 'experiencePointIds', 'surveyIds'), includeMisuse: true },
    'f',
  );
  const words = syntax === 'words' ? literalQuery(raw) : raw;
  const textMatch = fts ? `{text text_in_english} : (${words})` : null;
  f.params.match = matchOf(textMatch ? `(${textMatch})` : '(facets : (misuse0 OR misuse1))', filter);
  const range = (id: string): string[] => idRange(filter, f.params, id);
  const labelWhere = labelConditions(filter, f.params);
  const labelSetsOf = (alias: string): string =>
    `${alias}.label_set_id IN (SELECT s.label_set_id FROM v2_comment_label_set s ${whereClause(labelWhere)})`;
  const inLabelSets = labelSetsOf('f');
  if (filter.languages) {
    f.params.languages = JSON.stringify(filter.languages.map((l) => l.toLowerCase()));
    f.where.push(`f.survey_id IN (SELECT v.survey_id FROM v2_survey v
      WHERE ${languageSql} IN (SELECT value FROM json_each(@languages)))`);
  }
  const index = ['v2_text_feedback_fts MATCH @match', ...range(ftsId)];
  const joined = [...f.where, ...(labelWhere.length ? [inLabelSets] : [])];
  // The label-set condition first, always: the covering index is read one label set after another.
  const scanWhere = [
    inLabelSets,
    ...range('f.text_feedback_id'),
    ...facetConditions(filter, f.params),
    ...f.where,
  ];
  const facetWhere = [
    ...range('f.text_feedback_id'),
    ...facetConditions(filter, f.params),
    ...f.where,
    ...(labelWhere.length ? [inLabelSets] : []),
  ];
  const select = (columns: string, extra: string[] = [], facets = false): string => {
    const from =
      joined.length > 0 || facets
        ? `v2_text_feedback_fts JOIN v2_comment_facet f ON f.text_feedback_id = ${ftsId}`
        : 'v2_text_feedback_fts';
    return `SELECT ${columns} FROM ${from} ${whereClause([...index, ...joined, ...extra])}`;
  };
  const term = fts ? singleTerm(raw) : null;
  if (term !== null) f.params.term = term;
  // A word's rows carry the label set, button and flags; points, surveys and languages need the facet rows.
  const termWhere = [
    't.term = @term',
    ...range('t.text_feedback_id'),
    ...facetConditions(filter, f.params, 't'),
    ...(labelWhere.length ? [labelSetsOf('t')] : []),
    ...f.where,
  ];
  const terms =
    term === null
      ? null
      : (columns: string, extra: string[] = []): string =>
          `SELECT ${columns} FROM v2_comment_term t${
            f.where.length ? ' JOIN v2_comment_facet f ON f.text_feedback_id = t.text_feedback_id' : ''
          } ${whereClause([...termWhere, ...extra])}`;
  return {
    with: f.with,
    select,
    terms,
    sql: (columns, extra, facets) => `${f.with}${select(columns, extra, facets)}`,
    scan: (columns) =>
      `SELECT ${columns} FROM v2_comment_facet f INDEXED BY ${
        filter.experiencePointIds ? 'v2_comment_facet_point_count' : 'v2_comment_facet_count'
      } ${whereClause(scanWhere)}`,
    facets: (columns, extra = []) =>
      `${f.with}SELECT ${columns} FROM v2_comment_facet f ${whereClause([...facetWhere, ...extra])}`,
    params: f.params,
    fts,
    textMatch,
  };
}

function pick<T extends object, K extends keyof T>(value: T, ...keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (value[k] !== undefined) out[k] = value[k];
  return out;
}
