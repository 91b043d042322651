// Alert replay on a real SQLite file holding a hand-made world: one negative specification, its pair's presses
// (with a misuse press and another survey's press that must not count), three alerts "the service raised". The
// expected replayed alerts, matches and weeks were worked out by hand from DECISIONS.md "How alerts are raised"
// (the same presses as the first case of analytics/alertRule.test.ts); then the stored summary after a newer sync
// run. cli/commands/alerts.test.ts runs the command line on the same world.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/db.ts';
import { buildAlertReplayWorld, press } from './testing/alertReplayWorld.ts';
import { recordRun } from '../store/testing/syncRuns.ts';
import { refreshAlertSeries, replayAlertSpecifications } from './alertReplayService.ts';

let store: Store;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'alert-replay-'));
  store = buildAlertReplayWorld(join(dir, 'store.sqlite'));
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('replaying the specifications of a hand-made world', () => {
  it('matches each service alert with a replayed one beginning within one window', () => {
    const r = replayAlertSpecifications(store.db, { specificationId: 1 });
    expect(r).toMatchObject({
      serviceAlerts: 3,
      replayed: 2,
      matched: 2,
      matchedShare: 0.6667,
      extraShare: -0.3333,
    });
    expect(r.present).toBe('2024-03-05T14:02:00.000Z'); // the newest press, 15:02 at +01:00
    expect(
      r.rows.map((x) => [x.kind, x.serviceAlertId, x.replayedBegin, x.replayedEnd, x.beginDifferenceMin]),
    ).toEqual([
      ['matched', 501, '2024-03-05T10:20:00.000+01:00', '2024-03-05T13:00:00.000+01:00', 0],
      ['matched', 502, '2024-03-05T15:02:00.000+01:00', null, -8], // the 15:00 press leaves at 16:00, after the present
      ['service', 503, null, null, null],
    ]);
    expect(r.weeks).toEqual([
      { week: '2024-03-04', service: 2, replayed: 2 },
      { week: '2024-03-11', service: 1, replayed: 0 },
    ]);
  });

  it('what if: a stricter threshold begins 10:30, ten minutes after the service', () => {
    const r = replayAlertSpecifications(store.db, { specificationId: 1, threshold: 70 });
    expect(r.specifications[0]).toMatchObject({
      changed: true,
      replayedWith: 'windowMin=60 threshold=70 countThreshold=3',
    });
    expect(r.rows[0]).toMatchObject({
      kind: 'matched',
      replayedBegin: '2024-03-05T10:30:00.000+01:00',
      beginDifferenceMin: 10,
    });
    // A window of 10 minutes holds three presses only at 12:08 (12:00, 12:05, 12:08; ends 12:10 when 12:00 leaves)
    // and at 15:02 (open at the present): two alerts, and only 15:02 begins within 10 minutes of a service alert.
    const narrow = replayAlertSpecifications(store.db, { specificationId: 1, windowMin: 10 });
    expect(narrow).toMatchObject({ replayed: 2, matched: 1 });
    expect(
      narrow.rows.filter((x) => x.kind === 'replay').map((x) => [x.replayedBegin, x.replayedEnd]),
    ).toEqual([['2024-03-05T12:08:00.000+01:00', '2024-03-05T12:10:00.000+01:00']]);
  });

  it('says which specification cannot be replayed, and the stored summary agrees with a full replay', () => {
    const all = replayAlertSpecifications(store.db);
    expect(all.specifications.map((s) => s.problem)).toEqual([
      null,
      "Specification 2 cannot be replayed: the alert type 'THRESHOLD' is not one of negative, indexThreshold, feedbackCount.",
    ]);
    const summary = replayAlertSpecifications(store.db, { summary: true });
    expect(summary.rows).toEqual([]);
    expect({ ...summary, rows: all.rows }).toEqual(all);
  });

  it('packs the presses again only after a newer sync run changed them', () => {
    expect(refreshAlertSeries(store.db)).toMatchObject({ built: 0, current: 1 });
    const run = store.syncRuns.start('v2', 'http://127.0.0.1:1');
    store.syncRuns.finish(run, { status: 'done', itemsReceived: 0, rowsInserted: 0, feedbackTotal: 0 });
    expect(refreshAlertSeries(store.db)).toMatchObject({ built: 0, unchanged: 1, summaries: 2 });
    // Three negative presses on the 12th at 19:50–19:58: a third replayed alert (begins 19:58), matching 503
    // (2 min before it).
    store.buttonFeedback.writePage([
      press('12', '19:50', 0),
      press('12', '19:55', 1),
      press('12', '19:58', 0),
    ]);
    const run2 = store.syncRuns.start('v2', 'http://127.0.0.1:1');
    store.syncRuns.finish(run2, { status: 'done', itemsReceived: 3, rowsInserted: 3, feedbackTotal: 3 });
    const r = replayAlertSpecifications(store.db, { summary: true });
    expect(r).toMatchObject({ serviceAlerts: 3, replayed: 3, matched: 3 });
  });

  it('keeps a series and the summaries without reading their inputs again after runs that changed no press', () => {
    refreshAlertSeries(store.db); // current with the newest run (3 presses held)
    // The presses moved behind sync_run's back, so the pair's signature is no longer the stored one: only sync_run's
    // counts can tell the series is current.
    const moved = (d: number) =>
      store.db.prepare('UPDATE v2_button_feedback SET local_time = local_time + ?').run(d);
    moved(60_000);
    const finish = (inserted: number, total: number) =>
      recordRun(store, { rowsInserted: inserted, feedbackTotal: total });
    finish(0, 3);
    // The two specifications' summaries are kept too: same presses, same service alerts.
    expect(refreshAlertSeries(store.db)).toMatchObject({ built: 0, unchanged: 1, summaries: 0 });
    // One service alert ends a minute later: its specification's summary is replayed, the other one kept.
    store.db
      .prepare('UPDATE v2_alert SET end_utc = coalesce(end_utc, begin_utc) + 60000 WHERE alert_id = ?')
      .run(store.db.prepare('SELECT min(alert_id) FROM v2_alert').pluck().get());
    finish(0, 3);
    expect(refreshAlertSeries(store.db)).toMatchObject({ built: 0, unchanged: 1, summaries: 1 });
    // A run whose total moved (a press removed): the signature is read, differs, and the series is packed again.
    finish(0, 2);
    expect(refreshAlertSeries(store.db)).toMatchObject({ built: 1, unchanged: 0, summaries: 2 });
    moved(-60_000);
  });
});
