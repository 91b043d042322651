// The shape of a comment search built as SQL (commentQuery.ts builds it, commentTerms.ts reads one-word queries).

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
   * Without the index (and without the prefix): the statement over the facet rows `f` alone, every filter a condition on them, read in
   * label-set order (a covering index: per label set an id range, or per label set and chosen point; a GROUP BY
   * label set needs no sort).
   */
  scan(columns: string): string;
  params: Record<string, unknown>;
  /** Whether there is a query to match. */
  fts: boolean;
  /** The query alone (no facet terms): what highlights mark and what best-first ranks. */
  textMatch: string | null;
  /**
   * With a one-word query (commentTerms.ts): the statement (without the prefix) selecting `columns` over that word's
   * rows `t` of v2_comment_term under the same filters, with `extra` conditions (the facet rows `f` joined when a
   * filter needs them). Null for any other query.
   */
  terms: ((columns: string, extra?: string[]) => string) | null;
}
