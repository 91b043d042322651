-- 0001: the experience-point tree, v2 button feedback facts, their hourly rollup, sync checkpoints and runs.
-- See docs/SCHEMA.md for what each column means and why the keys are what they are.

CREATE TABLE experience_point (
  experience_point_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  parent_id INTEGER,
  type TEXT NOT NULL CHECK (type IN ('GROUP', 'EXPERIENCE_POINT'))
) STRICT;
CREATE INDEX experience_point_by_parent ON experience_point (parent_id);

CREATE TABLE smiley (
  smiley_id INTEGER PRIMARY KEY,
  smiley_type TEXT NOT NULL
) STRICT;

-- Clustered by (experience point, local wall-clock time): a page of feedback ordered by time lands in a few
-- neighbouring B-tree pages, and a point's history is one contiguous range. feedback_id completes the key, so a
-- record seen twice (a resumed page, a re-fetched window) conflicts and is skipped.
CREATE TABLE v2_button_feedback (
  experience_point_id INTEGER NOT NULL,
  local_time INTEGER NOT NULL,
  feedback_id ANY NOT NULL,
  utc_offset_min INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  smiley_id INTEGER NOT NULL,
  button_index INTEGER NOT NULL CHECK (button_index BETWEEN 0 AND 10),
  misuse INTEGER NOT NULL CHECK (misuse IN (0, 1)),
  position INTEGER,
  ui TEXT,
  utc_time INTEGER GENERATED ALWAYS AS (local_time - utc_offset_min * 60000) VIRTUAL,
  local_day TEXT GENERATED ALWAYS AS (strftime('%Y-%m-%d', local_time / 1000, 'unixepoch')) VIRTUAL,
  local_hour INTEGER GENERATED ALWAYS AS ((local_time / 3600000) % 24) VIRTUAL,
  local_weekday INTEGER GENERATED ALWAYS AS ((local_time / 86400000 + 3) % 7 + 1) VIRTUAL,
  PRIMARY KEY (experience_point_id, local_time, feedback_id)
) STRICT, WITHOUT ROWID;

-- One row per experience point × local hour × survey × misuse flag, with a count per button index.
-- Kept current inside the transaction that inserts the facts, from the rows really inserted.
CREATE TABLE v2_button_rollup_hourly (
  experience_point_id INTEGER NOT NULL,
  local_hour INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  misuse INTEGER NOT NULL CHECK (misuse IN (0, 1)),
  n0 INTEGER NOT NULL DEFAULT 0,
  n1 INTEGER NOT NULL DEFAULT 0,
  n2 INTEGER NOT NULL DEFAULT 0,
  n3 INTEGER NOT NULL DEFAULT 0,
  n4 INTEGER NOT NULL DEFAULT 0,
  n5 INTEGER NOT NULL DEFAULT 0,
  n6 INTEGER NOT NULL DEFAULT 0,
  n7 INTEGER NOT NULL DEFAULT 0,
  n8 INTEGER NOT NULL DEFAULT 0,
  n9 INTEGER NOT NULL DEFAULT 0,
  n10 INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (experience_point_id, local_hour, survey_id, misuse)
) STRICT, WITHOUT ROWID;

-- stream → where it stopped (JSON), written in the same transaction as the page it describes.
CREATE TABLE sync_checkpoint (
  stream TEXT PRIMARY KEY,
  cursor TEXT NOT NULL CHECK (json_valid(cursor)),
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE sync_run (
  sync_run_id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  base_url TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
  items_received INTEGER NOT NULL DEFAULT 0,
  rows_inserted INTEGER NOT NULL DEFAULT 0,
  feedback_total INTEGER,
  error TEXT
) STRICT;
