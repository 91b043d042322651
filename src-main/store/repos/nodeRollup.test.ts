// Node rollups (hourly, daily, month × hour of the week) and the point period rollup: written live, around a swap,
// after a tree change and by migrations 0006 and 0009, each equal to a count straight from the fact table by plain
// SQL (every press into each proper ancestor of its point, and into -1; calendar keys by SQLite's date functions).
// Days include both DST changes (Berlin), ISO week 2020-W53 across the year end, and 29 February.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import type { TreeItem } from '#shared/contract.ts';
import { openStore, type Store } from '../db.ts';
import { rollupTree } from './testing/rollupTree.ts';
import { createBatchBuilder } from './batchGathering.ts';
import { ancestorsOf } from './nodeRollup.ts';
import { rollBackSql } from './testing/rollBack.ts';

let store: Store;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'node-rollup-'));
  store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace(tree);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

// 1 → 2 → 21, 22; 1 → 3; 4 (a second root) → 41. Point 99 is in no tree.
const tree = rollupTree;

let next = 0;
const dates = [
  '2024-05-01',
  '2024-05-02',
  '2024-05-03',
  '2024-05-04',
  '2020-12-31',
  '2021-01-03',
  '2024-02-29',
];
const dst = ['2024-03-31', '2024-10-27'];
/**
 * Deterministic pseudo-random presses over 5 points, 2 surveys, 4 days of May and some awkward days (every fifth
 * press: a DST day, at 02:xx local with either offset), every button, some misuse.
 */
function sample(n: number, seed = 1): ButtonFeedbackV2[] {
  let s = seed;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  const points = [21, 22, 3, 41, 99];
  const time = (): string =>
    r(5) === 0
      ? `${dst[r(2)]}T02:${String(r(60)).padStart(2, '0')}:00.000+0${1 + r(2)}:00`
      : `${dates[r(4) + (r(3) === 0 ? 3 : 0)]}T${String(r(24)).padStart(2, '0')}:${String(r(60)).padStart(2, '0')}:00.000+02:00`;
  return Array.from({ length: n }, () => ({
    feedbackId: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
    smileyId: 1,
    localTime: time(),
    surveyId: 1 + r(2),
    experiencePointId: points[r(points.length)] ?? 21,
    buttonIndex: r(11),
    misuse: r(7) === 0,
    smileyType: 'SMILEY_TERMINAL',
    position: 0,
    ui: 'physical',
  }));
}

const buttons = Array.from({ length: 11 }, (_, i) => i);

type Grain = 'hourly' | 'daily' | 'weekhour';
const grains: Grain[] = ['hourly', 'daily', 'weekhour'];
const bucketColumn = { hourly: 'local_hour', daily: 'local_day', weekhour: 'month_hour' };
const dayOf = (date: string): string => `CAST(julianday(${date}) - 2440587.5 AS INTEGER)`;
/**
 * A press's bucket by SQLite's date functions on its local time: hour or day number, or month × hour of the week
 * (the month's first day number × 168 + Monday-based weekday × 24 + hour).
 */
const bucketOf: Record<Grain, string> = {
  hourly: 'f.local_time / 3600000',
  daily: 'f.local_time / 86400000',
  weekhour: `${dayOf("date(f.local_time / 1000, 'unixepoch', 'start of month')")} * 168
    + (CAST(strftime('%w', f.local_time / 1000, 'unixepoch') AS INTEGER) + 6) % 7 * 24
    + CAST(strftime('%H', f.local_time / 1000, 'unixepoch') AS INTEGER)`,
};

/** The node rollup as stored, all-zero rows left out (a recount may leave them). */
function stored(s: Store, grain: Grain): unknown[] {
  return s.db
    .prepare(
      `SELECT node_id, ${bucketColumn[grain]} AS b, survey_id, misuse, ${buttons.map((i) => `n${i}`).join(', ')}
       FROM v2_node_rollup_${grain} WHERE ${buttons.map((i) => `n${i}`).join(' + ')} > 0 ORDER BY 1, 2, 3, 4`,
    )
    .all();
}

/** The same, counted from the facts: each press into every proper ancestor (recursive CTE) and into -1. */
function fromFacts(s: Store, grain: Grain): unknown[] {
  return s.db
    .prepare(
      `WITH RECURSIVE up(point, node) AS (
         SELECT e.experience_point_id, e.parent_id FROM experience_point e WHERE e.parent_id IS NOT NULL
         UNION SELECT up.point, e.parent_id FROM up JOIN experience_point e ON e.experience_point_id = up.node
         WHERE e.parent_id IS NOT NULL),
       node_of(point, node) AS (SELECT point, node FROM up
         UNION ALL SELECT DISTINCT experience_point_id, -1 FROM v2_button_feedback)
       SELECT o.node AS node_id, ${bucketOf[grain]} AS b, f.survey_id, f.misuse,
         ${buttons.map((i) => `sum(f.button_index = ${i}) AS n${i}`).join(', ')}
       FROM v2_button_feedback f JOIN node_of o ON o.point = f.experience_point_id
       GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    )
    .all();
}

/** The point period rollup as stored (bucket, point, survey, misuse, n0..n10), all-zero rows left out. */
function storedPeriods(s: Store): unknown[] {
  return s.db
    .prepare(
      `SELECT * FROM v2_button_rollup_period WHERE ${buttons.map((i) => `n${i}`).join(' + ')} > 0 ORDER BY 1, 2, 3, 4`,
    )
    .all();
}

/** The same from the facts: the local day, its week's Monday + 1000000 and its month's first day + 2000000. */
function periodsFromFacts(s: Store): unknown[] {
  const date = "date(f.local_time / 1000, 'unixepoch')";
  return s.db
    .prepare(
      `WITH l(b, day) AS (SELECT DISTINCT ${dayOf(date)}, f.local_time / 86400000 FROM v2_button_feedback f
         UNION ALL SELECT DISTINCT 1000000 + ${dayOf(`date(${date}, '-6 days', 'weekday 1')`)}, f.local_time / 86400000 FROM v2_button_feedback f
         UNION ALL SELECT DISTINCT 2000000 + ${dayOf(`date(${date}, 'start of month')`)}, f.local_time / 86400000 FROM v2_button_feedback f)
       SELECT l.b AS bucket, f.experience_point_id, f.survey_id, f.misuse,
         ${buttons.map((i) => `sum(f.button_index = ${i}) AS n${i}`).join(', ')}
       FROM v2_button_feedback f JOIN l ON l.day = f.local_time / 86400000
       GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    )
    .all();
}

const expectEqualToFacts = (s: Store): void => {
  for (const grain of grains) expect(stored(s, grain)).toEqual(fromFacts(s, grain));
  expect(storedPeriods(s)).toEqual(periodsFromFacts(s));
};

describe('node rollups', () => {
  it('walks a point up to its roots, then -1; a point outside the tree counts in -1 only', () => {
    const up = ancestorsOf(tree.map((t) => ({ id: t.experiencePointId, parent: t.parent })));
    expect(up(21)).toEqual([2, 1, -1]);
    expect(up(3)).toEqual([1, -1]);
    expect(up(99)).toEqual([-1]);
    const cycle = ancestorsOf([
      { id: 5, parent: 6 },
      { id: 6, parent: 5 },
    ]);
    expect(cycle(5)).toEqual([6, -1]); // a broken tree ends the walk
  });

  it('are kept current by appends, re-sent pages (careful path) and swaps', () => {
    const all = sample(900);
    store.buttonFeedback.writePage(all.slice(0, 500));
    expectEqualToFacts(store);
    store.buttonFeedback.writePage(all.slice(400)); // 100 seen before: counted once
    expectEqualToFacts(store);
    expect(store.buttonFeedback.total()).toBe(900);
    const misuse = all.filter((f) => f.misuse).length;
    expect(store.buttonFeedback.total({ includeMisuse: false })).toBe(900 - misuse);
    // The service now has a different 2 May: some presses dropped, some re-flagged, some new.
    const day2 = all.filter((f) => f.localTime.startsWith('2024-05-02'));
    const now = [
      ...day2.slice(10).map((f, i) => (i % 5 === 0 ? { ...f, misuse: !f.misuse } : f)),
      ...sample(40, 7).map((f) => ({ ...f, localTime: `2024-05-02${f.localTime.slice(10)}` })),
    ];
    const b = createBatchBuilder();
    b.add(now);
    const from = Date.UTC(2024, 4, 2);
    store.buttonFeedback.stage('s', b.build(), undefined, {
      stream: 's',
      fromMs: from,
      toMs: from + 86_400_000,
      scope: null,
    });
    expectEqualToFacts(store);
    expect(store.buttonFeedback.total()).toBe(900 - day2.length + now.length);
  });

  it('are counted again when the tree changes (a point moves to another group)', () => {
    store.buttonFeedback.writePage(sample(300));
    store.tree.replace(tree.map((t) => (t.experiencePointId === 22 ? { ...t, parent: 4 } : t)));
    expectEqualToFacts(store);
  });

  it('built by migration 0006 equal the ones built live in a broken tree (a cycle, a missing parent)', () => {
    // 5 ⇄ 6 is a cycle with point 51 below 5; 7's parent 70 is not in the tree. Live, each walks up until it
    // repeats or leaves the tree (ancestorsOf), so 5 counts into 6 only, 51 into 5 and 6, 7 into -1 only.
    const broken: TreeItem[] = [
      ...tree,
      { experiencePointId: 5, name: 'Loop A', parent: 6, type: 'GROUP' },
      { experiencePointId: 6, name: 'Loop B', parent: 5, type: 'GROUP' },
      { experiencePointId: 51, name: 'D', parent: 5, type: 'EXPERIENCE_POINT' },
      { experiencePointId: 7, name: 'E', parent: 70, type: 'EXPERIENCE_POINT' },
    ];
    store.tree.replace(broken);
    const points = [5, 6, 51, 7, 21];
    store.buttonFeedback.writePage(
      sample(400).map((p, i) => ({ ...p, experiencePointId: points[i % points.length] ?? 21 })),
    );
    const live = Object.fromEntries(grains.map((g) => [g, stored(store, g)]));
    store.db.exec(rollBackSql(6));
    store.close();
    store = openStore(join(dir, 'store.sqlite'));
    for (const g of grains) expect(stored(store, g)).toEqual(live[g]);
  });

  it('built by migrations 0006 and 0009 for a store synced before equal the ones built live', () => {
    store.buttonFeedback.writePage(sample(700));
    const live = {
      ...Object.fromEntries(grains.map((g) => [g, stored(store, g)])),
      periods: storedPeriods(store),
    };
    // The file as an older version left it: no node rollups, migration 0006 (and what came after) not applied;
    // 0007 only rebuilds two tables as they are, so applying it again changes nothing here; 0008's and 0009's
    // tables are dropped.
    store.db.exec(rollBackSql(6));
    store.close();
    store = openStore(join(dir, 'store.sqlite'));
    expect({
      ...Object.fromEntries(grains.map((g) => [g, stored(store, g)])),
      periods: storedPeriods(store),
    }).toEqual(live);
    expectEqualToFacts(store);
  });
});
