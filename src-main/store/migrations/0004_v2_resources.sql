-- 0004: every v2 resource besides the tree and button feedbacks. Definitions and people (replaced whole per sync),
-- the five feedback lists (keyed by feedback, window-replaced), alerts and comments (upserted by id), and an FTS5
-- index over text feedback kept current by triggers. docs/SCHEMA.md says what each column means and why.

CREATE TABLE v2_survey (
  survey_id INTEGER PRIMARY KEY,
  question_id INTEGER NOT NULL,
  default_locale TEXT NOT NULL,
  question_text TEXT,
  survey_type TEXT NOT NULL,
  feedback_scale TEXT NOT NULL,
  index_type TEXT NOT NULL,
  state TEXT NOT NULL
) STRICT;

-- Which authorised experience points run which survey: read both ways.
CREATE TABLE v2_survey_experience_point (
  survey_id INTEGER NOT NULL,
  experience_point_id INTEGER NOT NULL,
  PRIMARY KEY (survey_id, experience_point_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX v2_survey_experience_point_by_point ON v2_survey_experience_point (experience_point_id, survey_id);

CREATE TABLE v2_question (
  question_id INTEGER PRIMARY KEY,
  default_locale TEXT NOT NULL,
  question_text TEXT NOT NULL
) STRICT;

CREATE TABLE v2_question_localization (
  question_id INTEGER NOT NULL,
  locale TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (question_id, locale)
) STRICT, WITHOUT ROWID;

CREATE TABLE v2_followup_question (
  followup_question_id INTEGER PRIMARY KEY,
  survey_id INTEGER NOT NULL,
  positive INTEGER NOT NULL CHECK (positive IN (0, 1)),
  question_text TEXT NOT NULL
) STRICT;
CREATE INDEX v2_followup_question_by_survey ON v2_followup_question (survey_id);

CREATE TABLE v2_followup_question_localization (
  followup_question_id INTEGER NOT NULL,
  locale TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (followup_question_id, locale)
) STRICT, WITHOUT ROWID;

CREATE TABLE v2_followup_option (
  followup_option_id INTEGER PRIMARY KEY,
  followup_question_id INTEGER NOT NULL,
  option_text TEXT NOT NULL
) STRICT;
CREATE INDEX v2_followup_option_by_question ON v2_followup_option (followup_question_id);

CREATE TABLE v2_followup_option_localization (
  followup_option_id INTEGER NOT NULL,
  locale TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (followup_option_id, locale)
) STRICT, WITHOUT ROWID;

CREATE TABLE v2_alert_specification (
  alert_specification_id INTEGER PRIMARY KEY,
  survey_id INTEGER NOT NULL,
  experience_point_id INTEGER NOT NULL,
  alert_specification_type TEXT NOT NULL,
  parameters TEXT NOT NULL
) STRICT;
CREATE INDEX v2_alert_specification_by_point ON v2_alert_specification (experience_point_id);

CREATE TABLE v2_user (
  user_id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  first_name TEXT,
  last_name TEXT,
  root_experience_point_id INTEGER,
  role TEXT NOT NULL,
  locale TEXT,
  login_allowed INTEGER NOT NULL CHECK (login_allowed IN (0, 1)),
  login_method TEXT,
  last_login TEXT,
  created TEXT
) STRICT;

-- The smileys list. Deliberately no `token` column: a device token is the device's credential (docs/SCHEMA.md).
CREATE TABLE v2_smiley (
  smiley_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  serial_number TEXT,
  smiley_type TEXT NOT NULL
) STRICT;

CREATE TABLE v2_custom_data_field (
  field_id TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  type TEXT NOT NULL,
  options TEXT NOT NULL CHECK (json_valid(options))
) STRICT;

CREATE TABLE v2_custom_data_value (
  experience_point_id INTEGER NOT NULL,
  label TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (experience_point_id, label)
) STRICT, WITHOUT ROWID;

-- Alerts change after they open (end, acknowledgement): upserted by id. Times as sent, plus the instant for order.
CREATE TABLE v2_alert (
  alert_id INTEGER PRIMARY KEY,
  alert_specification_id INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  experience_point_id INTEGER NOT NULL,
  begin_time TEXT NOT NULL,
  begin_utc INTEGER NOT NULL,
  end_time TEXT,
  end_utc INTEGER,
  alert_specification_type TEXT NOT NULL,
  parameters TEXT NOT NULL,
  acknowledged INTEGER NOT NULL CHECK (acknowledged IN (0, 1)),
  acknowledged_by_user_id INTEGER,
  acknowledged_time TEXT
) STRICT;
CREATE INDEX v2_alert_by_point ON v2_alert (experience_point_id, begin_utc);

CREATE TABLE v2_alert_comment (
  alert_comment_id INTEGER PRIMARY KEY,
  alert_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  time TEXT NOT NULL,
  time_utc INTEGER NOT NULL,
  comment TEXT NOT NULL
) STRICT;
CREATE INDEX v2_alert_comment_by_alert ON v2_alert_comment (alert_id, time_utc);

-- The feedback lists. Each starts with the key of v2_button_feedback (experience point, local wall-clock ms, feedback
-- id as 16 UUID bytes or text), so rows cluster like the presses they belong to, a window is a range per point,
-- and a row joins its press. What completes the key is what may repeat within one feedback.
CREATE TABLE v2_followup_feedback (
  experience_point_id INTEGER NOT NULL,
  local_time INTEGER NOT NULL,
  feedback_id ANY NOT NULL,
  followup_question_id INTEGER NOT NULL,
  followup_option_id INTEGER NOT NULL,
  utc_offset_min INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  smiley_id INTEGER NOT NULL,
  button_index INTEGER NOT NULL CHECK (button_index BETWEEN 0 AND 10),
  misuse INTEGER NOT NULL CHECK (misuse IN (0, 1)),
  position INTEGER,
  ui TEXT,
  option_text TEXT,
  PRIMARY KEY (experience_point_id, local_time, feedback_id, followup_question_id, followup_option_id)
) STRICT, WITHOUT ROWID;

-- A rowid table: the FTS5 index below refers to its rows by text_feedback_id.
CREATE TABLE v2_text_feedback (
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
  UNIQUE (experience_point_id, local_time, feedback_id, position)
) STRICT;

CREATE TABLE v2_demographics (
  experience_point_id INTEGER NOT NULL,
  local_time INTEGER NOT NULL,
  feedback_id ANY NOT NULL,
  utc_offset_min INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  smiley_id INTEGER NOT NULL,
  button_index INTEGER NOT NULL CHECK (button_index BETWEEN 0 AND 10),
  misuse INTEGER NOT NULL CHECK (misuse IN (0, 1)),
  gender TEXT,
  age INTEGER,
  PRIMARY KEY (experience_point_id, local_time, feedback_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE v2_contact_details (
  experience_point_id INTEGER NOT NULL,
  local_time INTEGER NOT NULL,
  feedback_id ANY NOT NULL,
  utc_offset_min INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  smiley_id INTEGER NOT NULL,
  button_index INTEGER NOT NULL CHECK (button_index BETWEEN 0 AND 10),
  misuse INTEGER NOT NULL CHECK (misuse IN (0, 1)),
  position INTEGER,
  name TEXT,
  email TEXT,
  phone_number TEXT,
  PRIMARY KEY (experience_point_id, local_time, feedback_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE v2_feedback_metadata (
  experience_point_id INTEGER NOT NULL,
  local_time INTEGER NOT NULL,
  feedback_id ANY NOT NULL,
  key TEXT NOT NULL,
  utc_offset_min INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  smiley_id INTEGER NOT NULL,
  button_index INTEGER NOT NULL CHECK (button_index BETWEEN 0 AND 10),
  misuse INTEGER NOT NULL CHECK (misuse IN (0, 1)),
  value TEXT NOT NULL,
  PRIMARY KEY (experience_point_id, local_time, feedback_id, key)
) STRICT, WITHOUT ROWID;

-- Full-text search over comments: an external-content FTS5 table (the text is stored once, in v2_text_feedback).
-- Diacritics folded (ärgerlich = argerlich), case folded. The triggers keep it current inside the writing
-- transaction; nothing else may write v2_text_feedback's text columns around them.
CREATE VIRTUAL TABLE v2_text_feedback_fts USING fts5(
  text,
  text_in_english,
  content = 'v2_text_feedback',
  content_rowid = 'text_feedback_id',
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER v2_text_feedback_fts_insert AFTER INSERT ON v2_text_feedback BEGIN
  INSERT INTO v2_text_feedback_fts (rowid, text, text_in_english)
  VALUES (new.text_feedback_id, new.text, new.text_in_english);
END;

CREATE TRIGGER v2_text_feedback_fts_delete AFTER DELETE ON v2_text_feedback BEGIN
  INSERT INTO v2_text_feedback_fts (v2_text_feedback_fts, rowid, text, text_in_english)
  VALUES ('delete', old.text_feedback_id, old.text, old.text_in_english);
END;

CREATE TRIGGER v2_text_feedback_fts_update AFTER UPDATE OF text, text_in_english ON v2_text_feedback BEGIN
  INSERT INTO v2_text_feedback_fts (v2_text_feedback_fts, rowid, text, text_in_english)
  VALUES ('delete', old.text_feedback_id, old.text, old.text_in_english);
  INSERT INTO v2_text_feedback_fts (rowid, text, text_in_english)
  VALUES (new.text_feedback_id, new.text, new.text_in_english);
END;
