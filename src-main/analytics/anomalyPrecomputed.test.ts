// The anomaly tests computed ahead against the fresh computation (findAnomalies, the second route) on the hand-made
// world: equal answers for the whole tree, a selection and shorter periods; after a sync, the tests brought up to
// date from its first changed day equal those computed from the start; questions they do not cover fall through.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnomalyArgs } from '#shared/contract.ts';
import { openStore, type Store } from '../store/db.ts';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import { anomalyRecords } from '../store/anomalyTestRepo.ts';
import { recordRun } from '../store/testing/syncRuns.ts';
import { precomputeAnomalyTests, storedQuestion } from './anomalyPrecomputed.ts';
import { precomputedAnswer } from './anomalyStoredAnswer.ts';
import { findAnomalies } from './anomalies.ts';
import { formatLocalDay } from '#shared/calendar.ts';
import { fillAnomalyWorld, firstDay, incidentDay, worldDays } from './testing/anomalyWorld.ts';

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
    const stored = precomputeAnomalyTests(store.db, 'negativeShare', 7, { full: true });
    expect(stored.tests).toBeGreaterThan(0);
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

  it('are the same read a few days at a time as read all at once (each part with the 8 weeks before it)', () => {
    // Two files of the same world: one's tests read in one part (the world fits in one), the other's 10 days at a
    // time (parts cross the world's 63 days, its incident and its busy points' days); compared record by record.
    const files = ['whole.sqlite', 'parts.sqlite'].map((name) => openStore(join(dir, name)));
    try {
      const [whole, parts] = files as [Store, Store];
      const records = (s: Store): unknown[] =>
        s.db
          .prepare('SELECT question, kind, key, hex(data) FROM v2_anomaly_test ORDER BY 1, 2, 3')
          .raw()
          .all();
      fillAnomalyWorld(whole);
      fillAnomalyWorld(parts);
      precomputeAnomalyTests(whole.db, 'negativeShare', 7, { full: true });
      precomputeAnomalyTests(parts.db, 'negativeShare', 7, { full: true, partDays: 10 });
      // Day records over more than one part of 10 days, and the busy points' records (kinds 1 and 2) too.
      const spread = whole.db
        .prepare(
          'SELECT max(key) - min(key), (SELECT count(*) FROM v2_anomaly_test WHERE kind <> 0) FROM v2_anomaly_test WHERE kind = 0',
        )
        .raw()
        .get() as [number, number];
      expect(spread[0]).toBeGreaterThan(20);
      expect(spread[1]).toBeGreaterThan(1);
      expect(records(parts)).toEqual(records(whole));
    } finally {
      for (const f of files) f.close();
    }
  });

  it('cover every period back to 1 January of the year before the newest day', () => {
    const args: AnomalyArgs = { filter: { from: '2023-01-01', to: '2024-03-04' }, measure: 'negativeShare' };
    precomputeAnomalyTests(store.db, 'negativeShare', 7);
    expect(precomputedAnswer(store.db, args, 7)).toEqual(findAnomalies(store.db, args));
  });

  it('after a sync, test again from the first day it changed only, and answer as a full computation does', () => {
    precomputeAnomalyTests(store.db, 'negativeShare', 7, { full: true });
    // Nothing changed: nothing tested again, the stamp moves on.
    const same = precomputeAnomalyTests(store.db, 'negativeShare', 8);
    expect(same.tests).toBe(0);
    expect(
      precomputedAnswer(
        store.db,
        { filter: { from: incidentDay, to: dayAfter(incidentDay, 1) }, measure: 'negativeShare' },
        8,
      ),
    ).not.toBeNull();
    // A sync brings red presses on A two days before the incident and a new day after the world's last one.
    const press = (i: number, day: string, button: number): ButtonFeedbackV2 => ({
      feedbackId: `00000000-0000-4000-a000-${String(i).padStart(12, '0')}`,
      smileyId: 1,
      localTime: `${day}T09:${String(i % 60).padStart(2, '0')}:00.000+01:00`,
      surveyId: 100,
      experiencePointId: 21,
      buttonIndex: button,
      misuse: false,
      smileyType: 'SMILEY_TERMINAL',
      position: 0,
      ui: 'physical',
    });
    const changed = dayAfter(incidentDay, -2);
    const last = dayAfter(firstDay, worldDays);
    store.buttonFeedback.writePage([
      ...Array.from({ length: 40 }, (_, i) => press(i, changed, 0)),
      ...Array.from({ length: 30 }, (_, i) => press(100 + i, last, i % 3 === 0 ? 0 : 3)),
    ]);
    const again = precomputeAnomalyTests(store.db, 'negativeShare', 9);
    expect(formatLocalDay(again.recomputedFrom)).toBe(changed);
    const kept = (kind: number) =>
      [...anomalyRecords(store.db, storedQuestion('negativeShare'), kind)].map(([k, d]) => [k, [...d]]);
    const incremental = [kept(0), kept(1), kept(2)];
    // The second route: every day computed again from the start.
    precomputeAnomalyTests(store.db, 'negativeShare', 9, { full: true });
    expect(incremental).toEqual([kept(0), kept(1), kept(2)]);
    const args: AnomalyArgs = {
      filter: { from: dayAfter(incidentDay, -6), to: dayAfter(last, 1) },
      measure: 'negativeShare',
    };
    expect(precomputedAnswer(store.db, args, 9)).toEqual(findAnomalies(store.db, args));
  });

  it('are kept without reading the rollups after runs that changed no press', () => {
    const finish = (inserted: number, total: number): number =>
      recordRun(store, { rowsInserted: inserted, feedbackTotal: total });
    const total = store.buttonFeedback.total();
    const first = finish(0, total);
    precomputeAnomalyTests(store.db, 'negativeShare', first, { full: true });
    // A day's counts changed behind sync_run's back (the period rollup's day bucket of the incident): the rollups'
    // signatures now differ, so only sync_run's counts can tell the stored tests are current.
    const day = Date.parse(incidentDay) / 86_400_000;
    const bump = (d: number) =>
      store.db
        .prepare('UPDATE v2_button_rollup_period SET n0 = n0 + ? WHERE bucket = ? AND misuse = 0')
        .run(d, day);
    bump(5);
    const kept = precomputeAnomalyTests(store.db, 'negativeShare', finish(0, total));
    expect(kept.tests).toBe(0);
    expect(kept.recomputedFrom).toBe(kept.toDay);
    // A run that inserted rows: the signatures are read, and the tests from the changed day on computed again.
    const again = precomputeAnomalyTests(store.db, 'negativeShare', finish(1, total));
    expect(formatLocalDay(again.recomputedFrom)).toBe(incidentDay);
    expect(again.tests).toBeGreaterThan(0);
    bump(-5);
    precomputeAnomalyTests(store.db, 'negativeShare', finish(0, total), { full: true });
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
        { filter: { from: '2022-12-31', to: period.to }, measure: 'negativeShare' },
        7,
      ),
    ).toBeNull();
  });
});
