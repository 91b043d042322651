-- 0003: the sync engine's bookkeeping: the file's identity, staging for the trailing-window replace of button
-- feedbacks, per-stream state for `status`, and runs a killed process left behind ('interrupted').
-- See docs/SCHEMA.md.

-- "FDsk": lets the header check tell a Feedback Desk file from any other SQLite file.
PRAGMA application_id = 1178891115;

-- A trailing window is fetched here page by page (with its checkpoint), then swapped into v2_button_feedback in one
-- transaction, so rows the service dropped or re-flagged since the last sync change in the facts and the rollups.
-- Keyed by stream first: an abandoned window of one scope never leaks into another's swap.
CREATE TABLE v2_button_feedback_stage (
  stream TEXT NOT NULL,
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
  PRIMARY KEY (stream, experience_point_id, local_time, feedback_id)
) STRICT, WITHOUT ROWID;

-- One row per stream the orchestrator runs (e.g. v2:button-feedbacks, v2:resources, v1): its last outcome.
CREATE TABLE sync_stream (
  stream TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  last_started_at TEXT NOT NULL,
  last_finished_at TEXT,
  last_status TEXT NOT NULL CHECK (last_status IN ('running', 'done', 'failed', 'cancelled', 'interrupted')),
  last_success_at TEXT,
  last_error TEXT,
  items_received INTEGER NOT NULL DEFAULT 0,
  rows_held INTEGER,
  newest_data_at TEXT
) STRICT;

-- sync_run again, with 'interrupted' allowed: a run still 'running' when no sync holds the file's lock was killed.
CREATE TABLE sync_run_0003 (
  sync_run_id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  base_url TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled', 'interrupted')),
  items_received INTEGER NOT NULL DEFAULT 0,
  rows_inserted INTEGER NOT NULL DEFAULT 0,
  feedback_total INTEGER,
  error TEXT
) STRICT;
INSERT INTO sync_run_0003 SELECT * FROM sync_run;
DROP TABLE sync_run;
ALTER TABLE sync_run_0003 RENAME TO sync_run;
