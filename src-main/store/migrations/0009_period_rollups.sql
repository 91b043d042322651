-- 0009: rollups over longer periods, so the dashboard's slow questions read a few thousand rows
-- (docs/SCHEMA.md "Period rollups"). Buckets: a day is its day number (days since 1970-01-01 on the wall clock),
-- an ISO week is 1000000 + its Monday's day number, a calendar month 2000000 + its first day's day number; a range
-- of days is read as whole months, whole weeks and single days (src-main/store/periodBuckets.ts). Kept current in
-- the sync's write transactions; built here from the rollups and the follow-up facts for files synced before.

-- Presses per point × period (day, week, month) × survey × misuse, time first: every point of one period is one
-- key range (rankings read every point of two periods).
CREATE TABLE v2_button_rollup_period (
  bucket INTEGER NOT NULL,
  experience_point_id INTEGER NOT NULL,
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
  PRIMARY KEY (bucket, experience_point_id, survey_id, misuse)
) STRICT, WITHOUT ROWID;

-- Presses per tree node (as v2_node_rollup_*) × month × hour of the week: month_hour = the month's first day
-- number × 168 + (ISO weekday − 1) × 24 + local hour of day. The weekday × hour pattern of whole months.
CREATE TABLE v2_node_rollup_weekhour (
  node_id INTEGER NOT NULL,
  month_hour INTEGER NOT NULL,
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
  PRIMARY KEY (node_id, month_hour, survey_id, misuse)
) STRICT, WITHOUT ROWID;

-- Follow-up option texts as sent (followupOptionTextInDefaultLocale), numbered; label 0 = no text sent.
CREATE TABLE v2_followup_label (
  label_id INTEGER PRIMARY KEY,
  option_text TEXT NOT NULL UNIQUE
) STRICT;

-- Follow-up selections per point × local day × survey × misuse × question × option × label (n = rows). The row
-- with option -1 and label 0 holds the feedbacks that chose an option of the question (each counted once).
CREATE TABLE v2_followup_rollup_daily (
  experience_point_id INTEGER NOT NULL,
  local_day INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  misuse INTEGER NOT NULL CHECK (misuse IN (0, 1)),
  followup_question_id INTEGER NOT NULL,
  followup_option_id INTEGER NOT NULL,
  label_id INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (experience_point_id, local_day, survey_id, misuse, followup_question_id, followup_option_id, label_id)
) STRICT, WITHOUT ROWID;

-- The same per tree node (every proper ancestor of the point, and -1 for every row) × period bucket.
CREATE TABLE v2_followup_node_rollup (
  node_id INTEGER NOT NULL,
  bucket INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  misuse INTEGER NOT NULL CHECK (misuse IN (0, 1)),
  followup_question_id INTEGER NOT NULL,
  followup_option_id INTEGER NOT NULL,
  label_id INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (node_id, bucket, survey_id, misuse, followup_question_id, followup_option_id, label_id)
) STRICT, WITHOUT ROWID;

CREATE TEMP TABLE period_level (level INTEGER PRIMARY KEY);
INSERT INTO period_level VALUES (0), (1), (2);

INSERT INTO v2_button_rollup_period
SELECT CASE l.level WHEN 0 THEN r.local_day
    WHEN 1 THEN 1000000 + r.local_day - ((r.local_day + 3) % 7 + 7) % 7
    ELSE 2000000 + r.local_day - CAST(strftime('%d', r.local_day * 86400, 'unixepoch') AS INTEGER) + 1 END AS b,
  r.experience_point_id, r.survey_id, r.misuse, sum(r.n0), sum(r.n1), sum(r.n2), sum(r.n3), sum(r.n4), sum(r.n5), sum(r.n6), sum(r.n7), sum(r.n8), sum(r.n9), sum(r.n10)
FROM v2_button_rollup_daily r CROSS JOIN period_level l
GROUP BY b, r.experience_point_id, r.survey_id, r.misuse;

INSERT INTO v2_node_rollup_weekhour
SELECT r.node_id, ((r.local_hour / 24 - CAST(strftime('%d', (r.local_hour / 24) * 86400, 'unixepoch') AS INTEGER) + 1) * 168
    + ((r.local_hour / 24 + 3) % 7 + 7) % 7 * 24 + r.local_hour % 24) AS mh,
  r.survey_id, r.misuse, sum(r.n0), sum(r.n1), sum(r.n2), sum(r.n3), sum(r.n4), sum(r.n5), sum(r.n6), sum(r.n7), sum(r.n8), sum(r.n9), sum(r.n10)
FROM v2_node_rollup_hourly r
GROUP BY r.node_id, mh, r.survey_id, r.misuse;

INSERT INTO v2_followup_label (option_text)
SELECT DISTINCT option_text FROM v2_followup_feedback WHERE option_text IS NOT NULL ORDER BY 1;

INSERT INTO v2_followup_rollup_daily
SELECT f.experience_point_id, f.local_time / 86400000, f.survey_id, f.misuse, f.followup_question_id,
  f.followup_option_id, coalesce(l.label_id, 0), count(*)
FROM v2_followup_feedback f LEFT JOIN v2_followup_label l ON l.option_text = f.option_text
GROUP BY 1, 2, 3, 4, 5, 6, 7;

INSERT INTO v2_followup_rollup_daily
SELECT experience_point_id, local_time / 86400000, survey_id, misuse, followup_question_id, -1, 0, count(*)
FROM (SELECT DISTINCT experience_point_id, local_time, feedback_id, survey_id, misuse, followup_question_id
      FROM v2_followup_feedback)
GROUP BY 1, 2, 3, 4, 5;

-- Point → each proper ancestor that is in the tree (UNION: a cycle in a broken tree ends), and → -1.
CREATE TEMP TABLE followup_node_of (point INTEGER NOT NULL, node INTEGER NOT NULL, PRIMARY KEY (point, node)) WITHOUT ROWID;
INSERT INTO followup_node_of
WITH RECURSIVE up(point, node) AS (
  SELECT e.experience_point_id, e.parent_id FROM experience_point e
  JOIN experience_point p ON p.experience_point_id = e.parent_id
  UNION
  SELECT up.point, e.parent_id FROM up JOIN experience_point e ON e.experience_point_id = up.node
  JOIN experience_point p ON p.experience_point_id = e.parent_id
)
SELECT point, node FROM up WHERE node <> point;
INSERT OR IGNORE INTO followup_node_of SELECT DISTINCT experience_point_id, -1 FROM v2_followup_rollup_daily;

-- Days first, then weeks and months from the node's days (fewer rows than the points').
INSERT INTO v2_followup_node_rollup
SELECT o.node, r.local_day, r.survey_id, r.misuse, r.followup_question_id, r.followup_option_id, r.label_id, sum(r.n)
FROM v2_followup_rollup_daily r JOIN followup_node_of o ON o.point = r.experience_point_id
GROUP BY o.node, r.local_day, r.survey_id, r.misuse, r.followup_question_id, r.followup_option_id, r.label_id;

INSERT INTO v2_followup_node_rollup
SELECT r.node_id, CASE l.level
    WHEN 1 THEN 1000000 + r.bucket - ((r.bucket + 3) % 7 + 7) % 7
    ELSE 2000000 + r.bucket - CAST(strftime('%d', r.bucket * 86400, 'unixepoch') AS INTEGER) + 1 END AS b,
  r.survey_id, r.misuse, r.followup_question_id, r.followup_option_id, r.label_id, sum(r.n)
FROM v2_followup_node_rollup r CROSS JOIN period_level l
WHERE r.bucket < 1000000 AND l.level > 0
GROUP BY r.node_id, b, r.survey_id, r.misuse, r.followup_question_id, r.followup_option_id, r.label_id;

DROP TABLE followup_node_of;
DROP TABLE period_level;
