-- 0020: the hourly rollup per experience point is gone; a point's presses by hour are read from the facts, one key
-- range per point, through the view below. On `xlarge` (5,077 points, ~20 presses a point a day) the rollup held
-- 0.65 rows a press: 2,034 MB of a 10,012 MB file (19.9 bytes a press), for reads about as long as the facts'. The
-- hourly node rollup (0006), the month × hour-of-week node rollup (0009) and the daily point rollup stay: the writer
-- counts them from its batches' hourly buckets, as before.
DROP TABLE v2_button_rollup_hourly;

-- One row per press, in the rollups' shape (n_k = 1 for its button): summed, a point's hourly rollup rows. Readers
-- bound `local_time` (the facts' key after the point), not `local_hour`, so that a range of hours is a key range.
CREATE VIEW v2_button_presses_hourly AS
SELECT experience_point_id, local_time, local_time / 3600000 AS local_hour, survey_id, misuse,
  button_index = 0 AS n0, button_index = 1 AS n1, button_index = 2 AS n2, button_index = 3 AS n3,
  button_index = 4 AS n4, button_index = 5 AS n5, button_index = 6 AS n6, button_index = 7 AS n7,
  button_index = 8 AS n8, button_index = 9 AS n9, button_index = 10 AS n10
FROM v2_button_feedback;
