-- 0016: fewer bytes per press (docs/SCHEMA.md "Bytes per press"). Nothing is read or rewritten (no column is added
-- either: SQLite checks every row of a STRICT table it adds a column to, minutes for the facts of `large`); rows
-- written from now on take the compact forms, stored rows keep theirs and read the same.
--
-- 1. `ui` (facts, stage, follow-ups, comments) needs no schema change: the writers store 'physical', 'touchless'
--    and 'digital' as one byte (repos/uiCode.ts) and the readers read the column through uiOf().
--
-- 2. The word rows of a changed or deleted comment are found from its old text, not through an index by comment
--    (v2_comment_term_comment was 2.9 bytes per press on `large`): the triggers keep the old text of a comment whose
--    rows are stored (one not noted as pending) in v2_comment_term_gone, and the writer tokenizes it as it tokenizes
--    new comments and deletes exactly those rows by their key (commentTermIndex.ts) before it commits.
DROP INDEX v2_comment_term_comment;
CREATE TABLE v2_comment_term_gone (
  text_feedback_id INTEGER PRIMARY KEY,
  text TEXT NOT NULL,
  text_in_english TEXT,
  facets TEXT NOT NULL
) STRICT;

DROP TRIGGER v2_comment_term_update;
DROP TRIGGER v2_comment_term_delete;
-- Without conflict clauses: the statement that fires a trigger would impose its own (see 0012).
CREATE TRIGGER v2_comment_term_update AFTER UPDATE ON v2_text_feedback BEGIN
  INSERT INTO v2_comment_term_gone (text_feedback_id, text, text_in_english, facets)
  SELECT old.text_feedback_id, old.text, old.text_in_english, old.facets
  WHERE NOT EXISTS (SELECT 1 FROM v2_comment_term_pending WHERE text_feedback_id = old.text_feedback_id)
    AND NOT EXISTS (SELECT 1 FROM v2_comment_term_gone WHERE text_feedback_id = old.text_feedback_id);
  DELETE FROM v2_comment_term_pending WHERE text_feedback_id = old.text_feedback_id;
  INSERT INTO v2_comment_term_pending SELECT new.text_feedback_id
  WHERE NOT EXISTS (SELECT 1 FROM v2_comment_term_pending WHERE text_feedback_id = new.text_feedback_id);
END;

CREATE TRIGGER v2_comment_term_delete AFTER DELETE ON v2_text_feedback BEGIN
  INSERT INTO v2_comment_term_gone (text_feedback_id, text, text_in_english, facets)
  SELECT old.text_feedback_id, old.text, old.text_in_english, old.facets
  WHERE NOT EXISTS (SELECT 1 FROM v2_comment_term_pending WHERE text_feedback_id = old.text_feedback_id)
    AND NOT EXISTS (SELECT 1 FROM v2_comment_term_gone WHERE text_feedback_id = old.text_feedback_id);
  DELETE FROM v2_comment_term_pending WHERE text_feedback_id = old.text_feedback_id;
END;
