-- 0006: rollups per tree node, so a question about a node reads that node's rows whatever the tree's breadth
-- (docs/SCHEMA.md "Node rollups"). Each press counts into every proper ancestor of its experience point (its own
-- point is in the point rollups) and into node -1, which stands for every press of the store (totals, the whole
-- tree). Kept current with the point rollups in the sync's write transaction; rebuilt when the tree changes.
-- Filled here from the point rollups for files synced before.

CREATE TABLE v2_node_rollup_daily (
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

CREATE TABLE v2_node_rollup_hourly (
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

-- Point → each proper ancestor that is in the tree (UNION: a cycle in a broken tree ends), and → -1.
CREATE TEMP TABLE node_of (point INTEGER NOT NULL, node INTEGER NOT NULL, PRIMARY KEY (point, node)) WITHOUT ROWID;
INSERT INTO node_of
WITH RECURSIVE up(point, node) AS (
  SELECT e.experience_point_id, e.parent_id FROM experience_point e
  JOIN experience_point p ON p.experience_point_id = e.parent_id
  UNION
  SELECT up.point, e.parent_id FROM up JOIN experience_point e ON e.experience_point_id = up.node
  JOIN experience_point p ON p.experience_point_id = e.parent_id
)
SELECT point, node FROM up WHERE node <> point;
INSERT OR IGNORE INTO node_of SELECT DISTINCT experience_point_id, -1 FROM v2_button_rollup_daily;

INSERT INTO v2_node_rollup_daily
SELECT o.node, r.local_day, r.survey_id, r.misuse,
  sum(r.n0), sum(r.n1), sum(r.n2), sum(r.n3), sum(r.n4), sum(r.n5), sum(r.n6), sum(r.n7), sum(r.n8), sum(r.n9), sum(r.n10)
FROM v2_button_rollup_daily r JOIN node_of o ON o.point = r.experience_point_id
GROUP BY o.node, r.local_day, r.survey_id, r.misuse;

INSERT INTO v2_node_rollup_hourly
SELECT o.node, r.local_hour, r.survey_id, r.misuse,
  sum(r.n0), sum(r.n1), sum(r.n2), sum(r.n3), sum(r.n4), sum(r.n5), sum(r.n6), sum(r.n7), sum(r.n8), sum(r.n9), sum(r.n10)
FROM v2_button_rollup_hourly r JOIN node_of o ON o.point = r.experience_point_id
GROUP BY o.node, r.local_hour, r.survey_id, r.misuse;

DROP TABLE node_of;
