-- 0021: the follow-up rollups are recounted every few pages instead of every page (docs/SCHEMA.md "Period rollups").
-- A follow-up page notes here, in its own transaction, the local days `[d1, d2)` it touched per point; the rollups of
-- those days are recounted from the facts when the stream settles them (every 16 pages, at the stream's end, when a
-- sync stops), and the row is deleted in the same transaction. A sync killed between two settles leaves its days here
-- for the next one, so no page's follow-ups are ever left out of the rollups for good.
CREATE TABLE v2_followup_rollup_pending (
  experience_point_id INTEGER PRIMARY KEY,
  d1 INTEGER NOT NULL,
  d2 INTEGER NOT NULL
) STRICT;
