-- 0017: when this file last passed SQLite's quick check, so a sync checks it at most once a day (seconds on a big
-- file: 17 s on `large`) instead of after every run. One row at most; `status --check`, a rebuild's check and the check
-- after a sync write it when the file is sound.
CREATE TABLE store_check (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  checked_at TEXT NOT NULL, -- ISO 8601, UTC
  seconds REAL NOT NULL
) STRICT;
