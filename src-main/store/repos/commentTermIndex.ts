// Keeps v2_comment_term current (migrations 0013, 0016): the comments the triggers noted since the last write are
// tokenized by FTS5 itself (a private, contentless FTS5 table with the store index's tokenizer, read through
// fts5vocab) and their per-word rows written, inside the caller's transaction; the old texts of changed and deleted
// comments are tokenized the same way first and exactly their rows deleted by key.
import type Database from 'better-sqlite3';
import { named, statement } from '../statements.ts';

export interface CommentTermIndex {
  /** Writes the rows of every noted comment and clears the notes; returns the comments tokenized. */
  flush(): number;
}

/** The store's full-text tokenizer (migration 0010): the words of v2_comment_term must be the index's words. */
export const commentTokenizer = 'unicode61 remove_diacritics 2';

// Per comment and word of the private table: instances in the two texts, and the comment's instances in all three
// columns (FTS5's length; grouped by comment first, so the window needs no second sort).
const words = `SELECT term, doc, count(*) FILTER (WHERE col <> 'facets') AS tf,
    sum(count(*)) OVER (PARTITION BY doc) AS dl
  FROM temp.comment_token_instance GROUP BY doc, term`;

const sqls = {
  noted: named('commentTerms.noted', 'SELECT EXISTS (SELECT 1 FROM v2_comment_term_pending)'),
  gone: named('commentTerms.gone', 'SELECT EXISTS (SELECT 1 FROM v2_comment_term_gone)'),
  loadGone: named(
    'commentTerms.loadGone',
    `INSERT INTO temp.comment_tokens (rowid, text, text_in_english, facets)
     SELECT text_feedback_id, text, text_in_english, facets FROM v2_comment_term_gone`,
  ),
  // The rows the old texts were written as: each one found by its whole key.
  drop: named(
    'commentTerms.drop',
    `DELETE FROM v2_comment_term WHERE (term, tf, dl, text_feedback_id) IN
     (SELECT term, tf, dl, doc FROM (${words}) WHERE tf > 0)`,
  ),
  clearGone: named('commentTerms.clearGone', 'DELETE FROM v2_comment_term_gone'),
  load: named(
    'commentTerms.load',
    `INSERT INTO temp.comment_tokens (rowid, text, text_in_english, facets)
     SELECT t.text_feedback_id, t.text, t.text_in_english, t.facets
     FROM v2_comment_term_pending p JOIN v2_text_feedback t ON t.text_feedback_id = p.text_feedback_id`,
  ),
  // In the table's key order: inserted comment by comment, every word's range grew in its middle and left the pages
  // about half empty (47 % unused on `large`); in key order a page's rows of one word go in side by side (21 %).
  write: named(
    'commentTerms.write',
    `INSERT INTO v2_comment_term (term, tf, dl, text_feedback_id, label_set_id, button_index, spam, misuse)
     SELECT w.term, w.tf, w.dl, w.doc, f.label_set_id, f.button_index, f.spam, f.misuse
     FROM (${words}) w
     JOIN v2_comment_facet f ON f.text_feedback_id = w.doc
     WHERE w.tf > 0
     ORDER BY w.term, w.tf, w.dl, w.doc DESC`,
  ),
  reset: named(
    'commentTerms.reset',
    "INSERT INTO temp.comment_tokens (comment_tokens) VALUES ('delete-all')",
  ),
  clear: named('commentTerms.clear', 'DELETE FROM v2_comment_term_pending'),
};

export function createCommentTermIndex(db: Database.Database): CommentTermIndex {
  let made: Record<keyof typeof sqls, Database.Statement> | null = null;
  const statements = (): NonNullable<typeof made> => {
    if (made) return made;
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.comment_tokens USING fts5(text, text_in_english, facets,
      content = '', tokenize = '${commentTokenizer}')`);
    db.exec(
      'CREATE VIRTUAL TABLE IF NOT EXISTS temp.comment_token_instance USING fts5vocab(temp, comment_tokens, instance)',
    );
    made = {
      noted: statement(db, sqls.noted).pluck(),
      gone: statement(db, sqls.gone).pluck(),
      loadGone: statement(db, sqls.loadGone),
      drop: statement(db, sqls.drop),
      clearGone: statement(db, sqls.clearGone),
      load: statement(db, sqls.load),
      write: statement(db, sqls.write),
      reset: statement(db, sqls.reset),
      clear: statement(db, sqls.clear),
    };
    return made;
  };
  return {
    flush() {
      const s = statements();
      if (s.gone.get()) {
        s.loadGone.run();
        s.drop.run();
        s.reset.run();
        s.clearGone.run();
      }
      if (!s.noted.get()) return 0;
      const comments = s.load.run().changes;
      s.write.run();
      s.reset.run();
      s.clear.run();
      return comments;
    },
  };
}
