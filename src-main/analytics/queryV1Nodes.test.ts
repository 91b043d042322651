// runQuery on a store synced through v1 alone, read from the v1 node rollups: every grouping and measure checked
// against a second, simpler route — plain SQL over v1_press and v1_summed_result with calendar keys from SQLite's date
// functions (ISO week via %G-W%V) — on DST days, ISO week 2020-W53, 29 February and a year end.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuerySpec } from '#shared/contract.ts';
import { openStore, type Store } from '../store/db.ts';
import {
  fillV1World,
  v1Folders,
  v1Replace,
  v1Sample,
  v1Summed,
  v1Surveys,
} from '../store/repos/testing/v1World.ts';
import { pressTotals } from './pressTotals.ts';
import { runQuery } from './query.ts';

let store: Store;
beforeEach(() => {
  store = openStore(':memory:');
  fillV1World(store);
});
afterEach(() => store.close());

/** Every key → count of a QuerySpec's rows, keyed by the grouping values joined with '|'. */
function answer(spec: Omit<QuerySpec, 'measures'>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of runQuery(store.db, { ...spec, measures: ['count'] }) as Record<string, unknown>[])
    out[spec.groupBy.map((d) => String(row[d])).join('|')] = Number(row.count);
  return out;
}

/**
 * The second route. Rows (survey, folder, t, b, n): `t` a date-time text of the wall clock. Without misuse, the summed
 * results at the day's midnight; with it, per survey, day and button the larger of the raw presses and the summed
 * results (the summed results plus the raw presses beyond them); by hour, every raw press.
 */
const facts = {
  raw: `SELECT p.survey_key AS survey, s.folder_key AS folder, datetime(p.local_time / 1000, 'unixepoch') AS t,
      p.button_index AS b, p.presses AS n FROM v1_press p JOIN v1_survey s USING (survey_key)`,
  summed: `SELECT r.survey_key AS survey, s.folder_key AS folder, datetime(r.local_day * 86400, 'unixepoch') AS t, x.value AS b,
      json_extract(json_array(r.n0, r.n1, r.n2, r.n3), '$[' || x.value || ']') AS n
    FROM v1_summed_result r JOIN v1_survey s USING (survey_key) JOIN json_each('[0,1,2,3]') x`,
  get withMisuse(): string {
    return `SELECT survey, folder, t, b, max(sum(raw), sum(summed)) AS n FROM (
      SELECT survey, folder, date(t) AS t, b, n AS raw, 0 AS summed FROM (${this.raw})
      UNION ALL SELECT survey, folder, date(t), b, 0, n FROM (${this.summed})) GROUP BY 1, 2, 3, 4`;
  },
};

/** Counts per `key` (SQL over `t`, `b`, `folder`) of `rows`, for the folders under `under` (all when absent). */
function expected(rows: string, key: string, where = 'true', under?: number[]): Record<string, number> {
  const subtree = `WITH RECURSIVE sub(id) AS (SELECT value FROM json_each(@under)
    UNION SELECT f.folder_key FROM v1_folder f JOIN sub ON f.parent_key = sub.id)`;
  const sql = `${under ? subtree : ''} SELECT ${key} AS k, sum(n) AS n FROM (${rows}) f
    WHERE ${where} ${under ? 'AND folder IN (SELECT id FROM sub)' : ''} GROUP BY 1 HAVING sum(n) > 0`;
  const out: Record<string, number> = {};
  for (const [k, n] of store.db
    .prepare(sql)
    .raw(true)
    .all(under ? { under: JSON.stringify(under) } : {}) as [string | number, number][])
    out[String(k)] = n;
  return out;
}

const quarter = `strftime('%Y', t) || '-Q' || ((CAST(strftime('%m', t) AS INTEGER) + 2) / 3)`;

describe('runQuery on a v1-only store, from the v1 node rollups', () => {
  it('groups by every time grain and button, with and without misuse, as plain SQL counts them', () => {
    expect(answer({ groupBy: ['day', 'buttonIndex'], filter: {} })).toEqual(
      expected(facts.summed, `date(t) || '|' || b`),
    );
    expect(answer({ groupBy: ['week', 'buttonIndex'], filter: { includeMisuse: true } })).toEqual(
      expected(facts.withMisuse, `strftime('%G-W%V', t) || '|' || b`),
    );
    expect(answer({ groupBy: ['month'], filter: {} })).toEqual(
      expected(facts.summed, `strftime('%Y-%m', t)`),
    );
    expect(answer({ groupBy: ['quarter'], filter: { includeMisuse: true } })).toEqual(
      expected(facts.withMisuse, quarter),
    );
    expect(answer({ groupBy: ['year'], filter: {} })).toEqual(expected(facts.summed, `strftime('%Y', t)`));
    expect(answer({ groupBy: ['hour'], filter: {} })).toEqual(
      expected(facts.raw, `strftime('%Y-%m-%dT%H', t)`),
    );
    // ISO week 53 of 2020 spans the year end; the 23- and 25-hour days of Berlin have their own hours.
    const weeks = answer({ groupBy: ['week'], filter: { includeMisuse: true } });
    expect(weeks['2020-W53']).toBeGreaterThan(0);
    const hours = answer({ groupBy: ['hour'], filter: {} });
    expect(hours['2024-10-27T02']).toBeGreaterThan(0);
    expect(hours['2024-03-31T02']).toBeGreaterThan(0);
  });

  it('answers the weekday × hour pattern over whole months and the days at the ends', () => {
    // 2024-02-29 … 2024-11-02: March to October from the month × hour-of-week rollup, the ends from the hourly one.
    const filter = { from: '2024-02-29', to: '2024-11-02' };
    const inRange = `date(t) >= '2024-02-29' AND date(t) < '2024-11-02'`;
    expect(answer({ groupBy: ['weekday', 'hourOfDay'], filter })).toEqual(
      expected(
        facts.raw,
        `CAST(strftime('%u', t) AS INTEGER) || '|' || CAST(strftime('%H', t) AS INTEGER)`,
        inRange,
      ),
    );
    expect(answer({ groupBy: ['weekday'], filter: { hoursOfDay: [2, 3] } })).toEqual(
      expected(facts.raw, `CAST(strftime('%u', t) AS INTEGER)`, `strftime('%H', t) IN ('02', '03')`),
    );
  });

  it('answers subtrees, overlapping selections and children with their subtrees', () => {
    expect(answer({ groupBy: ['month'], filter: { experiencePointIds: [2, 21, 41] } })).toEqual(
      expected(facts.summed, `strftime('%Y-%m', t)`, 'true', [2, 41]),
    );
    const children = answer({
      groupBy: ['experiencePointId'],
      experiencePointLevel: 'children',
      filter: { experiencePointIds: [1], includeMisuse: true },
    });
    expect(children).toEqual(
      Object.fromEntries(
        [2, 3, 4].map((c) => [String(c), expected(facts.withMisuse, `'all'`, 'true', [c]).all ?? 0]),
      ),
    );
    // Per leaf and per survey (the point views) agree with the same counts.
    expect(answer({ groupBy: ['experiencePointId'], filter: {} })).toEqual(expected(facts.summed, 'folder'));
    expect(answer({ groupBy: ['surveyId'], filter: { surveyIds: [210, 300] } })).toEqual(
      expected(facts.summed, 'survey', 'survey IN (210, 300)'),
    );
  });

  it('measures the whole tree as the formulas over plain-SQL counts give', () => {
    const counts = [0, 1, 2, 3].map((b) => expected(facts.summed, `'x'`, `b = ${b}`).x ?? 0);
    const n = counts.reduce((a, c) => a + c, 0);
    // Happy Index on four buttons: 100·Σ(i·nᵢ)/(3·N); average on 1…4: Σ((i + 1)·nᵢ)/N; NPS of four buttons: none
    // are 9–10, all are 0–6 → −100.
    const [row] = runQuery(store.db, {
      measures: ['presses', 'happyIndex', 'average', 'nps'],
      groupBy: [],
      filter: { scale: 'four' },
    });
    expect(row?.presses).toBe(n);
    expect(row?.happyIndex).toBeCloseTo((100 * counts.reduce((a, c, i) => a + i * c, 0)) / (3 * n), 9);
    expect(row?.average).toBeCloseTo(counts.reduce((a, c, i) => a + (i + 1) * c, 0) / n, 9);
    expect(pressTotals(store.db)).toMatchObject({
      source: 'v1',
      withoutMisuse: n,
      presses: expected(facts.withMisuse, `'x'`).x,
    });
  });

  it('stays right after a replaced window and a tree change, and reads the node rows, not the points', () => {
    const items = v1Sample(60, 5, true);
    v1Replace(store, 220, '2024-05-01', '2024-05-03', items, v1Summed(items, 3));
    store.v1.structure.replaceStructure(v1Folders({ ...v1Surveys, 300: 22 }, { 41: 2 }), []);
    const spec: Omit<QuerySpec, 'measures'> = {
      groupBy: ['day', 'buttonIndex'],
      filter: { experiencePointIds: [2] },
    };
    const subtree = answer(spec);
    expect(subtree).toEqual(expected(facts.summed, `date(t) || '|' || b`, 'true', [2]));
    const whole = answer({ groupBy: ['week'], filter: { includeMisuse: true } });
    expect(whole).toEqual(expected(facts.withMisuse, `strftime('%G-W%V', t)`));
    // Group 2 has no presses of its own and the whole tree is node -1: without the point rows the answers stay
    // (one empty point row keeps the store v1-only: pressOrigin).
    store.db.exec(`DELETE FROM v1_summed_result; DELETE FROM v1_press_rollup_daily;
      INSERT INTO v1_press_rollup_daily (folder_key, local_day, survey_key, n0, n1, n2, n3) VALUES (999, 0, 999, 0, 0, 0, 0)`);
    expect(answer(spec)).toEqual(subtree);
    expect(answer({ groupBy: ['week'], filter: { includeMisuse: true } })).toEqual(whole);
  });
});
