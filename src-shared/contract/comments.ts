// The comments domain of the contract: full-text search with highlighted snippets (as text and match ranges, never
// HTML), filters, cursor paging, and counts by category and theme; with their argument checks.
import * as v from 'valibot';
import { feedbackFilterEntries } from './feedbackFilter.ts';
import type { ArgParsers } from './parse.ts';
import {
  cursor,
  fromBeforeTo,
  labels,
  num,
  objectOf,
  oneOf,
  optionalArgs,
  parserOf,
  whole,
} from './schema.ts';

export type SpamFilter = 'exclude' | 'include' | 'only';
export const spamFilters = ['exclude', 'include', 'only'] as const satisfies readonly SpamFilter[];

const buttonIndexesMessage = 'filter.buttonIndexes must be a list of button indexes 0..10';
const commentFilterFields = objectOf('filter', {
  ...feedbackFilterEntries('filter.'),
  /** Only comments given with these button indexes. */
  buttonIndexes: v.optional(
    v.array(
      v.pipe(
        v.number(buttonIndexesMessage),
        v.integer(buttonIndexesMessage),
        v.minValue(0, buttonIndexesMessage),
        v.maxValue(10, buttonIndexesMessage),
      ),
      buttonIndexesMessage,
    ),
  ),
  /** Spam comments: left out (default), included, or only they. */
  spam: oneOf(spamFilters, 'filter.spam'),
  /**
   * Only comments with at least this relevance (0..1). Relevance is v1 open feedback's (`relevance`); v2 text
   * feedback carries none, so in a v2 store this filter is refused with a sentence saying so.
   */
  minRelevance: num('filter.minRelevance', 0, 1),
  /** Only comments with at least one of these categories / themes (labels as the service sent them). */
  categories: labels('filter.categories'),
  themes: labels('filter.themes'),
  /**
   * Only comments of surveys asked in these languages: the language part of the survey's default locale (`de` of
   * `de_DE`). v2 says no language per comment; its English translation is `textInEnglish`.
   */
  languages: labels('filter.languages'),
});
const commentFilterSchema = v.pipe(
  commentFilterFields,
  fromBeforeTo<v.InferOutput<typeof commentFilterFields>>('filter.'),
);
export type CommentFilter = v.InferOutput<typeof commentFilterSchema>;

/** What both comment commands take: a query in a syntax, and a filter. */
const queryPart = {
  /** FTS5 syntax (words, "phrases", OR, NOT, prefix*) or, with `syntax: 'words'`, words taken literally. Absent or blank: every comment. */
  query: v.optional(
    v.pipe(
      v.string('query must be a text of at most 500 characters'),
      v.maxLength(500, 'query must be a text of at most 500 characters'),
    ),
  ),
  syntax: oneOf(['fts', 'words'], 'syntax'),
  filter: v.optional(commentFilterSchema),
};

const searchFields = optionalArgs({
  ...queryPart,
  /** `newest` (default) or `best` match first (only with a query). */
  order: oneOf(['newest', 'best'], 'order'),
  /** From a previous page's `nextCursor`, with the same query, filter and order. */
  cursor: cursor(),
  /** Page size, default 50, at most 200. */
  limit: whole('limit', 1, 200),
  /**
   * Instead of a cursor: skip this many comments of the ordered result (random access for a virtual list that jumps,
   * e.g. to the end of 100,000). Not together with `cursor`.
   */
  offset: whole('offset', 0, 100_000_000),
});
const searchArgs = v.pipe(
  searchFields,
  v.check(
    (a: v.InferOutput<typeof searchFields>) => a.offset === undefined || a.cursor === undefined,
    'offset and cursor cannot be given together',
  ),
);
export type CommentSearchArgs = v.InferOutput<typeof searchArgs>;

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

const countsArgs = optionalArgs(queryPart);
export type CommentCountsArgs = v.InferOutput<typeof countsArgs>;

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

export const commentArgs: ArgParsers<CommentCommands> = {
  'comments:search': parserOf(searchArgs),
  'comments:counts': parserOf(countsArgs),
};
