-- 0019: an alert series' instants are stored as differences from the press before and its UTC offsets as runs, both
-- as variable-length integers (src-main/store/repos/seriesCodec.ts): ~4 bytes a press instead of 11 (27 MB of
-- `large`'s file, 1.2 bytes per press, were these columns). The series are a cache of the facts (migration 0014):
-- the ones stored in the old form are dropped here, and the next alert replay or sync builds them again.
DELETE FROM v2_alert_series;
