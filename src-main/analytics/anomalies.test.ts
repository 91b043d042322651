// findAnomalies on a hand-made world (analytics/testing/anomalyWorld.ts) against a second route: the counts per node
// and day (and hour) by plain SQL over the fact table, the outlier week set aside by hand, and z worked out with the
// formula itself (identical kept weeks: no week-to-week spread); nothing else is flagged, and a selection narrows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCommandArgs } from '#shared/contract.ts';
import { openStore, type Store } from '../store/db.ts';
import { findAnomalies } from './anomalies.ts';
import { fillAnomalyWorld, incidentDay } from './testing/anomalyWorld.ts';

let store: Store;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'anomalies-'));
  store = openStore(join(dir, 'store.sqlite'));
  fillAnomalyWorld(store);
  facts = store.db
    .prepare<[], { point: number; day: string; hour: number; red: number }>(
      `SELECT experience_point_id AS point, local_day AS day, local_hour AS hour, button_index <= 1 AS red
       FROM v2_button_feedback WHERE misuse = 0`,
    )
    .all();
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every press as (point, local day, local hour, red), by plain SQL over the fact table. */
let facts: { point: number; day: string; hour: number; red: number }[] = [];

/** Red presses and presses of `points` on a local day (and hour), counted from `facts`. */
function counted(points: number[], day: string, hour?: number): { red: number; n: number } {
  let red = 0;
  let n = 0;
  for (const f of facts)
    if (points.includes(f.point) && f.day === day && (hour === undefined || f.hour === hour)) {
      n++;
      red += f.red;
    }
  return { red, n };
}

const weekBefore = (day: string, k: number): string =>
  new Date(Date.parse(day) - 7 * k * 86_400_000).toISOString().slice(0, 10);

/** The expected test of a cell: the kept weeks pooled, σ² = b(1 − b), z = (v − b)/√(σ²/n + σ²/N). */
function expected(points: number[], hour: number | undefined, dropped: string[] = []) {
  const cell = counted(points, incidentDay, hour);
  let red = 0;
  let n = 0;
  for (let k = 1; k <= 8; k++) {
    const day = weekBefore(incidentDay, k);
    if (dropped.includes(day)) continue;
    const c = counted(points, day, hour);
    red += c.red;
    n += c.n;
  }
  const v = cell.red / cell.n;
  const b = red / n;
  const s2 = b * (1 - b);
  return { value: v, baseline: b, z: (v - b) / Math.sqrt(s2 / cell.n + s2 / n), presses: cell.n };
}

const period = { from: '2024-02-26', to: '2024-03-04' };

describe('findAnomalies', () => {
  it('finds the incident day of A, its group and company, and its ten hours, with the numbers of the second route', () => {
    const answer = findAnomalies(store.db, { filter: period, measure: 'negativeShare' });
    // 7 days × (A, B, G, Company) + 7 days × 10 hours of A (300 presses a day: busy).
    expect(answer.tests).toBe(7 * 4 + 7 * 10);
    const days = answer.rows.filter((r) => r.hour === null);
    expect(days.map((r) => r.experiencePointId).sort()).toEqual([1, 2, 21]);
    const a = days.find((r) => r.experiencePointId === 21);
    const byHand = expected([21], undefined);
    expect(a).toMatchObject({
      day: incidentDay,
      presses: 300,
      weeks: 8,
      worse: true,
      type: 'EXPERIENCE_POINT',
    });
    expect(a?.value).toBeCloseTo(0.6, 12);
    expect(a?.baseline).toBeCloseTo(0.1, 12);
    expect(a?.z).toBeCloseTo(byHand.z, 9);
    expect(byHand.z).toBeCloseTo(0.5 / Math.sqrt(0.09 / 300 + 0.09 / 2400), 9); // ≈ 27.2
    // G: B's all-red Wednesday (2024-01-17) is set aside, so 7 weeks of (30 + 1)/320 remain.
    const g = days.find((r) => r.experiencePointId === 2);
    const gByHand = expected([21, 22], undefined, ['2024-01-17']);
    expect(g).toMatchObject({ weeks: 7, presses: 320 });
    expect(g?.baseline).toBeCloseTo(31 / 320, 12);
    expect(g?.z).toBeCloseTo(gByHand.z, 9);
    expect(days.find((r) => r.experiencePointId === 1)?.z).toBeCloseTo(gByHand.z, 9);
    const hours = answer.rows.filter((r) => r.hour !== null);
    expect(hours.map((r) => r.hour).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([
      8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    ]);
    for (const h of hours) {
      const e = expected([21], h.hour ?? 0);
      expect(h).toMatchObject({ experiencePointId: 21, day: incidentDay, presses: 30, weeks: 8 });
      expect(h.z).toBeCloseTo(e.z, 9);
    }
    // Every q is Benjamini–Hochberg's over the 98 tests: the 13 discoveries have p far below 0.05·13/98.
    expect(answer.rows.every((r) => r.q <= 0.05)).toBe(true);
  });

  it('flags nothing in a week without an incident', () => {
    const answer = findAnomalies(store.db, {
      filter: { from: '2024-02-19', to: '2024-02-26' },
      measure: 'negativeShare',
    });
    expect(answer.tests).toBeGreaterThan(0);
    expect(answer.rows).toEqual([]);
  });

  it('narrows to a selection and tests the Happy Index of one face group', () => {
    const onlyB = findAnomalies(store.db, {
      filter: { ...period, experiencePointIds: [22] },
      measure: 'negativeShare',
    });
    expect(onlyB.tests).toBe(7);
    expect(onlyB.rows).toEqual([]);
    const hi = findAnomalies(store.db, {
      filter: { ...period, experiencePointIds: [21] },
      measure: 'happyIndex',
      scales: ['four'],
    });
    const a = hi.rows.find((r) => r.hour === null);
    // 40 % of 300 pressed 3 → HI 40; before, 90 % → HI 90.
    expect(a).toMatchObject({ experiencePointId: 21, worse: true });
    expect(a?.value).toBeCloseTo(40, 9);
    expect(a?.baseline).toBeCloseTo(90, 9);
  });

  it('refuses a Happy Index without one face group, in one phrase', () => {
    const checked = checkCommandArgs('analytics:anomalies', { filter: period, measure: 'happyIndex' });
    expect(checked).toEqual({
      ok: false,
      message: 'measure happyIndex needs the scales of one face group (four, or five and five_reversed)',
    });
    expect(checkCommandArgs('analytics:anomalies', { filter: { from: '2024-02-26' } })).toMatchObject({
      ok: false,
    });
  });
});
