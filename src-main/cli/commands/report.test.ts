// `feedback-desk report` in-process against the small hand-made export store: one PDF per node that names its node
// and period (read back by pdftotext), an index whose figures equal plain SQL, resuming, and bad input.
import { execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../export/testing/readCsv.ts';
import { hostile, writeExportStore } from '../../export/testing/exportStore.ts';
import { runCommand } from '../testing.ts';
import { report } from './report.ts';

let dir: string;
let db: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-report-cli-'));
  db = join(dir, 'store.sqlite');
  writeExportStore(db);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) => runCommand(report, ['--db', db, ...args], {});
/** "Last month" counted back from 2026-11-10 is October 2026; its previous period is September. */
const lastOctober = ['--period', 'last-month', '--today', '2026-11-10'];
const pdfText = (file: string): string =>
  execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

/**
 * The independent route: presses, Happy Index (100·Σi / (3·N) on four faces) and the share of faces 2–3 of a
 * node's subtree in [from, to), misuse left out, straight from the press table.
 */
function sqlFigures(
  id: number,
  from: string,
  to: string,
): { presses: number; hi: number | null; pos: number | null } {
  const conn = new Database(db, { readonly: true });
  try {
    return conn
      .prepare(
        `WITH RECURSIVE sub(id) AS (SELECT ? UNION ALL
           SELECT e.experience_point_id FROM experience_point e JOIN sub ON e.parent_id = sub.id)
         SELECT count(*) AS presses, 100.0 * sum(f.button_index) / (3 * count(*)) AS hi,
                avg(f.button_index >= 2) AS pos
         FROM v2_button_feedback f JOIN v2_survey s ON s.survey_id = f.survey_id
         WHERE f.experience_point_id IN sub AND f.misuse = 0 AND s.feedback_scale = 'four'
           AND f.local_day >= ? AND f.local_day < ?`,
      )
      .get(id, from, to) as { presses: number; hi: number | null; pos: number | null };
  } finally {
    conn.close();
  }
}

describe('report packs', () => {
  it('writes one Overview per node of level 2, each naming its node and period, and an index equal to plain SQL', async () => {
    const out = join(dir, 'level2');
    const r = await run(
      '--each',
      'level=2',
      ...lastOctober,
      '--compare',
      'previous',
      '--threads',
      '2',
      '--out',
      out,
    );
    expect(r.stderr).toContain('[2/2]');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2 reports in');
    const pdfs = readdirSync(out).filter((f) => f.startsWith('overview_') && f.endsWith('.pdf'));
    expect(pdfs).toHaveLength(2);
    for (const [id, name] of [
      [21, hostile.formula],
      [22, hostile.plus],
    ] as const) {
      const file = pdfs.find((f) => f.includes(`-${id}_2026-10-01_2026-10-31`));
      expect(file, `the report of ${id}`).toBeDefined();
      const text = pdfText(join(out, file ?? ''));
      // The title may wrap a long name; the filters line holds it whole.
      expect(text).toContain('Overview: ');
      expect(text).toContain(`Subtree: ${name} `);
      expect(text).toContain('Period: 2026-10-01 to 2026-10-31');
      expect(text).toContain('Comparison: previous period');
    }
    const csvName = readdirSync(out).find((f) => f.endsWith('.csv')) ?? '';
    const rows = readCsv(readFileSync(join(out, csvName), 'utf8'));
    const head = rows[0] ?? [];
    const col = (label: string): number => head.indexOf(label);
    expect(rows).toHaveLength(3);
    for (const row of rows.slice(1)) {
      const id = Number(row[col('Experience point id')]);
      const october = sqlFigures(id, '2026-10-01', '2026-11-01');
      const september = sqlFigures(id, '2026-09-01', '2026-10-01');
      expect(Number(row[col('Presses')])).toBe(october.presses);
      expect(Number(row[col('Happy Index')])).toBeCloseTo(october.hi ?? NaN, 9);
      expect(Number(row[col('Positive share')])).toBeCloseTo(october.pos ?? NaN, 9);
      expect(Number(row[col('Presses, comparison period')])).toBe(september.presses);
      // Hostile names stay text: neutralised against formulas in the CSV.
      expect(row[col('Name')]).not.toMatch(/^[=+\-@]/);
    }
    // By hand from the store's notes: 21 has b3, b3, b0 in October (HI 66.7), 22 has b2, b1 (HI 50).
    expect(rows.slice(1).map((r) => [r[col('Experience point id')], r[col('Presses')]])).toEqual([
      ['22', '2'],
      ['21', '3'],
    ]);
    expect(pdfText(join(out, csvName.replace(/\.csv$/, '.pdf')))).toContain("Müller's Späti");
  }, 60_000);

  it('keeps whole reports on a second run, remakes a cut one, and clears what a killed run left', async () => {
    const out = join(dir, 'resume');
    const args = ['--each', 'children', ...lastOctober, '--threads', '1', '--out', out];
    expect((await run(...args)).code).toBe(0);
    const pdfs = readdirSync(out).filter((f) => f.startsWith('overview_'));
    expect(pdfs).toHaveLength(2); // the top's children: Deutschland and the markup point
    const [cut = '', whole = ''] = pdfs;
    const wholeTime = statSync(join(out, whole)).mtimeMs;
    truncateSync(join(out, cut), 500);
    writeFileSync(join(out, `.${whole}.0123456789ab.part`), 'half a file');
    const again = await run(...args);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('(1 written, 1 kept)');
    expect(again.stderr).toContain('kept (already there)');
    expect(statSync(join(out, whole)).mtimeMs).toBe(wholeTime);
    expect(readFileSync(join(out, cut)).toString('latin1')).toContain('%%EOF');
    expect(readdirSync(out).filter((f) => f.endsWith('.part'))).toEqual([]);
  }, 60_000);

  it("marks the analyst's notes on the trend: the node's own and the whole tree's, text kept literal", async () => {
    const note = (id: string, point: number | null, from: string, to: string, text: string) => ({
      id,
      experiencePointId: point,
      from,
      to,
      text,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    writeFileSync(
      `${db}.annotations.json`,
      JSON.stringify({
        version: 1,
        annotations: [
          note('a', null, '2026-10-02', '2026-10-02', 'Staff training'),
          note('b', 22, '2026-10-10', '2026-10-20', 'New <b>menu</b>'),
          note('c', 21, '2026-10-01', '2026-10-31', 'Only on the formula point'),
        ],
      }),
    );
    const out = join(dir, 'notes');
    const r = await run(
      '--each',
      'level=2',
      '--view',
      'trends',
      ...lastOctober,
      '--threads',
      '1',
      '--out',
      out,
    );
    rmSync(`${db}.annotations.json`);
    expect(r.code).toBe(0);
    const file = readdirSync(out).find((f) => f.includes('-22_')) ?? '';
    const text = pdfText(join(out, file));
    expect(text).toContain('Staff training');
    expect(text).toContain('New <b>menu</b>');
    expect(text).not.toContain('Only on the formula point');
    // A damaged notes file does not stop the pack: it is set aside and the sentence is said (the reports are kept).
    writeFileSync(`${db}.annotations.json`, '{ broken');
    const again = await run(
      '--each',
      'level=2',
      '--view',
      'trends',
      ...lastOctober,
      '--threads',
      '1',
      '--out',
      out,
    );
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      `The annotations file ${db}.annotations.json could not be read (it is not JSON)`,
    );
    for (const f of readdirSync(dir).filter((n) => n.includes('.annotations.json.damaged-')))
      rmSync(join(dir, f));
  }, 60_000);

  it('says what is wrong with the options in one sentence, and writes nothing', async () => {
    const out = join(dir, 'bad');
    const each = await run('--each', 'cousins', ...lastOctober, '--out', out);
    expect([each.code, each.stderr]).toEqual([
      2,
      "feedback-desk report: option '--each' takes children, leaves or level=N, not 'cousins'\n",
    ]);
    const both = await run('--period', 'last-week', '--from', '2026-10-01', '--out', out);
    expect(both.stderr).toContain("option '--period' replaces '--from' and '--to'");
    const none = await run('--each', 'level=7', ...lastOctober, '--out', out);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No node of the tree matches --each level=7');
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const notFolder = await run(...lastOctober, '--out', file);
    expect(notFolder.stderr).toContain('is a file, not a folder');
    expect(readdirSync(out)).toEqual([]);
  });
});
