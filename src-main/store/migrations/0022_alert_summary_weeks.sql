-- 0022: the alert replay's stored summaries, read on every ask of the Alerts view, parse in half the time and leave
-- little garbage: each summary's weeks as one flat array [Monday, service, replayed, Monday, …] instead of an array
-- per week (`xlarge`'s 1,062 summaries held ~130,000 of them), and what a summary was computed from (`inputs`) in a
-- column of its own, so the check for stale summaries no longer parses every summary (docs/BENCHMARKS.md).
ALTER TABLE v2_alert_replay_summary ADD COLUMN inputs TEXT;

UPDATE v2_alert_replay_summary
SET inputs = summary ->> '$.inputs',
  summary = json_set(
    json_remove(summary, '$.inputs'),
    '$.weeks',
    json(
      (SELECT json_group_array(v.value ORDER BY w.key, v.key)
       FROM json_each(summary, '$.weeks') w, json_each(w.value) v)
    )
  );
