// `feedback-desk anomalies` on a real SQLite file (the hand-made world of analytics/testing/anomalyWorld.ts): the JSON
// rows with the keys, CSV with a hostile group name neutralised, and one sentence for each bad option.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillAnomalyWorld, incidentDay } from '../../analytics/testing/anomalyWorld.ts';
import { openStore } from '../../store/db.ts';
import { runCommand } from '../testing.ts';
import { anomalies } from './anomalies.ts';

let dir = '';
let db = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-anomalies-cli-'));
  db = join(dir, 'store.sqlite');
  const store = openStore(db);
  fillAnomalyWorld(store);
  store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => runCommand(anomalies, [...args, '--db', db], {});
const period = ['--from', '2024-02-26', '--to', '2024-03-04'];

describe('feedback-desk anomalies', () => {
  it('prints the unusual days and hours as JSON rows with the issue’s keys', async () => {
    const r = await run([...period, '--experience-point', '21']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    // A's incident day and its ten hours 08–17 (analytics/anomalies.test.ts checks the numbers by a second route).
    expect(rows).toHaveLength(11);
    const day = rows.find((row) => row.hour === null);
    expect(day).toMatchObject({
      experiencePointId: 21,
      name: 'A',
      day: incidentDay,
      measure: 'negativeShare',
    });
    expect(Object.keys(day ?? {})).toEqual(
      expect.arrayContaining([
        'experiencePointId',
        'name',
        'day',
        'hour',
        'measure',
        'value',
        'baseline',
        'z',
        'presses',
      ]),
    );
  });

  it('writes CSV with a hostile name neutralised', async () => {
    const r = await run([...period, '--format', 'csv']);
    const lines = r.stdout.trim().split('\r\n');
    expect(lines[0]).toBe(
      'experiencePointId,name,type,day,hour,measure,value,baseline,z,q,presses,weeks,worse',
    );
    const group = lines.find((l) => l.startsWith('2,'));
    expect(group?.split(',')[1]).toBe("'=G|x");
  });

  it('says in one sentence what is wrong with the options (exit 2)', async () => {
    const noTo = await run(['--from', '2024-02-26']);
    expect(noTo.code).toBe(2);
    expect(noTo.stderr).toBe(
      "feedback-desk anomalies: options '--from' and '--to' are required: the period searched\n",
    );
    const hi = await run([...period, '--measure', 'happy-index']);
    expect(hi.code).toBe(2);
    expect(hi.stderr).toBe(
      "feedback-desk anomalies: option '--measure happy-index' needs the scales of one face group (four, or five and five_reversed)\n",
    );
  });
});
