// The comments domain of the contract: full-text search with highlighted snippets (as text and match ranges, never
// HTML), filters, cursor paging, and counts by category and theme; with their argument checks.
import {
  feedbackFilterKeys,
  parseCursor,
  parseFilterFields,
  parseLabels,
  parseNumber,
  parseWhole,
  type FeedbackFilter,
} from './feedbackFilter.ts';
import { bad, isPlainObject, parseOneOf, unknownKey, type ArgParsers, type Parsed } from './parse.ts';

export type SpamFilter = 'exclude' | 'include' | 'only';
export const spamFilters = ['exclude', 'include', 'only'] as const satisfies readonly SpamFilter[];

export interface CommentFilter extends FeedbackFilter {
  /** Only comments given with these button indexes. */
  buttonIndexes?: number[];
  /** Spam comments: left out (default), included, or only they. */
  spam?: SpamFilter;
  /**
   * Only comments with at least this relevance (0..1). Relevance is v1 open feedback's (`relevance`); v2 text
   * feedback carries none, so in a v2 store this filter is refused with a sentence saying so.
   */
  minRelevance?: number;
  /** Only comments with at least one of these categories / themes (labels as the service sent them). */
  categories?: string[];
  themes?: string[];
  /**
   * Only comments of surveys asked in these languages: the language part of the survey's default locale (`de` of
   * `de_DE`). v2 says no language per comment; its English translation is `textInEnglish`.
   */
  languages?: string[];
}

export interface CommentSearchArgs {
  /** FTS5 syntax (words, "phrases", OR, NOT, prefix*) or, with `syntax: 'words'`, words taken literally. Absent or blank: every comment. */
  query?: string;
  syntax?: 'fts' | 'words';
  filter?: CommentFilter;
  /** `newest` (default) or `best` match first (only with a query). */
  order?: 'newest' | 'best';
  /** From a previous page's `nextCursor`, with the same query, filter and order. */
  cursor?: string;
  /** Page size, default 50, at most 200. */
  limit?: number;
  /**
   * Instead of a cursor: skip this many comments of the ordered result (random access for a virtual list that jumps,
   * e.g. to the end of 100,000). Not together with `cursor`.
   */
  offset?: number;
}

/** A piece of a text: `match` pieces are what the query found. Render each as text (never as HTML). */
export interface TextSegment {
  text: string;
  match: boolean;
}

export interface CommentHit {
  feedbackId: string;
  experiencePointId: number;
  /** Untrusted: render as text. */
  experiencePointName: string | null;
  surveyId: number;
  /** `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM`, as the service wrote it. */
  localTime: string;
  buttonIndex: number;
  misuse: boolean;
  spam: boolean;
  /** v1 open feedback's relevance; null in v2. */
  relevance: number | null;
  categories: string[];
  themes: string[];
  /** The whole comment (untrusted: render as text). */
  text: string;
  textInEnglish: string | null;
  /** Where the query matched in `text`: [start, end) in UTF-16 code units, in order. Empty without a query or a match there. */
  matches: [number, number][];
  /** Same in `textInEnglish`. */
  englishMatches: [number, number][];
  /**
   * A short excerpt around the first match (of `text`, or of `textInEnglish` when only that matched; the whole text
   * when short), cut at word boundaries with `…`, as segments.
   */
  snippet: TextSegment[];
  snippetOf: 'text' | 'textInEnglish';
}

export interface CommentPage {
  hits: CommentHit[];
  /** Comments matching the query and filter in all pages. */
  total: number;
  /** Pass back as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}

export interface CommentCountsArgs {
  query?: string;
  syntax?: 'fts' | 'words';
  filter?: CommentFilter;
}

export interface LabelCount {
  label: string;
  count: number;
}

export interface CommentCounts {
  total: number;
  /** A comment with several labels counts once under each; most first. Comments without a label are `unlabelled`. */
  byCategory: LabelCount[];
  byTheme: LabelCount[];
  unlabelled: { categories: number; themes: number };
}

export interface CommentCommands {
  'comments:search': { args: CommentSearchArgs; result: CommentPage };
  'comments:counts': { args: CommentCountsArgs; result: CommentCounts };
}

const commentFilterKeys = [
  ...feedbackFilterKeys,
  'buttonIndexes',
  'spam',
  'minRelevance',
  'categories',
  'themes',
  'languages',
] as const;

export function parseCommentFilter(value: unknown): Parsed<CommentFilter> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('filter must be an object');
  const extra = unknownKey(value, commentFilterKeys);
  if (extra !== undefined) return bad(`unexpected filter field '${extra}'`);
  const base = parseFilterFields(value, 'filter.');
  if (!base.ok) return base;
  const filter: CommentFilter = base.args;
  const buttons = value.buttonIndexes;
  if (buttons !== undefined) {
    if (!Array.isArray(buttons) || !buttons.every((b) => Number.isInteger(b) && b >= 0 && b <= 10))
      return bad('filter.buttonIndexes must be a list of button indexes 0..10');
    filter.buttonIndexes = buttons.map(Number);
  }
  const spam = parseOneOf(value.spam, spamFilters, 'filter.spam');
  if (!spam.ok) return spam;
  if (spam.args) filter.spam = spam.args;
  const relevance = parseNumber(value.minRelevance, 'filter.minRelevance', 0, 1);
  if (!relevance.ok) return relevance;
  if (relevance.args !== undefined) filter.minRelevance = relevance.args;
  for (const key of ['categories', 'themes', 'languages'] as const) {
    const labels = parseLabels(value[key], `filter.${key}`);
    if (!labels.ok) return labels;
    if (labels.args) filter[key] = labels.args;
  }
  return { ok: true, args: filter };
}

function parseQueryPart(
  value: Record<string, unknown>,
): Parsed<{ query?: string; syntax?: 'fts' | 'words'; filter?: CommentFilter }> {
  const q = value.query;
  if (q !== undefined && (typeof q !== 'string' || q.length > 500))
    return bad('query must be a text of at most 500 characters');
  const syntax = parseOneOf(value.syntax, ['fts', 'words'] as const, 'syntax');
  if (!syntax.ok) return syntax;
  const filter = parseCommentFilter(value.filter);
  if (!filter.ok) return filter;
  return {
    ok: true,
    args: {
      ...(typeof q === 'string' ? { query: q } : {}),
      ...(syntax.args ? { syntax: syntax.args } : {}),
      filter: filter.args,
    },
  };
}

function parseSearchArgs(value: unknown): Parsed<CommentSearchArgs> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['query', 'syntax', 'filter', 'order', 'cursor', 'limit', 'offset']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const base = parseQueryPart(value);
  if (!base.ok) return base;
  const order = parseOneOf(value.order, ['newest', 'best'] as const, 'order');
  if (!order.ok) return order;
  const cursor = parseCursor(value.cursor);
  if (!cursor.ok) return cursor;
  const limit = parseWhole(value.limit, 'limit', 1, 200);
  if (!limit.ok) return limit;
  const offset = parseWhole(value.offset, 'offset', 0, 100_000_000);
  if (!offset.ok) return offset;
  if (offset.args !== undefined && cursor.args) return bad('offset and cursor cannot be given together');
  return {
    ok: true,
    args: {
      ...base.args,
      ...(order.args ? { order: order.args } : {}),
      ...(cursor.args ? { cursor: cursor.args } : {}),
      ...(limit.args !== undefined ? { limit: limit.args } : {}),
      ...(offset.args !== undefined ? { offset: offset.args } : {}),
    },
  };
}

function parseCountsArgs(value: unknown): Parsed<CommentCountsArgs> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['query', 'syntax', 'filter']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  return parseQueryPart(value);
}

export const commentArgs: ArgParsers<CommentCommands> = {
  'comments:search': parseSearchArgs,
  'comments:counts': parseCountsArgs,
};
