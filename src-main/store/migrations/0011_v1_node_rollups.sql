-- 0011: node rollups for stores synced through API version 1, so a v1-only store answers a question about a node
-- (the whole tree: node -1) from that node's rows whatever the tree's breadth (docs/SCHEMA.md "Node rollups").
-- The same shape as the v2 node rollups (0006, 0009) and read by the same query code: each press of a survey counts
-- into every proper ancestor of its folder in v1_folder and into node -1. Counted from the v1 analytics views
-- (daily: summed results as misuse 0, raw presses beyond them as misuse 1; hourly: every raw press as misuse 0).
-- survey_id is always 0: a v1 survey belongs to one folder, so rows per survey would be as many as the points'.
-- Kept current by the v1 window replace and rebuilt when the folder tree changes (src-main/store/repos/v1NodeRollup.ts).
-- Filled here like 0006: folders with the same ancestors are summed together first (one pass over the views), then
-- each sum goes to each of those ancestors.

CREATE TABLE v1_node_rollup_daily (
  node_id INTEGER NOT NULL,
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
  PRIMARY KEY (node_id, local_day, survey_id, misuse)
) STRICT, WITHOUT ROWID;

CREATE TABLE v1_node_rollup_hourly (
  node_id INTEGER NOT NULL,
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
  PRIMARY KEY (node_id, local_hour, survey_id, misuse)
) STRICT, WITHOUT ROWID;

-- month_hour = the month's first day number × 168 + (ISO weekday − 1) × 24 + local hour of day (as 0009's).
CREATE TABLE v1_node_rollup_weekhour (
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

-- Folder → each proper ancestor that is in the tree (UNION: a cycle in a broken tree ends), and → -1.
CREATE TEMP TABLE v1_node_of (point INTEGER NOT NULL, node INTEGER NOT NULL, PRIMARY KEY (point, node)) WITHOUT ROWID;
INSERT INTO v1_node_of
WITH RECURSIVE up(point, node) AS (
  SELECT f.folder_key, f.parent_key FROM v1_folder f JOIN v1_folder p ON p.folder_key = f.parent_key
  UNION
  SELECT up.point, f.parent_key FROM up JOIN v1_folder f ON f.folder_key = up.node
  JOIN v1_folder p ON p.folder_key = f.parent_key
)
SELECT point, node FROM up WHERE node <> point;
INSERT OR IGNORE INTO v1_node_of SELECT DISTINCT folder_key, -1 FROM v1_survey;
INSERT OR IGNORE INTO v1_node_of SELECT DISTINCT folder_key, -1 FROM v1_press_rollup_daily;

-- Folders with the same set of ancestors share a set (in a sound tree: the folders of one group).
CREATE TEMP TABLE v1_point_set (point INTEGER PRIMARY KEY, set_id INTEGER NOT NULL);
INSERT INTO v1_point_set
SELECT point, dense_rank() OVER (ORDER BY nodes)
FROM (SELECT point, group_concat(node, ',' ORDER BY node) AS nodes FROM v1_node_of GROUP BY point);
CREATE TEMP TABLE v1_set_node (set_id INTEGER NOT NULL, node INTEGER NOT NULL, PRIMARY KEY (set_id, node)) WITHOUT ROWID;
INSERT OR IGNORE INTO v1_set_node SELECT s.set_id, o.node FROM v1_point_set s JOIN v1_node_of o ON o.point = s.point;

CREATE TEMP TABLE v1_set_hourly (set_id INTEGER, local_hour INTEGER, n0 INTEGER, n1 INTEGER, n2 INTEGER, n3 INTEGER);
INSERT INTO v1_set_hourly
SELECT s.set_id, r.local_hour, sum(r.n0), sum(r.n1), sum(r.n2), sum(r.n3)
FROM v1_press_rollup_hourly r JOIN v1_point_set s ON s.point = r.folder_key
GROUP BY s.set_id, r.local_hour;
INSERT INTO v1_node_rollup_hourly (node_id, local_hour, survey_id, misuse, n0, n1, n2, n3)
SELECT n.node, h.local_hour, 0, 0, sum(h.n0), sum(h.n1), sum(h.n2), sum(h.n3)
FROM v1_set_hourly h JOIN v1_set_node n ON n.set_id = h.set_id
GROUP BY n.node, h.local_hour;

CREATE TEMP TABLE v1_set_daily (set_id INTEGER, local_day INTEGER, misuse INTEGER, n0 INTEGER, n1 INTEGER, n2 INTEGER, n3 INTEGER);
INSERT INTO v1_set_daily
SELECT s.set_id, r.local_day, r.misuse, sum(r.n0), sum(r.n1), sum(r.n2), sum(r.n3)
FROM v1_analytics_daily r JOIN v1_point_set s ON s.point = r.experience_point_id
GROUP BY s.set_id, r.local_day, r.misuse;
INSERT INTO v1_node_rollup_daily (node_id, local_day, survey_id, misuse, n0, n1, n2, n3)
SELECT n.node, d.local_day, 0, d.misuse, sum(d.n0), sum(d.n1), sum(d.n2), sum(d.n3)
FROM v1_set_daily d JOIN v1_set_node n ON n.set_id = d.set_id
GROUP BY n.node, d.local_day, d.misuse;

INSERT INTO v1_node_rollup_weekhour (node_id, month_hour, survey_id, misuse, n0, n1, n2, n3)
SELECT r.node_id, ((r.local_hour / 24 - CAST(strftime('%d', (r.local_hour / 24) * 86400, 'unixepoch') AS INTEGER) + 1) * 168
    + ((r.local_hour / 24 + 3) % 7 + 7) % 7 * 24 + r.local_hour % 24) AS mh,
  0, 0, sum(r.n0), sum(r.n1), sum(r.n2), sum(r.n3)
FROM v1_node_rollup_hourly r
GROUP BY r.node_id, mh;

DROP TABLE v1_set_daily;
DROP TABLE v1_set_hourly;
DROP TABLE v1_set_node;
DROP TABLE v1_point_set;
DROP TABLE v1_node_of;
