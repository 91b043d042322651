-- 0010: comments found newest first from the full-text index alone (docs/SCHEMA.md "v2_text_feedback_fts").
-- text_feedback_id becomes time-ordered: local_time × 1024 + k, k = 0, 1, … among comments of the same local
-- millisecond (ids stay unique even past 1024 of them: each id is at least one more than the one before), so the
-- FTS5 index's rowid order is the newest-first order and a page is read from the index's end without joining or
-- sorting every match. A generated column `facets` ('spam0 misuse0 button3') is indexed as a third FTS column, so
-- the spam, misuse and button filters, and the count of matches under them, are answered by the index too.
-- The search wraps the user's query in a column filter ({text text_in_english} : (…)): words never match facets.

DROP TRIGGER v2_text_feedback_fts_insert;
DROP TRIGGER v2_text_feedback_fts_delete;
DROP TRIGGER v2_text_feedback_fts_update;
DROP TABLE v2_text_feedback_fts;

CREATE TABLE v2_text_feedback_ordered (
  text_feedback_id INTEGER PRIMARY KEY,
  experience_point_id INTEGER NOT NULL,
  local_time INTEGER NOT NULL,
  feedback_id ANY NOT NULL,
  position INTEGER NOT NULL,
  utc_offset_min INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  smiley_id INTEGER NOT NULL,
  button_index INTEGER NOT NULL CHECK (button_index BETWEEN 0 AND 10),
  misuse INTEGER NOT NULL CHECK (misuse IN (0, 1)),
  ui TEXT,
  text TEXT NOT NULL,
  masked_text TEXT,
  rephrased_text TEXT,
  text_in_english TEXT,
  spam INTEGER NOT NULL CHECK (spam IN (0, 1)),
  categories TEXT,
  themes TEXT,
  facets TEXT GENERATED ALWAYS AS ('spam' || spam || ' misuse' || misuse || ' button' || button_index) VIRTUAL,
  UNIQUE (experience_point_id, local_time, feedback_id, position)
) STRICT;

-- id_i = i + max over j ≤ i of (local_time_j × 1024 − j), rows i in (local_time, old id) order: local_time × 1024 + k.
INSERT INTO v2_text_feedback_ordered (text_feedback_id, experience_point_id, local_time, feedback_id, position,
  utc_offset_min, survey_id, smiley_id, button_index, misuse, ui, text, masked_text, rephrased_text, text_in_english,
  spam, categories, themes)
SELECT rn + max(local_time * 1024 - rn) OVER (ORDER BY rn ROWS UNBOUNDED PRECEDING), experience_point_id, local_time,
  feedback_id, position, utc_offset_min, survey_id, smiley_id, button_index, misuse, ui, text, masked_text,
  rephrased_text, text_in_english, spam, categories, themes
FROM (SELECT *, row_number() OVER (ORDER BY local_time, text_feedback_id) AS rn FROM v2_text_feedback)
ORDER BY rn;

DROP TABLE v2_text_feedback;
ALTER TABLE v2_text_feedback_ordered RENAME TO v2_text_feedback;

CREATE VIRTUAL TABLE v2_text_feedback_fts USING fts5(
  text,
  text_in_english,
  facets,
  content = 'v2_text_feedback',
  content_rowid = 'text_feedback_id',
  tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO v2_text_feedback_fts (v2_text_feedback_fts) VALUES ('rebuild');
-- Best match first ranks by the two text columns only.
INSERT INTO v2_text_feedback_fts (v2_text_feedback_fts, rank) VALUES ('rank', 'bm25(1.0, 1.0, 0.0)');

CREATE TRIGGER v2_text_feedback_fts_insert AFTER INSERT ON v2_text_feedback BEGIN
  INSERT INTO v2_text_feedback_fts (rowid, text, text_in_english, facets)
  VALUES (new.text_feedback_id, new.text, new.text_in_english, new.facets);
END;

CREATE TRIGGER v2_text_feedback_fts_delete AFTER DELETE ON v2_text_feedback BEGIN
  INSERT INTO v2_text_feedback_fts (v2_text_feedback_fts, rowid, text, text_in_english, facets)
  VALUES ('delete', old.text_feedback_id, old.text, old.text_in_english, old.facets);
END;

CREATE TRIGGER v2_text_feedback_fts_update
AFTER UPDATE OF text, text_in_english, spam, misuse, button_index ON v2_text_feedback BEGIN
  INSERT INTO v2_text_feedback_fts (v2_text_feedback_fts, rowid, text, text_in_english, facets)
  VALUES ('delete', old.text_feedback_id, old.text, old.text_in_english, old.facets);
  INSERT INTO v2_text_feedback_fts (rowid, text, text_in_english, facets)
  VALUES (new.text_feedback_id, new.text, new.text_in_english, new.facets);
END;
