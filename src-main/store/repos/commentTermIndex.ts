// Keeps v2_comment_term current (migration 0013): the comments the triggers noted since the last write are tokenized
// by FTS5 itself (a private, contentless FTS5 table with the store index's tokenizer, read through fts5vocab) and
// their per-word rows written, inside the caller's transaction.
import type Database from 'better-sqlite3';
import { named, statement } from '../statements.ts';

export interface CommentTermIndex {
  /** Writes the rows of every noted comment and clears the notes; returns the comments tokenized. */
  flush(): number;
}

/** The store's full-text tokenizer (migration 0010): the words of v2_comment_term must be the index's words. */
export const commentTokenizer = 'unicode61 remove_diacritics 2';

const sqls = {
  noted: named('commentTerms.noted', 'SELECT EXISTS (SELECT 1 FROM v2_comment_term_pending)'),
  load: named(
    'commentTerms.load',
    `INSERT INTO temp.comment_tokens (rowid, text, text_in_english, facets)
     SELECT t.text_feedback_id, t.text, t.text_in_english, t.facets
     FROM v2_comment_term_pending p JOIN v2_text_feedback t ON t.text_feedback_id = p.text_feedback_id`,
  ),
  // Per comment and word: instances in the two texts, and the comment's instances in all three columns (FTS5's
  // length; grouped by comment first, so the window needs no second sort).
  write: named(
    'commentTerms.write',
    `INSERT INTO v2_comment_term (term, tf, dl, text_feedback_id, label_set_id, button_index, spam, misuse)
     SELECT w.term, w.tf, w.dl, w.doc, f.label_set_id, f.button_index, f.spam, f.misuse
     FROM (SELECT term, doc, count(*) FILTER (WHERE col <> 'facets') AS tf,
         sum(count(*)) OVER (PARTITION BY doc) AS dl
       FROM temp.comment_token_instance GROUP BY doc, term) w
     JOIN v2_comment_facet f ON f.text_feedback_id = w.doc
     WHERE w.tf > 0`,
  ),
  reset: named(
    'commentTerms.reset',
    "INSERT INTO temp.comment_tokens (comment_tokens) VALUES ('delete-all')",
  ),
  clear: named('commentTerms.clear', 'DELETE FROM v2_comment_term_pending'),
};

export function createCommentTermIndex(db: Database.Database): CommentTermIndex {
  let made: {
    noted: Database.Statement;
    load: Database.Statement;
    write: Database.Statement;
    reset: Database.Statement;
    clear: Database.Statement;
  } | null = null;
  const statements = (): NonNullable<typeof made> => {
    if (made) return made;
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.comment_tokens USING fts5(text, text_in_english, facets,
      content = '', tokenize = '${commentTokenizer}')`);
    db.exec(
      'CREATE VIRTUAL TABLE IF NOT EXISTS temp.comment_token_instance USING fts5vocab(temp, comment_tokens, instance)',
    );
    made = {
      noted: statement(db, sqls.noted).pluck(),
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
      if (!s.noted.get()) return 0;
      const comments = s.load.run().changes;
      s.write.run();
      s.reset.run();
      s.clear.run();
      return comments;
    },
  };
}
