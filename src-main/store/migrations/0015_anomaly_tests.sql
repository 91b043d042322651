-- 0015: the anomaly search's tests of the last 90 days, computed after each sync (app/anomalyService.ts), so that the
-- first ask after a sync reads them instead of the rollups (docs/ANOMALIES.md, "Cost"). A cache like the rollups,
-- never a source of truth: a question it does not cover, or a newer sync run, is computed afresh.

-- The window each measure's tests were computed over, and as of which sync run.
CREATE TABLE v2_anomaly_window (
  question TEXT PRIMARY KEY, -- the measure (and scales) the tests answer, e.g. 'negativeShare'
  sync_run_id INTEGER NOT NULL, -- the newest sync run when they were computed (0: none)
  from_day INTEGER NOT NULL, -- local day numbers: the tested days, first inclusive
  to_day INTEGER NOT NULL -- last exclusive: the day after the newest day with presses
) STRICT;

-- Per question, packed Float64 (little-endian, the platform's) records:
-- kind 0, one row per local day (`key`): each node's test of that day [node, value, baseline, z, p, weeks, presses],
--   so that a period reads its own days only;
-- kind 1, one row per point that may be busy (`key`): its tested hours [hour key, value, baseline, z, p, weeks,
--   presses], in key order;
-- kind 2, one row per such point (`key`): its presses per day of the days read [day, presses] (the busy rule's median).
CREATE TABLE v2_anomaly_test (
  question TEXT NOT NULL,
  kind INTEGER NOT NULL CHECK (kind IN (0, 1, 2)),
  key INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (question, kind, key)
) STRICT;
