// Named reads the comment search needs beside its composed statements: the store's version (for orders kept per
// connection), whether the word rows are current (migration 0013), and what bm25 knows about the index and a word.
import type Database from 'better-sqlite3';
import { named, statement } from '../statements.ts';
import { distinctKeysCte } from '../treeSql.ts';

const reads = {
  dataVersion: named('store.dataVersion', 'PRAGMA data_version'),
  ownChanges: named('store.ownChanges', 'SELECT total_changes()'),
  termsCurrent: named(
    'comments.termsCurrent',
    'SELECT NOT EXISTS (SELECT 1 FROM v2_comment_term_pending) AND NOT EXISTS (SELECT 1 FROM v2_comment_term_gone)',
  ),
  averages: named('comments.ftsAverages', 'SELECT block FROM v2_text_feedback_fts_data WHERE id = 1'),
  termHits: named('comments.termHits', 'SELECT count(*) FROM v2_comment_term WHERE term = ?'),
  idf: named('comments.idf', 'SELECT ln((@rows - @hits + 0.5) / (@hits + 0.5))'),
  frequencies: named(
    'comments.termFrequencies',
    `WITH RECURSIVE ${distinctKeysCte('c', 'tf', 'v2_comment_term', 'term = @term')}
     SELECT tf FROM c WHERE tf IS NOT NULL`,
  ),
};

/** Changes when anything in the file changed since: another connection's commit or a write through this one. */
export function storeVersion(db: Database.Database): string {
  const data = statement(db, reads.dataVersion).pluck().get();
  const own = statement(db, reads.ownChanges).pluck().get();
  return `${String(data)}.${String(own)}`;
}

/**
 * Whether the word rows are current: the writer tokenizes what it wrote, and drops the rows of what it changed or
 * deleted, before it commits (commentTermIndex.ts).
 */
export const termsCurrent = (db: Database.Database): boolean =>
  statement(db, reads.termsCurrent).pluck().get() === 1;

/** The FTS index's averages record (id 1): varints of rows, then tokens per column; null when absent. */
export function ftsAverages(db: Database.Database): Buffer | null {
  const block = statement(db, reads.averages).pluck().get();
  return block instanceof Buffer ? block : null;
}

/** How many comments hold the word. */
export const termHits = (db: Database.Database, term: string): number =>
  Number(statement(db, reads.termHits).pluck().get(term));

/** ln((rows − hits + 0.5) / (hits + 0.5)) through SQLite's ln() (the C library's log, as FTS5's). */
export const idfOf = (db: Database.Database, rows: number, hits: number): number =>
  statement(db, reads.idf).pluck().get({ rows, hits }) as number;

/** The term frequencies the word has, ascending (a seek each). */
export const termFrequencies = (db: Database.Database, term: string): number[] =>
  statement(db, reads.frequencies).pluck().all({ term }) as number[];
