// A one-word search from the word's rows of v2_comment_term (migration 0013) instead of ranking every match: best
// match first reads, per term frequency, the shortest comments first (bm25 of one word falls as a comment grows), and
// computes FTS5's own bm25 for those few (same formula, same operations, the same doubles: the order is ORDER BY rank's).
import type Database from 'better-sqlite3';
import {
  type Built,
  ftsAverages,
  idfOf,
  termFrequencies,
  termHits,
  termRowsByFrequency,
  termsCurrent,
} from '../store/reads/commentRead.ts';

export { singleTerm } from '../store/reads/commentRead.ts';

/** The query's word-row statement when the query is one word and the rows are current, else null. */
export function termRoute(db: Database.Database, b: Built): NonNullable<Built['terms']> | null {
  return b.terms && termsCurrent(db) ? b.terms : null;
}

/** SQLite's varints (big-endian, 7 bits a byte, the ninth byte whole), as FTS5 writes its records. */
function varints(block: Buffer): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < block.length) {
    let v = 0;
    for (let k = 0; ; k++) {
      const byte = block[i++] ?? 0;
      if (k === 8) {
        v = v * 256 + byte;
        break;
      }
      v = v * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    out.push(v);
  }
  return out;
}

/**
 * What FTS5's bm25 knows beyond the comment (fts5_aux.c, fts5Bm25GetData): the mean length over every indexed
 * comment (the index's averages record, id 1: rows, then tokens per column) and the word's IDF,
 * ln((N − n + 0.5) / (n + 0.5)) with n the comments holding it (at least 1e-6), through SQLite's ln() (the C library's
 * log, as FTS5's).
 */
function bm25Stats(db: Database.Database, term: string): { avgdl: number; idf: number } {
  const block = ftsAverages(db);
  const [rows = 0, ...columns] = block ? varints(block) : [];
  const tokens = columns.reduce((sum, n) => sum + n, 0);
  const idf = idfOf(db, rows, termHits(db, term));
  return { avgdl: tokens / rows, idf: idf <= 0 ? 1e-6 : idf };
}

/**
 * The ids of the best `reach` comments for the one-word query of `b` under its filters, best first (ties: newest
 * first), as `ORDER BY rank, rowid DESC` over the full-text matches would give them. bm25 with k1 = 1.2, b = 0.75
 * (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009; FTS5's fts5Bm25Function),
 * written with the C code's operations in its order, so every score is the same double.
 */
export function bestByTerm(
  db: Database.Database,
  b: Built,
  terms: NonNullable<Built['terms']>,
  reach: number,
): number[] {
  const term = b.params.term;
  if (typeof term !== 'string') throw new Error('bestByTerm needs a one-word query');
  const { avgdl, idf } = bm25Stats(db, term);
  const k1 = 1.2;
  const bb = 0.75;
  const score = (tf: number, dl: number): number =>
    -1.0 * (0 + idf * ((tf * (k1 + 1.0)) / (tf + k1 * (1 - bb + (bb * dl) / avgdl))));
  // The frequencies the word has (a seek each), then per frequency the shortest comments first.
  const frequencies = termFrequencies(db, term);
  const perFrequency = termRowsByFrequency(db, { ...b, terms }, reach);
  const found: { id: number; rank: number }[] = [];
  for (const tf of frequencies)
    for (const [id, dl] of perFrequency(tf)) found.push({ id, rank: score(tf, dl) });
  return found
    .sort((x, y) => x.rank - y.rank || y.id - x.id)
    .slice(0, reach)
    .map((r) => r.id);
}
