-- The sync's verification of the stored v2 presses against the service's aggregated counts (src-main/sync/v2Verify.ts),
-- kept so the reconciliation view can show the last one after a restart. One row per verification; the newest is read.
CREATE TABLE sync_verification (
  verification_id INTEGER PRIMARY KEY,
  checked_at TEXT NOT NULL,
  from_day TEXT NOT NULL,
  to_day TEXT NOT NULL,
  groups_compared INTEGER NOT NULL,
  local_total INTEGER NOT NULL,
  service_total INTEGER NOT NULL,
  mismatch_count INTEGER NOT NULL,
  -- The first 100 differing groups: [{ experiencePointId, surveyId, day, local, service }] with press totals.
  mismatches TEXT NOT NULL CHECK (json_valid(mismatches))
) STRICT;
