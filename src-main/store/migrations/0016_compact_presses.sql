-- 0016: fewer bytes per press (docs/SCHEMA.md "Bytes per press"). Instant on any file: nothing is read or rewritten;
-- rows written from now on take the compact forms, stored rows keep theirs and read the same.
--
-- 1. `ui` (of the facts, their stage, the follow-ups and the comments): the three values the service sends are
--    stored as `ui_code` '' for 'physical', 't' for 'touchless', 'd' for 'digital' (2–3 bytes of record instead of
--    9–11), any other value as sent in `ui_text` (the old column, renamed: rows stored before keep their value
--    there, with no `ui_code`). `ui` is a VIRTUAL column that reads them back, so every reader reads `ui` as before;
--    a value is never taken for another (uiCode.ts).
ALTER TABLE v2_button_feedback RENAME COLUMN ui TO ui_text;
ALTER TABLE v2_button_feedback ADD COLUMN ui_code TEXT;
ALTER TABLE v2_button_feedback ADD COLUMN ui TEXT GENERATED ALWAYS AS
  (CASE ui_code WHEN '' THEN 'physical' WHEN 't' THEN 'touchless' WHEN 'd' THEN 'digital' ELSE ui_text END) VIRTUAL;
ALTER TABLE v2_button_feedback_stage RENAME COLUMN ui TO ui_text;
ALTER TABLE v2_button_feedback_stage ADD COLUMN ui_code TEXT;
ALTER TABLE v2_button_feedback_stage ADD COLUMN ui TEXT GENERATED ALWAYS AS
  (CASE ui_code WHEN '' THEN 'physical' WHEN 't' THEN 'touchless' WHEN 'd' THEN 'digital' ELSE ui_text END) VIRTUAL;
ALTER TABLE v2_followup_feedback RENAME COLUMN ui TO ui_text;
ALTER TABLE v2_followup_feedback ADD COLUMN ui_code TEXT;
ALTER TABLE v2_followup_feedback ADD COLUMN ui TEXT GENERATED ALWAYS AS
  (CASE ui_code WHEN '' THEN 'physical' WHEN 't' THEN 'touchless' WHEN 'd' THEN 'digital' ELSE ui_text END) VIRTUAL;
ALTER TABLE v2_text_feedback RENAME COLUMN ui TO ui_text;
ALTER TABLE v2_text_feedback ADD COLUMN ui_code TEXT;
ALTER TABLE v2_text_feedback ADD COLUMN ui TEXT GENERATED ALWAYS AS
  (CASE ui_code WHEN '' THEN 'physical' WHEN 't' THEN 'touchless' WHEN 'd' THEN 'digital' ELSE ui_text END) VIRTUAL;

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
