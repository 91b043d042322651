-- 0012: comment counts by category and theme without reading the comment rows (docs/SCHEMA.md "v2_comment_facet").
-- Each comment's label lists (categories, themes as sent) become one small id from a dictionary of the distinct pairs,
-- and a narrow row per comment holds what the counts filter on: its id (time-ordered since 0010, so a date range is an
-- id range), point, survey, button, spam, misuse and that label-set id. Counts without a query read a covering index
-- in label-set order (no sort; one index for the whole tree, one for chosen points); counts with a query join the full-text matches to these narrow rows by id.
-- Kept current by triggers on v2_text_feedback, inside the transaction that writes the page (as the FTS index is).

CREATE TABLE v2_comment_label_set (
  label_set_id INTEGER PRIMARY KEY,
  categories TEXT NOT NULL, -- as sent; '' for none (NULL and '' are the same here)
  themes TEXT NOT NULL,
  UNIQUE (categories, themes)
) STRICT;

CREATE TABLE v2_comment_facet (
  text_feedback_id INTEGER PRIMARY KEY,
  label_set_id INTEGER NOT NULL,
  experience_point_id INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  button_index INTEGER NOT NULL,
  spam INTEGER NOT NULL,
  misuse INTEGER NOT NULL
) STRICT;

INSERT INTO v2_comment_label_set (categories, themes)
SELECT DISTINCT coalesce(categories, ''), coalesce(themes, '') FROM v2_text_feedback ORDER BY 1, 2;

INSERT INTO v2_comment_facet (text_feedback_id, label_set_id, experience_point_id, survey_id, button_index, spam,
  misuse)
SELECT t.text_feedback_id, s.label_set_id, t.experience_point_id, t.survey_id, t.button_index, t.spam, t.misuse
FROM v2_text_feedback t
JOIN v2_comment_label_set s ON s.categories = coalesce(t.categories, '') AND s.themes = coalesce(t.themes, '')
ORDER BY t.text_feedback_id;

-- Counts without a query: per label set (the IN list's order), an id range, the filters read from the index; with
-- chosen points, per label set and point (only those points' rows are read).
CREATE INDEX v2_comment_facet_count ON v2_comment_facet (label_set_id, text_feedback_id, experience_point_id,
  survey_id, button_index, spam, misuse);
CREATE INDEX v2_comment_facet_point_count ON v2_comment_facet (label_set_id, experience_point_id, text_feedback_id,
  survey_id, button_index, spam, misuse);

-- What the triggers write, in one place: a comment's facet row, its pair of label lists added to the dictionary when
-- new (without a conflict clause: a REPLACE of the statement that fires the trigger would renumber the pair).
CREATE VIEW v2_comment_facet_write AS
SELECT text_feedback_id, experience_point_id, survey_id, button_index, spam, misuse, categories, themes
FROM v2_text_feedback WHERE 0;

CREATE TRIGGER v2_comment_facet_write INSTEAD OF INSERT ON v2_comment_facet_write BEGIN
  INSERT INTO v2_comment_label_set (categories, themes)
  SELECT coalesce(new.categories, ''), coalesce(new.themes, '')
  WHERE NOT EXISTS (SELECT 1 FROM v2_comment_label_set
    WHERE categories = coalesce(new.categories, '') AND themes = coalesce(new.themes, ''));
  INSERT INTO v2_comment_facet (text_feedback_id, label_set_id, experience_point_id, survey_id, button_index, spam,
    misuse)
  SELECT new.text_feedback_id, label_set_id, new.experience_point_id, new.survey_id, new.button_index, new.spam,
    new.misuse
  FROM v2_comment_label_set WHERE categories = coalesce(new.categories, '') AND themes = coalesce(new.themes, '');
END;

CREATE TRIGGER v2_comment_facet_insert AFTER INSERT ON v2_text_feedback BEGIN
  INSERT INTO v2_comment_facet_write VALUES (new.text_feedback_id, new.experience_point_id, new.survey_id,
    new.button_index, new.spam, new.misuse, new.categories, new.themes);
END;

CREATE TRIGGER v2_comment_facet_update AFTER UPDATE ON v2_text_feedback BEGIN
  DELETE FROM v2_comment_facet WHERE text_feedback_id = old.text_feedback_id;
  INSERT INTO v2_comment_facet_write VALUES (new.text_feedback_id, new.experience_point_id, new.survey_id,
    new.button_index, new.spam, new.misuse, new.categories, new.themes);
END;

CREATE TRIGGER v2_comment_facet_delete AFTER DELETE ON v2_text_feedback BEGIN
  DELETE FROM v2_comment_facet WHERE text_feedback_id = old.text_feedback_id;
END;
