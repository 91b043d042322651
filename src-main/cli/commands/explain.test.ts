// `feedback-desk explain` on a real SQLite file: JSON with the parts adding up to the change (checked against counts
// worked out by hand), CSV with hostile names neutralised, and one sentence for what is missing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../store/db.ts';
import { runCommand } from '../testing.ts';
import { explain } from './explain.ts';

let dir = '';
let db = '';
let n = 0;
const press = (point: number, day: string, buttonIndex: number) => ({
  feedbackId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  smileyId: 1,
  localTime: `${day}T10:00:00.000+01:00`,
  surveyId: 100,
  experiencePointId: point,
  buttonIndex,
  misuse: false,
  smileyType: 'SMILEY_TERMINAL',
  position: 0,
  ui: 'physical',
});

// Node 1 → 2 ('=cmd', hostile) and 3. February: 2 pressed 3, 3 pressed 0; March: 2 pressed 3, 3, 3, and 3 pressed 2.
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-explain-cli-'));
  db = join(dir, 'store.sqlite');
  const store = openStore(db);
  store.tree.replace([
    { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
    { experiencePointId: 2, name: '=cmd|x', parent: 1, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 3, name: 'Web', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
  store.v2Resources.structure.replaceSurveys(
    [
      {
        surveyId: 100,
        questionId: 1,
        defaultLocale: 'en',
        questionTextInDefaultLocale: 'How was it?',
        surveyType: 'CUSTOMER',
        feedbackScale: 'four',
        indexType: 'HAPPY',
        state: 'active',
      },
    ],
    new Map(),
  );
  store.buttonFeedback.writePage([
    press(2, '2024-02-10', 3),
    press(3, '2024-02-11', 0),
    press(2, '2024-03-10', 3),
    press(2, '2024-03-11', 3),
    press(2, '2024-03-12', 3),
    press(3, '2024-03-13', 2),
  ]);
  store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => runCommand(explain, [...args, '--db', db], {});
const period = ['--scale', 'four', '--from', '2024-03-01', '--to', '2024-04-01'];

describe('feedback-desk explain', () => {
  it('splits the Happy Index change over the children as JSON, adding up to the change', async () => {
    const r = await run([...period, '--experience-point', '1']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout) as {
      current: number;
      previous: number;
      change: number;
      rows: Record<string, number | string | null>[];
    };
    // February: HI (3 + 0)·100/(3·2) = 50; March: (9 + 2)·100/(3·4) = 91.67; change 41.67.
    expect(e.previous).toBeCloseTo(50, 9);
    expect(e.current).toBeCloseTo(1100 / 12, 9);
    // By hand: w₀ = ½, ½; w₁ = ¾, ¼; s₀ = 100, 0; s₁ = 100, 66.67; S̄ = 70.83.
    // Point 2: rate = ⅝·0 = 0; mix = ¼·(100 − 70.83) = 7.29. Point 3: rate = ⅜·66.67 = 25; mix = −¼·(33.33 − 70.83) = 9.375.
    const [first, second] = e.rows;
    expect(first).toMatchObject({ experiencePointId: 3, name: 'Web', presses: 1, previousPresses: 1 });
    expect(first?.rateEffect).toBeCloseTo(25, 9);
    expect(first?.mixEffect).toBeCloseTo(9.375, 9);
    expect(second?.rateEffect).toBeCloseTo(0, 9);
    expect(second?.mixEffect).toBeCloseTo(0.25 * (100 - 850 / 12), 9);
    const sum = e.rows.reduce((s, row) => s + Number(row.contribution), 0);
    expect(Math.abs(sum - e.change)).toBeLessThan(1e-9);
    expect(Object.keys(first ?? {})).toEqual([
      'experiencePointId',
      'name',
      'presses',
      'previousPresses',
      'value',
      'previousValue',
      'rateEffect',
      'mixEffect',
      'contribution',
      'z',
    ]);
  });

  it('writes CSV rows with hostile names neutralised, and splits by survey', async () => {
    const csv = await run([...period, '--format', 'csv']);
    const lines = csv.stdout.trim().split('\r\n');
    expect(lines[0]).toBe(
      'experiencePointId,name,presses,previousPresses,value,previousValue,rateEffect,mixEffect,contribution,z',
    );
    expect(csv.stdout).toContain("'=cmd|x");
    const bySurvey = JSON.parse((await run([...period, '--by', 'survey'])).stdout) as {
      rows: { surveyId: number; name: string; contribution: number }[];
      change: number;
    };
    expect(bySurvey.rows).toMatchObject([{ surveyId: 100, name: 'How was it?' }]);
    expect(bySurvey.rows[0]?.contribution).toBeCloseTo(bySurvey.change, 9);
  });

  it('says in one sentence what is missing or wrong', async () => {
    expect((await run(['--scale', 'four'])).stderr).toContain("options '--from' and '--to' are required");
    expect((await run(['--from', '2024-03-01', '--to', '2024-04-01'])).stderr).toContain(
      "option '--scale' is required",
    );
    const wrong = await run([...period, '--measure', 'nps']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("option '--measure' nps needs the nps scale");
    expect(
      (await run(['--scale', 'four,nps', '--from', '2024-03-01', '--to', '2024-04-01'])).stderr,
    ).toContain('one scale group');
  });
});
