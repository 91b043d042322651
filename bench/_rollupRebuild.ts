// How long the rollups that a tree change rebuilds take on a synced store (issue 24: "any migration that rebuilds
// rollups ≤ 2 min"): the node rollups counted again from the point rollups (nodeRollup.ts rebuild, what a sync runs
// after the tree's shape changed, as migration 0006 built them), inside a transaction rolled back at the end, so the
// file is left as it was. Prints wall and CPU seconds and the rows written. Run: npx node bench/_rollupRebuild.ts FILE
import Database from 'better-sqlite3';
import { createNodeRollup } from '../src-main/store/repos/nodeRollup.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: npx node bench/_rollupRebuild.ts FILE');
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('cache_size = -64000');
const tables = ['v2_node_rollup_daily', 'v2_node_rollup_hourly', 'v2_node_rollup_weekhour'];
const rows = (): number =>
  tables.reduce((s, t) => s + Number(db.prepare(`SELECT count(*) FROM ${t}`).pluck().get()), 0);
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
db.exec('BEGIN IMMEDIATE');
try {
  const t0 = performance.now();
  const c0 = cpu();
  createNodeRollup(db).rebuild();
  const wall = (performance.now() - t0) / 1000;
  console.log(
    JSON.stringify({
      rebuild: 'node rollups',
      wallS: +wall.toFixed(1),
      cpuS: +(cpu() - c0).toFixed(1),
      rows: rows(),
    }),
  );
} finally {
  db.exec('ROLLBACK');
  db.close();
}
