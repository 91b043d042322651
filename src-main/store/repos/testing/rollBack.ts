// For migration tests: SQL that takes a store back to how it was before migration `version` — the tables, views and
// triggers migrations from `version` on created, dropped newest first, and their schema_migration rows removed, so
// that opening the file runs them again. Migrations that only reshaped existing tables (0007, 0010) run again as
// they are. A new migration that creates objects adds its drops here; one that changes objects an earlier one made
// puts them back as that one left them (0016).
const buttons = Array.from({ length: 11 }, (_, b) => b);

const createdBy: Record<number, string> = {
  6: 'DROP TABLE v2_node_rollup_daily; DROP TABLE v2_node_rollup_hourly;',
  8: 'DROP TABLE sync_verification;',
  9: `DROP TABLE v2_button_rollup_period; DROP TABLE v2_node_rollup_weekhour; DROP TABLE v2_followup_label;
    DROP TABLE v2_followup_rollup_daily; DROP TABLE v2_followup_node_rollup;`,
  11: 'DROP TABLE v1_node_rollup_daily; DROP TABLE v1_node_rollup_hourly; DROP TABLE v1_node_rollup_weekhour;',
  12: `DROP VIEW v2_comment_facet_write; DROP TRIGGER v2_comment_facet_insert; DROP TRIGGER v2_comment_facet_update;
    DROP TRIGGER v2_comment_facet_delete; DROP TABLE v2_comment_facet; DROP TABLE v2_comment_label_set;`,
  13: `DROP TRIGGER v2_comment_term_insert; DROP TRIGGER v2_comment_term_update; DROP TRIGGER v2_comment_term_delete;
    DROP TABLE v2_comment_term_pending; DROP TABLE v2_comment_term;`,
  14: 'DROP TABLE v2_alert_replay_summary; DROP TABLE v2_alert_series;',
  15: 'DROP TABLE v2_anomaly_test; DROP TABLE v2_anomaly_window;',
  16: `DROP TABLE v2_comment_term_gone; DROP TRIGGER v2_comment_term_update; DROP TRIGGER v2_comment_term_delete;
    CREATE INDEX v2_comment_term_comment ON v2_comment_term (text_feedback_id);
    CREATE TRIGGER v2_comment_term_update AFTER UPDATE ON v2_text_feedback BEGIN
      DELETE FROM v2_comment_term WHERE text_feedback_id IN (old.text_feedback_id, new.text_feedback_id);
      DELETE FROM v2_comment_term_pending WHERE text_feedback_id = old.text_feedback_id;
      INSERT INTO v2_comment_term_pending SELECT new.text_feedback_id
      WHERE NOT EXISTS (SELECT 1 FROM v2_comment_term_pending WHERE text_feedback_id = new.text_feedback_id);
    END;
    CREATE TRIGGER v2_comment_term_delete AFTER DELETE ON v2_text_feedback BEGIN
      DELETE FROM v2_comment_term WHERE text_feedback_id = old.text_feedback_id;
      DELETE FROM v2_comment_term_pending WHERE text_feedback_id = old.text_feedback_id;
    END;`,
  17: 'DROP TABLE store_check;',
  // 0018 created nothing: it marks the stored form of the comments' copies of their text (textCopy.ts).
  18: '',
  // 0019 changed the series' stored form: the series go (a cache, built again from the facts).
  19: 'DELETE FROM v2_alert_series;',
  // 0020 dropped the hourly point rollup: it comes back as 0019 left it, counted from the facts.
  20: `DROP VIEW v2_button_presses_hourly;
    CREATE TABLE v2_button_rollup_hourly (
    experience_point_id INTEGER NOT NULL, local_hour INTEGER NOT NULL, survey_id INTEGER NOT NULL,
    misuse INTEGER NOT NULL CHECK (misuse IN (0, 1)),
    ${buttons.map((b) => `n${b} INTEGER NOT NULL DEFAULT 0`).join(', ')},
    PRIMARY KEY (experience_point_id, local_hour, survey_id, misuse)) STRICT, WITHOUT ROWID;
    INSERT INTO v2_button_rollup_hourly SELECT experience_point_id, local_time / 3600000, survey_id, misuse,
      ${buttons.map((b) => `sum(button_index = ${b})`).join(', ')}
    FROM v2_button_feedback GROUP BY 1, 2, 3, 4;`,
  21: 'DROP TABLE v2_followup_rollup_pending;',
  // 0022 changed the summaries' stored form: they go (a cache, replayed again after a sync) with the new column.
  22: 'DELETE FROM v2_alert_replay_summary; ALTER TABLE v2_alert_replay_summary DROP COLUMN inputs;',
};

export function rollBackSql(version: number): string {
  const drops = Object.entries(createdBy)
    .map(([v, sql]) => [Number(v), sql] as const)
    .filter(([v]) => v >= version)
    .sort((a, b) => b[0] - a[0])
    .map(([, sql]) => sql);
  return `${drops.join('\n')}\nDELETE FROM schema_migration WHERE version >= ${version};`;
}
