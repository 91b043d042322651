-- 0014: each (experience point, survey) pair that has an alert specification, its presses (misuse excluded) in time
-- order as packed columns, so that replaying a specification reads one row instead of the pair's presses
-- (docs/ALERT-REPLAY.md). Built after each sync (app/alertReplayService.ts) and when a replay finds it older than the
-- newest sync run; a cache like the rollups, never a source of truth.

CREATE TABLE v2_alert_series (
  experience_point_id INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  presses INTEGER NOT NULL,
  sync_run_id INTEGER NOT NULL, -- the newest sync run when it was built (0: none)
  signature TEXT NOT NULL, -- what it was built from: counts of the pair's hourly rollup (alertSeriesRepo.ts)
  last_utc INTEGER, -- the newest press's instant (epoch ms); NULL without presses
  utc BLOB NOT NULL, -- Float64, little-endian: each press's instant (epoch ms), ties in feedback id order
  offset_min BLOB NOT NULL, -- Int16, little-endian: each press's own UTC offset in minutes
  button BLOB NOT NULL, -- one byte per press: the button index
  PRIMARY KEY (experience_point_id, survey_id)
) STRICT;

-- Each specification replayed with its configured values and matched with the service's alerts, as of a sync run:
-- the counts and the alerts per local week, so that the agreement of every specification is one read.
CREATE TABLE v2_alert_replay_summary (
  alert_specification_id INTEGER PRIMARY KEY,
  sync_run_id INTEGER NOT NULL, -- the newest sync run when it was computed
  parameters TEXT NOT NULL, -- the specification's parameters it was computed with
  summary TEXT NOT NULL -- JSON: the AlertReplaySpecification and its weeks [[Monday day number, service, replayed], …]
) STRICT;
