-- 0005: API version 1: the folder tree with surveys, periods and questions; raw results as press facts with hourly
-- and daily rollups; open feedback (FTS5); summed results; follow-up results; alerts; the views analytics read for
-- stores synced through v1 alone. See docs/SCHEMA.md (v1 sections) and docs/SYNC-SOURCES.md.

CREATE TABLE v1_folder (
  folder_key INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  parent_key INTEGER,
  depth INTEGER NOT NULL CHECK (depth >= 0)
) STRICT;
CREATE INDEX v1_folder_by_parent ON v1_folder (parent_key);

CREATE TABLE v1_question (
  question_key INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  locale TEXT NOT NULL
) STRICT;

CREATE TABLE v1_survey (
  survey_key INTEGER PRIMARY KEY,
  folder_key INTEGER NOT NULL,
  question_key INTEGER NOT NULL,
  time_zone TEXT NOT NULL,
  survey_type TEXT CHECK (survey_type IN ('TERMINAL', 'TABLET', 'WEB'))
) STRICT;
CREATE INDEX v1_survey_by_folder ON v1_survey (folder_key);

CREATE TABLE v1_survey_period (
  survey_key INTEGER NOT NULL,
  start_utc INTEGER NOT NULL,
  end_utc INTEGER NOT NULL,
  period_start TEXT NOT NULL,
  period_end TEXT NOT NULL,
  PRIMARY KEY (survey_key, start_utc)
) STRICT, WITHOUT ROWID;

CREATE TABLE v1_followup_option (
  followup_key INTEGER PRIMARY KEY,
  name TEXT NOT NULL
) STRICT;

-- One row per raw-result press item; an hourly-sum item {ts, data:[n0..n3]} becomes one row per button with
-- presses = n_b. No identifier exists, so seq numbers the rows sharing (survey, instant) in a canonical order.
CREATE TABLE v1_press (
  survey_key INTEGER NOT NULL,
  utc_time INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  utc_offset_min INTEGER NOT NULL,
  button_index INTEGER NOT NULL CHECK (button_index BETWEEN 0 AND 3),
  presses INTEGER NOT NULL CHECK (presses >= 1),
  hourly_sum INTEGER NOT NULL CHECK (hourly_sum IN (0, 1)),
  followup_key INTEGER,
  local_time INTEGER GENERATED ALWAYS AS (utc_time + utc_offset_min * 60000) VIRTUAL,
  local_day TEXT GENERATED ALWAYS AS (strftime('%Y-%m-%d', (utc_time + utc_offset_min * 60000) / 1000, 'unixepoch')) VIRTUAL,
  local_hour INTEGER GENERATED ALWAYS AS (((utc_time + utc_offset_min * 60000) / 3600000) % 24) VIRTUAL,
  local_weekday INTEGER GENERATED ALWAYS AS (((utc_time + utc_offset_min * 60000) / 86400000 + 3) % 7 + 1) VIRTUAL,
  PRIMARY KEY (survey_key, utc_time, seq)
) STRICT, WITHOUT ROWID;

-- Presses per folder × local hour (hours since 1970-01-01T00 on the survey's wall clock) × survey, per button.
-- Recomputed from v1_press for the hours a replaced window can touch, in the same transaction.
CREATE TABLE v1_press_rollup_hourly (
  folder_key INTEGER NOT NULL,
  local_hour INTEGER NOT NULL,
  survey_key INTEGER NOT NULL,
  n0 INTEGER NOT NULL DEFAULT 0,
  n1 INTEGER NOT NULL DEFAULT 0,
  n2 INTEGER NOT NULL DEFAULT 0,
  n3 INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (folder_key, local_hour, survey_key)
) STRICT, WITHOUT ROWID;
CREATE INDEX v1_press_rollup_hourly_by_survey ON v1_press_rollup_hourly (survey_key, local_hour);

CREATE TABLE v1_press_rollup_daily (
  folder_key INTEGER NOT NULL,
  local_day INTEGER NOT NULL,
  survey_key INTEGER NOT NULL,
  n0 INTEGER NOT NULL DEFAULT 0,
  n1 INTEGER NOT NULL DEFAULT 0,
  n2 INTEGER NOT NULL DEFAULT 0,
  n3 INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (folder_key, local_day, survey_key)
) STRICT, WITHOUT ROWID;
CREATE INDEX v1_press_rollup_daily_by_survey ON v1_press_rollup_daily (survey_key, local_day);

-- Open feedback from surveys/:key/openfeedback. A rowid table so FTS5 can index it as external content.
CREATE TABLE v1_open_feedback (
  open_feedback_id INTEGER PRIMARY KEY,
  survey_key INTEGER NOT NULL,
  utc_time INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  utc_offset_min INTEGER NOT NULL,
  button_index INTEGER NOT NULL CHECK (button_index BETWEEN 0 AND 3),
  relevance REAL,
  spam INTEGER CHECK (spam IN (0, 1)),
  followup_key INTEGER,
  text TEXT NOT NULL,
  local_day TEXT GENERATED ALWAYS AS (strftime('%Y-%m-%d', (utc_time + utc_offset_min * 60000) / 1000, 'unixepoch')) VIRTUAL,
  UNIQUE (survey_key, utc_time, seq)
) STRICT;

CREATE VIRTUAL TABLE v1_open_feedback_fts USING fts5(
  text,
  content = 'v1_open_feedback',
  content_rowid = 'open_feedback_id',
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER v1_open_feedback_fts_insert AFTER INSERT ON v1_open_feedback BEGIN
  INSERT INTO v1_open_feedback_fts (rowid, text) VALUES (new.open_feedback_id, new.text);
END;
CREATE TRIGGER v1_open_feedback_fts_delete AFTER DELETE ON v1_open_feedback BEGIN
  INSERT INTO v1_open_feedback_fts (v1_open_feedback_fts, rowid, text) VALUES ('delete', old.open_feedback_id, old.text);
END;

-- Summed results (misuse excluded by the service), truncate=day: one bucket per survey and local day.
CREATE TABLE v1_summed_result (
  survey_key INTEGER NOT NULL,
  local_day INTEGER NOT NULL,
  bucket_start TEXT NOT NULL,
  n0 INTEGER NOT NULL,
  n1 INTEGER NOT NULL,
  n2 INTEGER NOT NULL,
  n3 INTEGER NOT NULL,
  PRIMARY KEY (survey_key, local_day)
) STRICT, WITHOUT ROWID;

-- Follow-up results over the survey's synced range, as the service sums them (pain points and highlights).
CREATE TABLE v1_followup_result (
  survey_key INTEGER NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('painPoint', 'highlight')),
  followup_key INTEGER NOT NULL,
  name TEXT NOT NULL,
  n0 INTEGER NOT NULL,
  n1 INTEGER NOT NULL,
  n2 INTEGER NOT NULL,
  n3 INTEGER NOT NULL,
  percentages TEXT NOT NULL CHECK (json_valid(percentages)),
  range_start_utc INTEGER NOT NULL,
  range_end_utc INTEGER NOT NULL,
  PRIMARY KEY (survey_key, side, followup_key)
) STRICT, WITHOUT ROWID;

CREATE TABLE v1_alert (
  alert_key INTEGER PRIMARY KEY,
  alert_type TEXT NOT NULL,
  survey_key INTEGER NOT NULL,
  folder_key INTEGER NOT NULL,
  specification_key INTEGER NOT NULL,
  begin_time TEXT NOT NULL,
  begin_utc INTEGER NOT NULL,
  end_time TEXT,
  end_utc INTEGER,
  parameters TEXT NOT NULL CHECK (json_valid(parameters))
) STRICT;
CREATE INDEX v1_alert_by_begin ON v1_alert (begin_utc);
CREATE INDEX v1_alert_by_folder ON v1_alert (folder_key, begin_utc);

-- What analytics read for a store synced through v1 alone, in the shape of the v2 rollups (survey_id = v1 survey
-- key, experience_point_id = folder key). Daily: misuse 0 = the service's summed results (misuse excluded), misuse
-- 1 = raw presses beyond them. Hourly: every raw press, under misuse 0 (v1 marks no misuse per hour).
CREATE VIEW v1_analytics_hourly AS
SELECT folder_key AS experience_point_id, local_hour, survey_key AS survey_id, 0 AS misuse,
  n0, n1, n2, n3, 0 AS n4, 0 AS n5, 0 AS n6, 0 AS n7, 0 AS n8, 0 AS n9, 0 AS n10
FROM v1_press_rollup_hourly;

CREATE VIEW v1_analytics_daily AS
SELECT s.folder_key AS experience_point_id, r.local_day, r.survey_key AS survey_id, 0 AS misuse,
  r.n0, r.n1, r.n2, r.n3, 0 AS n4, 0 AS n5, 0 AS n6, 0 AS n7, 0 AS n8, 0 AS n9, 0 AS n10
FROM v1_summed_result r JOIN v1_survey s ON s.survey_key = r.survey_key
UNION ALL
SELECT d.folder_key, d.local_day, d.survey_key, 1,
  max(d.n0 - coalesce(r.n0, 0), 0), max(d.n1 - coalesce(r.n1, 0), 0),
  max(d.n2 - coalesce(r.n2, 0), 0), max(d.n3 - coalesce(r.n3, 0), 0),
  0, 0, 0, 0, 0, 0, 0
FROM v1_press_rollup_daily d
LEFT JOIN v1_summed_result r ON r.survey_key = d.survey_key AND r.local_day = d.local_day;
