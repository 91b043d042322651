// For migration tests: SQL that takes a store back to how it was before migration `version` — the tables, views and
// triggers migrations from `version` on created, dropped newest first, and their schema_migration rows removed, so
// that opening the file runs them again. Migrations that only reshaped existing tables (0007, 0010) run again as
// they are. A new migration that creates objects adds its drops here.
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
};

export function rollBackSql(version: number): string {
  const drops = Object.entries(createdBy)
    .map(([v, sql]) => [Number(v), sql] as const)
    .filter(([v]) => v >= version)
    .sort((a, b) => b[0] - a[0])
    .map(([, sql]) => sql);
  return `${drops.join('\n')}\nDELETE FROM schema_migration WHERE version >= ${version};`;
}
