-- 0006: rollups per tree node, so a question about a node reads that node's rows whatever the tree's breadth
-- (docs/SCHEMA.md "Node rollups"). Each press counts into every proper ancestor of its experience point (its own
-- point is in the point rollups) and into node -1, which stands for every press of the store (totals, the whole
-- tree). Kept current with the point rollups in the sync's write transaction; rebuilt when the tree changes.
-- Filled here from the point rollups for files synced before: points with the same ancestors are summed together
-- first (one pass over the point rollups), then each such sum goes to each of those ancestors, so the large sort is
-- over the point rows once, not once per ancestor (the `large` world: 19 s instead of 68 s on a loaded 2-core
-- machine). The first text of this migration joined every point row to every ancestor; files that applied it hold
-- the same rows and are accepted (migrate.ts, equivalentChecksums).

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
-- Every point with presses (one seek per point along the daily rollup's key) counts into -1.
INSERT OR IGNORE INTO node_of
WITH RECURSIVE p(id) AS (
  SELECT min(experience_point_id) FROM v2_button_rollup_daily
  UNION ALL
  SELECT (SELECT min(experience_point_id) FROM v2_button_rollup_daily r WHERE r.experience_point_id > p.id)
  FROM p WHERE p.id IS NOT NULL
)
SELECT id, -1 FROM p WHERE id IS NOT NULL;

-- Points with the same set of ancestors share a set (in a sound tree: the points of one group).
CREATE TEMP TABLE point_set (point INTEGER PRIMARY KEY, set_id INTEGER NOT NULL);
INSERT INTO point_set
SELECT point, dense_rank() OVER (ORDER BY nodes)
FROM (SELECT point, group_concat(node, ',' ORDER BY node) AS nodes FROM node_of GROUP BY point);
CREATE TEMP TABLE set_node (set_id INTEGER NOT NULL, node INTEGER NOT NULL, PRIMARY KEY (set_id, node)) WITHOUT ROWID;
INSERT OR IGNORE INTO set_node SELECT s.set_id, o.node FROM point_set s JOIN node_of o ON o.point = s.point;

CREATE TEMP TABLE set_hourly (
  set_id INTEGER, local_hour INTEGER, survey_id INTEGER, misuse INTEGER, n0 INTEGER, n1 INTEGER, n2 INTEGER,
  n3 INTEGER, n4 INTEGER, n5 INTEGER, n6 INTEGER, n7 INTEGER, n8 INTEGER, n9 INTEGER, n10 INTEGER
);
INSERT INTO set_hourly
SELECT s.set_id, r.local_hour, r.survey_id, r.misuse,
  sum(r.n0), sum(r.n1), sum(r.n2), sum(r.n3), sum(r.n4), sum(r.n5), sum(r.n6), sum(r.n7), sum(r.n8), sum(r.n9), sum(r.n10)
FROM v2_button_rollup_hourly r JOIN point_set s ON s.point = r.experience_point_id
GROUP BY s.set_id, r.local_hour, r.survey_id, r.misuse;
INSERT INTO v2_node_rollup_hourly
SELECT n.node, h.local_hour, h.survey_id, h.misuse,
  sum(h.n0), sum(h.n1), sum(h.n2), sum(h.n3), sum(h.n4), sum(h.n5), sum(h.n6), sum(h.n7), sum(h.n8), sum(h.n9), sum(h.n10)
FROM set_hourly h JOIN set_node n ON n.set_id = h.set_id
GROUP BY n.node, h.local_hour, h.survey_id, h.misuse;

CREATE TEMP TABLE set_daily (
  set_id INTEGER, local_day INTEGER, survey_id INTEGER, misuse INTEGER, n0 INTEGER, n1 INTEGER, n2 INTEGER,
  n3 INTEGER, n4 INTEGER, n5 INTEGER, n6 INTEGER, n7 INTEGER, n8 INTEGER, n9 INTEGER, n10 INTEGER
);
INSERT INTO set_daily
SELECT s.set_id, r.local_day, r.survey_id, r.misuse,
  sum(r.n0), sum(r.n1), sum(r.n2), sum(r.n3), sum(r.n4), sum(r.n5), sum(r.n6), sum(r.n7), sum(r.n8), sum(r.n9), sum(r.n10)
FROM v2_button_rollup_daily r JOIN point_set s ON s.point = r.experience_point_id
GROUP BY s.set_id, r.local_day, r.survey_id, r.misuse;
INSERT INTO v2_node_rollup_daily
SELECT n.node, d.local_day, d.survey_id, d.misuse,
  sum(d.n0), sum(d.n1), sum(d.n2), sum(d.n3), sum(d.n4), sum(d.n5), sum(d.n6), sum(d.n7), sum(d.n8), sum(d.n9), sum(d.n10)
FROM set_daily d JOIN set_node n ON n.set_id = d.set_id
GROUP BY n.node, d.local_day, d.survey_id, d.misuse;

DROP TABLE set_daily;
DROP TABLE set_hourly;
DROP TABLE set_node;
DROP TABLE point_set;
DROP TABLE node_of;
