// The anomaly tests computed ahead against the fresh computation (findAnomalies, the second route) on the hand-made
// world: equal answers for the whole tree, a selection and shorter periods; questions they do not cover fall through.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnomalyArgs } from '#shared/contract.ts';
import { openStore, type Store } from '../store/db.ts';
import { precomputeAnomalyTests, precomputedAnswer } from './anomalyPrecomputed.ts';
import { findAnomalies } from './anomalies.ts';
import { fillAnomalyWorld, incidentDay } from './testing/anomalyWorld.ts';

let store: Store;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'anomaly-precomputed-'));
  store = openStore(join(dir, 'store.sqlite'));
  fillAnomalyWorld(store);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const dayAfter = (day: string, n: number): string =>
  new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

describe('precomputed anomaly tests', () => {
  it('answer as the fresh computation does, for every question they cover', () => {
    const stored = precomputeAnomalyTests(store.db, 'negativeShare', 7);
    expect(stored).toBeGreaterThan(0);
    const questions: AnomalyArgs[] = [
      { filter: { from: dayAfter(incidentDay, -6), to: dayAfter(incidentDay, 1) }, measure: 'negativeShare' },
      { filter: { from: incidentDay, to: dayAfter(incidentDay, 1) }, measure: 'negativeShare' },
      {
        filter: { from: dayAfter(incidentDay, -3), to: dayAfter(incidentDay, 30) },
        measure: 'negativeShare',
      },
      {
        filter: { from: dayAfter(incidentDay, -6), to: dayAfter(incidentDay, 1), experiencePointIds: [21] },
        measure: 'negativeShare',
      },
      {
        filter: { from: dayAfter(incidentDay, -6), to: dayAfter(incidentDay, 1), experiencePointIds: [22] },
        measure: 'negativeShare',
      },
    ];
    let flagged = 0;
    for (const args of questions) {
      const fresh = findAnomalies(store.db, args);
      expect(precomputedAnswer(store.db, args, 7)).toEqual(fresh);
      flagged += fresh.rows.length;
    }
    // The world's incident is flagged (days and a busy point's hour), so the equality covers both kinds of rows.
    expect(flagged).toBeGreaterThan(0);
    expect(questions.some((q) => findAnomalies(store.db, q).rows.some((r) => r.hour !== null))).toBe(true);
  });

  it('leave to the fresh computation what they do not cover', () => {
    precomputeAnomalyTests(store.db, 'negativeShare', 7);
    const period = { from: dayAfter(incidentDay, -6), to: dayAfter(incidentDay, 1) };
    expect(precomputedAnswer(store.db, { filter: period, measure: 'negativeShare' }, 8)).toBeNull();
    expect(
      precomputedAnswer(store.db, { filter: { ...period, surveyIds: [1] }, measure: 'negativeShare' }, 7),
    ).toBeNull();
    expect(
      precomputedAnswer(store.db, { filter: period, measure: 'happyIndex', scales: ['four'] }, 7),
    ).toBeNull();
    expect(
      precomputedAnswer(
        store.db,
        { filter: { from: '2023-01-02', to: period.to }, measure: 'negativeShare' },
        7,
      ),
    ).toBeNull();
  });
});
