-- 0013: best match first and counts for a one-word search without reading every match (docs/SCHEMA.md
-- "v2_comment_term"). Per word and comment: the word's instances in the two text columns (bm25's term frequency) and
-- the comment's length in tokens (bm25's document length, all three indexed columns, as FTS5 counts them), in that
-- order: for one word, bm25 falls as the length grows and rises with the frequency, so the best comments of each
-- frequency are the first rows of its range, and a first page reads a few rows per frequency instead of ranking
-- every match. The comment's label set, button and flags ride along, so counts by category and theme for a word read
-- this table's range alone. Words come from FTS5's own tokenizer (fts5vocab), never from a second tokenizer.
-- Kept current in the write transaction: triggers note written comments in v2_comment_term_pending and drop the rows
-- of changed or deleted ones; the writer tokenizes the noted comments before it commits (commentTermIndex.ts).

CREATE TABLE v2_comment_term (
  term TEXT NOT NULL, -- as FTS5 indexes it (folded, diacritics removed)
  tf INTEGER NOT NULL, -- instances in text and text_in_english
  dl INTEGER NOT NULL, -- the comment's tokens in text, text_in_english and facets
  text_feedback_id INTEGER NOT NULL,
  label_set_id INTEGER NOT NULL,
  button_index INTEGER NOT NULL,
  spam INTEGER NOT NULL,
  misuse INTEGER NOT NULL,
  PRIMARY KEY (term, tf, dl, text_feedback_id DESC)
) STRICT, WITHOUT ROWID;
CREATE INDEX v2_comment_term_comment ON v2_comment_term (text_feedback_id);

-- Comments written since the writer last tokenized (empty after every commit of the writer).
CREATE TABLE v2_comment_term_pending (text_feedback_id INTEGER PRIMARY KEY) STRICT;

-- Without conflict clauses: the statement that fires a trigger would impose its own (see 0012).
CREATE TRIGGER v2_comment_term_insert AFTER INSERT ON v2_text_feedback BEGIN
  INSERT INTO v2_comment_term_pending SELECT new.text_feedback_id
  WHERE NOT EXISTS (SELECT 1 FROM v2_comment_term_pending WHERE text_feedback_id = new.text_feedback_id);
END;

CREATE TRIGGER v2_comment_term_update AFTER UPDATE ON v2_text_feedback BEGIN
  DELETE FROM v2_comment_term WHERE text_feedback_id IN (old.text_feedback_id, new.text_feedback_id);
  DELETE FROM v2_comment_term_pending WHERE text_feedback_id = old.text_feedback_id;
  INSERT INTO v2_comment_term_pending SELECT new.text_feedback_id
  WHERE NOT EXISTS (SELECT 1 FROM v2_comment_term_pending WHERE text_feedback_id = new.text_feedback_id);
END;

CREATE TRIGGER v2_comment_term_delete AFTER DELETE ON v2_text_feedback BEGIN
  DELETE FROM v2_comment_term WHERE text_feedback_id = old.text_feedback_id;
  DELETE FROM v2_comment_term_pending WHERE text_feedback_id = old.text_feedback_id;
END;

-- The stored comments, from the full-text index's instances (term, comment, column, offset): 10 s on `large`.
CREATE VIRTUAL TABLE temp.v2_comment_term_instance USING fts5vocab(main, v2_text_feedback_fts, instance);
CREATE TEMP TABLE v2_comment_term_count (term TEXT NOT NULL, doc INTEGER NOT NULL, tf INTEGER NOT NULL,
  n INTEGER NOT NULL);
INSERT INTO temp.v2_comment_term_count
SELECT term, doc, count(*) FILTER (WHERE col <> 'facets'), count(*) FROM temp.v2_comment_term_instance
GROUP BY term, doc;
CREATE TEMP TABLE v2_comment_term_length (doc INTEGER PRIMARY KEY, dl INTEGER NOT NULL);
INSERT INTO temp.v2_comment_term_length SELECT doc, sum(n) FROM temp.v2_comment_term_count GROUP BY doc;
INSERT INTO v2_comment_term (term, tf, dl, text_feedback_id, label_set_id, button_index, spam, misuse)
SELECT c.term, c.tf, l.dl, c.doc, f.label_set_id, f.button_index, f.spam, f.misuse
FROM temp.v2_comment_term_count c
JOIN temp.v2_comment_term_length l ON l.doc = c.doc
JOIN v2_comment_facet f ON f.text_feedback_id = c.doc
WHERE c.tf > 0
ORDER BY c.term, c.tf, l.dl, c.doc DESC;
DROP TABLE temp.v2_comment_term_length;
DROP TABLE temp.v2_comment_term_count;
DROP TABLE temp.v2_comment_term_instance;
