// `feedback-desk alerts replay` on the hand-made world of app/testing/alertReplayWorld.ts (its replay worked out by
// hand in app/alertReplayService.test.ts): JSON and CSV, and each refusal in one sentence.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertReplay } from '#shared/contract.ts';
import { buildAlertReplayWorld } from '../../app/testing/alertReplayWorld.ts';
import { runCli } from '../index.ts';

let dir: string;
let db: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'alerts-cli-'));
  db = join(dir, 'store.sqlite');
  buildAlertReplayWorld(db).close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
