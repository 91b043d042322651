// `feedback-desk query` on a real SQLite file: the shortcut options mean the QuerySpec they name, --spec reads a
// file or standard input, --format csv neutralises hostile names, and bad options get one sentence.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuerySpec } from '#shared/contract.ts';
import { runQuery } from '../../analytics/query.ts';
import { openStore } from '../../store/db.ts';
import { runCommand } from '../testing.ts';
import { query } from './query.ts';

let dir = '';
let db = '';
const press = (n: number, point: number, localTime: string, buttonIndex: number) => ({
  feedbackId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  smileyId: 1,
  localTime,
  surveyId: 100,
  experiencePointId: point,
  buttonIndex,
  misuse: false,
  smileyType: 'SMILEY_TERMINAL',
  position: 0,
  ui: 'physical',
});

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-query-cli-'));
  db = join(dir, 'store.sqlite');
  const store = openStore(db);
  store.tree.replace([
    { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
    { experiencePointId: 2, name: '=HYPERLINK("x")', parent: 1, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 3, name: 'Web, "quoted"', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
  store.v2Resources.structure.replace('questions', [
    { questionId: 1, defaultLocale: 'en_US', questionTextInDefaultLocale: 'Q' },
  ]);
  store.v2Resources.structure.replaceSurveys(
    [
      {
        surveyId: 100,
        questionId: 1,
        defaultLocale: 'en_US',
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
    press(1, 2, '2024-02-29T10:00:00.000+01:00', 3),
    press(2, 2, '2024-03-01T10:00:00.000+01:00', 0),
    press(3, 3, '2024-03-04T23:00:00.000+01:00', 2),
    press(4, 3, '2024-01-31T08:00:00.000+01:00', 1),
  ]);
  store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], stdin?: string) =>
  runCommand(
    query,
    ['--db', db, ...args],
    {},
    undefined,
    stdin === undefined ? undefined : Readable.from([stdin]),
  );
const direct = (spec: QuerySpec): unknown => {
  const store = openStore(db, { mustExist: true });
  try {
    return runQuery(store.db, spec);
  } finally {
    store.close();
  }
};

describe('feedback-desk query', () => {
  it('--by and --measure name the groupings and measures; counts come per button', async () => {
    const r = await run(['--by', 'week', '--measure', 'count,share']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(
      direct({ measures: ['count', 'share'], groupBy: ['week', 'buttonIndex'], filter: {} }),
    );
    // By hand: 31 Jan is 2024-W05 (button 1), 29 Feb and 1 Mar 2024-W09 (3 and 0), 4 Mar 2024-W10 (2).
    expect(JSON.parse(r.stdout).map((row: { week: string }) => row.week)).toEqual([
      '2024-W05',
      '2024-W09',
      '2024-W09',
      '2024-W10',
    ]);
  });

  it('--measure happy-index --scale --compare previous gives previous… and delta… keys per month', async () => {
    const r = await run(
      ['--by', 'month', '--measure', 'happy-index,presses', '--scale', 'four'].concat([
        '--from',
        '2024-03-01',
        '--to',
        '2024-04-01',
        '--compare',
        'previous',
      ]),
    );
    expect(r.stderr).toBe('');
    // March: buttons 0 and 2 → 100·2/(3·2) = 33.3…; February: button 3 → 100.
    expect(JSON.parse(r.stdout)).toEqual([
      {
        month: '2024-03',
        happyIndex: 100 / 3,
        presses: 2,
        previousHappyIndex: 100,
        deltaHappyIndex: 100 / 3 - 100,
        previousPresses: 1,
        deltaPresses: 1,
      },
    ]);
  });

  it("--interval adds each score's 95% interval ends, and the change's z with --compare", async () => {
    const r = await run(
      ['--by', 'month', '--measure', 'happy-index', '--scale', 'four', '--interval'].concat([
        '--from',
        '2024-03-01',
        '--to',
        '2024-04-01',
        '--compare',
        'previous',
      ]),
    );
    expect(r.stderr).toBe('');
    // March: indexes 0 and 2, x̄ = 1, Var = (1 + 1)/2 = 1, SE = √(1/2); HI 100/3 ± 1.96·(100/3)·√0.5.
    // February: one press (index 3): no spread, interval 100..100; z = Δ / √(SE₁² + 0²).
    const half = 1.96 * (100 / 3) * Math.sqrt(0.5);
    const [row] = JSON.parse(r.stdout) as Record<string, number | null>[];
    expect(row?.happyIndexLow).toBeCloseTo(100 / 3 - half, 9);
    expect(row?.happyIndexHigh).toBeCloseTo(100 / 3 + half, 9);
    expect(row?.previousHappyIndexLow).toBe(100);
    expect(row?.previousHappyIndexHigh).toBe(100);
    expect(row?.zHappyIndex).toBeCloseTo((100 / 3 - 100) / ((100 / 3) * Math.sqrt(0.5)), 9);
  });

  it('takes --experience-point repeated or comma-separated, and --spec from a file or standard input', async () => {
    const twice = await run(['--experience-point', '2', '--experience-point', '3', '--by', 'point']);
    const comma = await run(['--experience-point', '2,3', '--by', 'point']);
    expect(twice.stdout).toBe(comma.stdout);
    const spec = {
      measures: ['count'],
      groupBy: ['weekday'],
      filter: { from: '2024-01-01', to: '2025-01-01' },
    };
    const file = join(dir, 'spec.json');
    writeFileSync(file, JSON.stringify(spec));
    const fromFile = await run(['--spec', file]);
    const fromStdin = await run(['--spec', '-'], JSON.stringify(spec));
    // By hand: Wednesday 31 Jan (3), Thursday 29 Feb (4), Friday 1 Mar (5), Monday 4 Mar (1).
    expect(JSON.parse(fromFile.stdout)).toEqual([1, 3, 4, 5].map((weekday) => ({ weekday, count: 1 })));
    expect(fromStdin.stdout).toBe(fromFile.stdout);
  });

  it('writes CSV with every key as a column and hostile names neutralised', async () => {
    const r = await run(['--by', 'point', '--format', 'csv']);
    expect(r.stdout.split('\r\n')).toEqual([
      'experiencePointId,experiencePointName,buttonIndex,count',
      `2,"'=HYPERLINK(""x"")",0,1`,
      `2,"'=HYPERLINK(""x"")",3,1`,
      '3,"Web, ""quoted""",1,1',
      '3,"Web, ""quoted""",2,1',
      '',
    ]);
  });

  it.each([
    [['--measure', 'nps'], "measure 'nps' needs '--scale' nps"],
    [['--by', 'fortnight'], "option '--by' takes hour, day, week"],
    [['--by', 'day,week'], 'one time grain, not day and week'],
    [['--compare', 'previous'], "option '--compare' needs '--from' and '--to'"],
    [['--spec', '/nonexistent/spec.json'], "cannot read the file '/nonexistent/spec.json'"],
  ])('refuses %j in one sentence', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
