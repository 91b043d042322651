// Alert replay on a real SQLite file holding a hand-made world: one negative specification, its pair's presses
// (with a misuse press and another survey's press that must not count), three alerts "the service raised". The
// expected replayed alerts, matches and weeks were worked out by hand from DECISIONS.md "How alerts are raised"
// (the same presses as the first case of analytics/alertRule.test.ts); then the stored summary, a newer sync run
// and the command line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertReplay } from '#shared/contract.ts';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import { runCli } from '../cli/index.ts';
import { openStore, type Store } from '../store/db.ts';
import { refreshAlertSeries, replayAlertSpecifications } from './alertReplayService.ts';

let store: Store;
let dir: string;
let next = 0;

function press(
  day: string,
  hhmm: string,
  button: number,
  o: { misuse?: boolean; survey?: number } = {},
): ButtonFeedbackV2 {
  return {
    feedbackId: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
    smileyId: 1,
    localTime: `2024-03-${day}T${hhmm}:00.000+01:00`,
    surveyId: o.survey ?? 100,
    experiencePointId: 10,
    buttonIndex: button,
    misuse: o.misuse ?? false,
    smileyType: 'SMILEY_TERMINAL',
    position: 0,
    ui: 'physical',
  };
}

function alert(alertId: number, begin: string, end: string | null) {
  return {
    alertId,
    alertSpecificationId: 1,
    surveyId: 100,
    experiencePointId: 10,
    beginTime: begin,
    endTime: end,
    alertSpecificationType: 'negative',
    parameters: 'negative=true windowMin=60 threshold=60 countThreshold=3 responses=3 actual=66.7',
    acknowledged: false,
    acknowledgedByUserId: null,
    acknowledgedTime: null,
  };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'alert-replay-'));
  store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace([
    { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
    { experiencePointId: 10, name: 'Shop <b>', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
  const survey = (surveyId: number) => ({
    surveyId,
    questionId: 1,
    defaultLocale: 'en',
    questionTextInDefaultLocale: 'How was it?',
    surveyType: 'CUSTOMER',
    feedbackScale: 'four',
    indexType: 'HAPPY',
    state: 'active',
  });
  store.v2Resources.structure.replaceSurveys([survey(100), survey(101)], new Map());
  store.v2Resources.structure.replace('alertSpecifications', [
    {
      alertSpecificationId: 1,
      surveyId: 100,
      experiencePointId: 10,
      alertSpecificationType: 'negative',
      parameters: 'negative=true windowMin=60 threshold=60 countThreshold=3',
    },
    {
      alertSpecificationId: 2,
      surveyId: 100,
      experiencePointId: 10,
      alertSpecificationType: 'THRESHOLD',
      parameters: '',
    },
  ]);
  // Tuesday 2024-03-05 (week of Monday 03-04). Replayed by hand: 10:20–13:00 (continued at 12:08) and 15:02–16:00.
  store.buttonFeedback.writePage([
    press('05', '10:00', 0),
    press('05', '10:05', 0, { survey: 101 }), // another survey: not this pair's
    press('05', '10:10', 3),
    press('05', '10:15', 0, { misuse: true }), // misuse: would make it begin 10:15
    press('05', '10:20', 0),
    press('05', '10:30', 1),
    press('05', '12:00', 0),
    press('05', '12:05', 0),
    press('05', '12:08', 1),
    press('05', '15:00', 0),
    press('05', '15:01', 0),
    press('05', '15:02', 0),
  ]);
  store.v2Resources.alerts.writeAlerts([
    alert(501, '2024-03-05T10:20:00.000+01:00', '2024-03-05T13:00:00.000+01:00'), // = the first replayed
    alert(502, '2024-03-05T15:10:00.000+01:00', '2024-03-05T16:00:00.000+01:00'), // 8 min after the second
    alert(503, '2024-03-12T20:00:00.000+01:00', '2024-03-12T21:00:00.000+01:00'), // nothing replayed near it
  ]);
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
});

describe('feedback-desk alerts replay', () => {
  const cli = async (args: string[]) => {
    const out = { stdout: '', stderr: '' };
    const io = {
      stdout: { write: (t: string) => (out.stdout += t) },
      stderr: { write: (t: string) => (out.stderr += t) },
      stdin: process.stdin,
      env: {},
      signal: new AbortController().signal,
    };
    return { code: await runCli(args, io), ...out };
  };

  it('prints the replay as JSON and the rows as CSV', async () => {
    const db = join(dir, 'store.sqlite');
    const json = await cli(['alerts', 'replay', '--db', db, '--spec', '1', '--threshold', '70']);
    expect(json.code).toBe(0);
    const r = JSON.parse(json.stdout) as AlertReplay;
    expect(Object.keys(r)).toEqual(
      expect.arrayContaining(['specifications', 'serviceAlerts', 'replayed', 'matched', 'rows']),
    );
    expect(r.rows[0]?.replayedBegin).toBe('2024-03-05T10:30:00.000+01:00');
    const csv = await cli(['alerts', 'replay', '--db', db, '--spec', '1', '--format', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe(
      'alertSpecificationId,kind,serviceAlertId,serviceBegin,serviceEnd,replayedBegin,replayedEnd,responses,actual,beginDifferenceMin',
    );
  });

  it('refuses in one sentence what it cannot do', async () => {
    const db = join(dir, 'store.sqlite');
    expect(await cli(['alerts', 'replay', '--db', db, '--threshold', '5'])).toMatchObject({
      code: 2,
      stderr:
        "feedback-desk alerts: options '--threshold', '--count-threshold' and '--window-min' change one specification: give '--spec ID' too\n",
    });
    expect(await cli(['alerts', '--db', db])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/unknown verb '--db': 'alerts replay'/),
    });
    const missing = await cli(['alerts', 'replay', '--db', db, '--spec', '9']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/There is no alert specification 9 in this file/);
  });
});
