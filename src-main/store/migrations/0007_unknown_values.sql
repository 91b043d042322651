-- A reference to something gone and a value the documents do not list are kept, not refused: an alert comment whose
-- user no longer exists (the service sends userId null) keeps its row with user_id NULL, and a v1 survey type other
-- than TERMINAL, TABLET and WEB is stored as sent. Both tables are rebuilt under their own names (copy aside, drop,
-- create, copy back), so the views that read v1_survey need no rename.
CREATE TEMP TABLE v2_alert_comment_copy AS SELECT * FROM v2_alert_comment;
DROP TABLE v2_alert_comment;
CREATE TABLE v2_alert_comment (
  alert_comment_id INTEGER PRIMARY KEY,
  alert_id INTEGER NOT NULL,
  user_id INTEGER,
  time TEXT NOT NULL,
  time_utc INTEGER NOT NULL,
  comment TEXT NOT NULL
) STRICT;
INSERT INTO v2_alert_comment SELECT * FROM v2_alert_comment_copy;
DROP TABLE v2_alert_comment_copy;
CREATE INDEX v2_alert_comment_by_alert ON v2_alert_comment (alert_id, time_utc);

CREATE TEMP TABLE v1_survey_copy AS SELECT * FROM v1_survey;
DROP TABLE v1_survey;
CREATE TABLE v1_survey (
  survey_key INTEGER PRIMARY KEY,
  folder_key INTEGER NOT NULL,
  question_key INTEGER NOT NULL,
  time_zone TEXT NOT NULL,
  survey_type TEXT
) STRICT;
INSERT INTO v1_survey SELECT * FROM v1_survey_copy;
DROP TABLE v1_survey_copy;
CREATE INDEX v1_survey_by_folder ON v1_survey (folder_key);
