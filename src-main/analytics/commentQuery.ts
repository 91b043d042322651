// A comment search's question: the filter checked for what only API version 1 knows, then built as the store's
// statements (store/reads/commentSql.ts); and the label lists of its rows as arrays.
import type { CommentFilter } from '#shared/contract.ts';
import { type Built, buildComments as buildCommentSql } from '../store/reads/commentRead.ts';
import { CommentSearchError } from './commentSearch.ts';

export { runSearch } from './commentSearch.ts';
export { ftsId, type Built } from '../store/reads/commentRead.ts';

/** The search as the store's statements; a filter this store cannot answer is a CommentSearchError. */
export function buildComments(
  query: string | undefined,
  syntax: 'fts' | 'words' | undefined,
  filter: CommentFilter,
): Built {
  if (filter.minRelevance !== undefined)
    throw new CommentSearchError(
      'Relevance is known only for comments synced through API version 1; leave the relevance filter out here.',
    );
  return buildCommentSql(query, syntax, filter);
}

/** Label lists as stored (comma-separated), trimmed, empty ones left out. */
export const labels = (list: string | null): string[] =>
  (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
