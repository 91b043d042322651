// v1 node rollups (daily, hourly, month × hour of the week): written by window replaces, after a replaced window, a
// tree change and by migration 0011, each equal to a count straight from v1_press and v1_summed_result by plain SQL
// (each survey's presses into every proper ancestor of its folder and into -1; calendar keys by SQLite's date
// functions). Days include Berlin's 23- and 25-hour days, ISO week 2020-W53, 29 February and a year end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../db.ts';
import { fillV1World, v1Folders, v1Replace, v1Sample, v1Summed, v1Surveys } from './testing/v1World.ts';
import { rollBackSql } from './testing/rollBack.ts';

let store: Store;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'v1-node-rollup-'));
  store = openStore(join(dir, 'store.sqlite'));
  fillV1World(store);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

type Rows = number[][];
const sums = [0, 1, 2, 3].map((b) => `sum(n${b})`).join(', ');

/** Stored rows with any press, (node, bucket, misuse, n0..n3), in key order (survey is always 0). */
function stored(s: Store, grain: 'daily' | 'hourly' | 'weekhour'): Rows {
  const bucket = grain === 'daily' ? 'local_day' : grain === 'hourly' ? 'local_hour' : 'month_hour';
  expect(
    s.db.prepare(`SELECT count(*) FROM v1_node_rollup_${grain} WHERE survey_id <> 0`).pluck().get(),
  ).toBe(0);
  return s.db
    .prepare(
      `SELECT node_id, ${bucket}, misuse, n0, n1, n2, n3 FROM v1_node_rollup_${grain}
       WHERE n0 <> 0 OR n1 <> 0 OR n2 <> 0 OR n3 <> 0 ORDER BY 1, 2, 3`,
    )
    .raw(true)
    .all() as Rows;
}

/** Folder → each proper ancestor in the tree, and → -1; then each survey's folder's nodes. */
const nodesCte = `WITH RECURSIVE up(point, node) AS (
    SELECT folder_key, parent_key FROM v1_folder WHERE parent_key IN (SELECT folder_key FROM v1_folder)
    UNION SELECT up.point, f.parent_key FROM up JOIN v1_folder f ON f.folder_key = up.node
      WHERE f.parent_key IN (SELECT folder_key FROM v1_folder)),
  survey_node(survey, node) AS (
    SELECT s.survey_key, up.node FROM v1_survey s JOIN up ON up.point = s.folder_key
    UNION ALL SELECT survey_key, -1 FROM v1_survey)`;

/** Presses per survey, local day (number, from SQLite's date of the wall-clock time) and button. */
const rawDaily = `raw(survey, day, b, n) AS (
    SELECT survey_key, CAST(unixepoch(date(local_time / 1000, 'unixepoch')) / 86400 AS INTEGER), button_index, sum(presses)
    FROM v1_press GROUP BY 1, 2, 3)`;

function expectedDaily(s: Store): Rows {
  // Per survey, day and button: summed results (misuse 0) and the raw presses beyond them (misuse 1, never < 0).
  const sql = `${nodesCte}, ${rawDaily},
    summed(survey, day, b, n) AS (
      SELECT survey_key, local_day, 0, n0 FROM v1_summed_result UNION ALL SELECT survey_key, local_day, 1, n1 FROM v1_summed_result
      UNION ALL SELECT survey_key, local_day, 2, n2 FROM v1_summed_result UNION ALL SELECT survey_key, local_day, 3, n3 FROM v1_summed_result),
    keys(survey, day, b) AS (SELECT survey, day, b FROM raw UNION SELECT survey, day, b FROM summed),
    both(survey, day, misuse, b, n) AS (
      SELECT k.survey, k.day, 0, k.b, coalesce(m.n, 0) FROM keys k LEFT JOIN summed m USING (survey, day, b)
      UNION ALL
      SELECT k.survey, k.day, 1, k.b, max(coalesce(r.n, 0) - coalesce(m.n, 0), 0)
      FROM keys k LEFT JOIN summed m USING (survey, day, b) LEFT JOIN raw r USING (survey, day, b)),
    per(node, day, misuse, n0, n1, n2, n3) AS (
      SELECT sn.node, x.day, x.misuse, sum(x.n * (x.b = 0)), sum(x.n * (x.b = 1)), sum(x.n * (x.b = 2)), sum(x.n * (x.b = 3))
      FROM both x JOIN survey_node sn ON sn.survey = x.survey GROUP BY 1, 2, 3)
    SELECT * FROM per WHERE n0 + n1 + n2 + n3 > 0 ORDER BY 1, 2, 3`;
  return s.db.prepare(sql).raw(true).all() as Rows;
}

/** Every raw press per node and `key` (an SQL expression over `t`, the wall-clock time as a date-time). */
function expectedRaw(s: Store, key: string): Rows {
  const sql = `${nodesCte}
    SELECT sn.node, k, 0, ${sums} FROM (
      SELECT survey_key, ${key} AS k, presses * (button_index = 0) AS n0, presses * (button_index = 1) AS n1,
        presses * (button_index = 2) AS n2, presses * (button_index = 3) AS n3
      FROM (SELECT *, datetime(local_time / 1000, 'unixepoch') AS t FROM v1_press)) p
    JOIN survey_node sn ON sn.survey = p.survey_key GROUP BY 1, 2 ORDER BY 1, 2`;
  return s.db.prepare(sql).raw(true).all() as Rows;
}
const hourKey = `CAST(unixepoch(strftime('%Y-%m-%d %H:00:00', t)) / 3600 AS INTEGER)`;
const monthHourKey = `CAST(unixepoch(date(t, 'start of month')) / 86400 AS INTEGER) * 168
  + (CAST(strftime('%u', t) AS INTEGER) - 1) * 24 + CAST(strftime('%H', t) AS INTEGER)`;

function expectEqualToFacts(s: Store): void {
  expect(stored(s, 'daily')).toEqual(expectedDaily(s));
  expect(stored(s, 'hourly')).toEqual(expectedRaw(s, hourKey));
  expect(stored(s, 'weekhour')).toEqual(expectedRaw(s, monthHourKey));
}

describe('v1 node rollups', () => {
  it('equal a plain-SQL count of the facts after window replaces, on DST days, week 53 and 29 February', () => {
    const daily = stored(store, 'daily');
    const day = (d: string): number => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
    for (const d of ['2024-03-31', '2024-10-27', '2020-12-31', '2021-01-03', '2024-02-29', '2023-12-31'])
      expect(daily.some((r) => r[0] === -1 && r[1] === day(d))).toBe(true);
    // The whole tree (-1) holds as many presses as the summed results plus the raw presses beyond them.
    expect(daily.filter((r) => r[0] === -1).length).toBeGreaterThan(0);
    expectEqualToFacts(store);
  });

  it('stay equal when a window is replaced with other presses and summed results', () => {
    const items = v1Sample(80, 99, true);
    v1Replace(store, 210, '2024-05-01', '2024-05-03', items, v1Summed(items, 7));
    v1Replace(store, 410, '2024-05-01', '2024-05-03', [], []);
    expectEqualToFacts(store);
    expect(store.v1.presses.totalPresses()).toBe(
      store.db.prepare('SELECT sum(presses) FROM v1_press').pluck().get(),
    );
  });

  it('are counted again when the tree changes: a folder moves, a survey moves, a survey goes', () => {
    const before = stored(store, 'daily');
    const { 211: _gone, ...rest } = v1Surveys;
    store.v1.structure.replaceStructure(v1Folders({ ...rest, 300: 41 }, { 22: 4 }), []);
    expect(stored(store, 'daily')).not.toEqual(before);
    expectEqualToFacts(store);
  });

  it('built by migration 0011 for a store synced before equal the ones built live', () => {
    const live = (['daily', 'hourly', 'weekhour'] as const).map((g) => stored(store, g));
    store.db.exec(rollBackSql(11));
    store.close();
    store = openStore(join(dir, 'store.sqlite'));
    expect((['daily', 'hourly', 'weekhour'] as const).map((g) => stored(store, g))).toEqual(live);
    expectEqualToFacts(store);
  });
});
