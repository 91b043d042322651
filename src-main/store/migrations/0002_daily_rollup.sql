-- 0002: a daily rollup beside the hourly one. Tree-wide day views read ~24× fewer rows (PERFORMANCE-NOTES.md:
-- dashboards need daily rollups). Same key shape; filled from the hourly rollup for files synced before.

CREATE TABLE v2_button_rollup_daily (
  experience_point_id INTEGER NOT NULL,
  local_day INTEGER NOT NULL,
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
  PRIMARY KEY (experience_point_id, local_day, survey_id, misuse)
) STRICT, WITHOUT ROWID;

INSERT INTO v2_button_rollup_daily
SELECT experience_point_id, local_hour / 24, survey_id, misuse,
  sum(n0), sum(n1), sum(n2), sum(n3), sum(n4), sum(n5), sum(n6), sum(n7), sum(n8), sum(n9), sum(n10)
FROM v2_button_rollup_hourly
GROUP BY experience_point_id, local_hour / 24, survey_id, misuse;
