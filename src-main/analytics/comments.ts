// Comments (v2 text feedback): FTS5 search with match ranges and a snippet as text segments (never HTML), filters,
// keyset paging (newest first) or offset paging (best match first), and counts by category and theme.
import type Database from 'better-sqlite3';
import type { CommentHit, CommentPage, CommentSearchArgs } from '#shared/contract.ts';
import { feedbackIdText } from '../store/repos/buttonFeedbackRepo.ts';
import { keptOrder } from './commentOrder.ts';
import { buildComments, labels, runSearch } from './commentQuery.ts';
import { CommentSearchError, formatLocalTimestamp } from './commentSearch.ts';
import { bestByTerm, termRoute } from './commentTerms.ts';
import { pointNames } from '../store/reads/feedbackFilter.ts';
import {
  bestIds,
  hitRows,
  type HitRow,
  idsAtOffset,
  markClose,
  markOpen,
  matchCount,
  newestIds,
  rankedIds,
} from '../store/reads/commentRead.ts';
import { highlightSegments, snippetOf } from './snippets.ts';

export { CommentSearchError } from './commentSearch.ts';
export { countComments } from './commentCounts.ts';
export { markClose, markOpen } from '../store/reads/commentRead.ts';

/** How deep best-match-first pages come from a word's rows; deeper pages read the whole order (commentOrder.ts). */
const termPagesReach = 2_000;

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
// eslint-disable-next-line complexity -- the three routes of a page (best first, by offset, by cursor) and its cursor share their filters and paging; split apart they would each repeat them
export function searchCommentPage(db: Database.Database, args: CommentSearchArgs): CommentPage {
  const filter = args.filter ?? {};
  const b = buildComments(args.query, args.syntax, filter);
  const order = b.fts ? (args.order ?? 'newest') : 'newest';
  const limit = args.limit ?? 50;
  const cursor = readCursor(args.cursor, order);
  const raw = args.query ?? '';
  // First the page's ids in order (newest first is the ids' own order: read from the index's end, no sort), then
  // the texts and highlights of those.
  const skip = args.offset;
  let ids: number[];
  let total: number | null = null;
  const terms = termRoute(db, b);
  if (order === 'best') {
    // Ranked by bm25 (ties: newest first). A one-word query's first pages come from the word's rows, a few per term
    // frequency (commentTerms.ts). Otherwise ranking every match is the cost: the first page keeps only the best
    // `limit` while ranking (and counts apart: together ~15% faster than the whole order on `large`); a later page or
    // a jump reads the whole order, ranked once and kept until the store changes (commentOrder.ts).
    const from = skip ?? (typeof cursor === 'number' ? cursor : 0);
    if (terms && from + limit + 1 <= termPagesReach)
      ids = bestByTerm(db, b, terms, from + limit + 1).slice(from);
    else if (from === 0) ids = runSearch(raw, () => bestIds(db, b, limit + 1));
    else {
      const all = runSearch(raw, () => keptOrder(db, JSON.stringify(b.params), () => rankedIds(db, b)));
      total = all.length;
      ids = all.slice(from, from + limit + 1);
    }
  } else if (skip !== undefined) {
    // Random access (a virtual list's jump): the same order, counted from the start.
    ids = runSearch(raw, () => idsAtOffset(db, b, limit + 1, skip));
  } else {
    const before = cursor !== null && typeof cursor === 'object' ? cursor.id : null;
    ids = runSearch(raw, () => newestIds(db, b, limit + 1, before));
  }
  total ??= runSearch(raw, () => matchCount(db, b, terms !== null));
  const found = runSearch(raw, () => hitRows(db, ids, b.textMatch));
  const byId = new Map(found.map((r) => [r.id, r]));
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
