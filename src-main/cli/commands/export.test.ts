// `feedback-desk export` in-process against a small hand-made store: rows with names, charts, and bad paths.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostile, writeExportStore } from '../../export/testing/exportStore.ts';
import { storeNames } from '../../export/queryTable.ts';
import { storeChart } from '../../export/storeCharts.ts';
import { openStore } from '../../store/db.ts';
import { runCommand } from '../testing.ts';
import { exportCommand } from './export.ts';

let dir: string;
let db: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-export-cli-'));
  db = join(dir, 'store.sqlite');
  writeExportStore(db);
  specFile = join(dir, 'by-point.json');
  writeFileSync(specFile, byPoint);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let specFile = '';
const run = (...args: string[]) => runCommand(exportCommand, ['--db', db, ...args], {});
const october = ['--from', '2026-10-01', '--to', '2026-11-01'];
const byPoint = JSON.stringify({
  measures: ['count'],
  groupBy: ['experiencePointId', 'surveyId', 'buttonIndex'],
  filter: { from: '2026-10-01', to: '2026-11-01' },
});

/** The rows of the store's October, grouped by point, survey and button, counted by hand from its fixture notes. */
const expectedRows = [
  [3, hostile.markup, 200, 'Would you recommend us?', 0, 1],
  [3, hostile.markup, 200, 'Would you recommend us?', 9, 1],
  [3, hostile.markup, 200, 'Would you recommend us?', 10, 1],
  [21, hostile.formula, 100, hostile.question, 0, 1],
  [21, hostile.formula, 100, hostile.question, 3, 2],
  [22, hostile.plus, 100, hostile.question, 1, 1],
  [22, hostile.plus, 100, hostile.question, 2, 1],
];
const header = [
  'Experience point id',
  'Experience point',
  'Survey id',
  'Survey question',
  'Button',
  'Presses',
];

/** A tiny RFC 4180 reader (quoted fields, doubled quotes, CRLF), independent of the writer. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = (): void => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  return rows;
}
/** What a spreadsheet shows for a neutralised cell: the leading quote marks it as text and is not shown. */
const shown = (v: string): string => (v.startsWith("'") ? v.slice(1) : v);

describe('export rows', () => {
  it('CSV: the query rows with names next to ids; hostile names come back as the same text', async () => {
    const out = join(dir, 'rows.csv');
    const r = await run('--spec', specFile, '--format', 'csv', '--out', out, '--bom');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`Wrote ${out} (7 rows, CSV).\n`);
    const bytes = readFileSync(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = readCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(header);
    expect(rows.slice(1).map((r) => r.map(shown))).toEqual(expectedRows.map((r) => r.map(String)));
    // Every hostile text cell is neutralised: none starts with a formula character once read.
    for (const r of rows.slice(1)) for (const cell of r) expect(cell).not.toMatch(/^[=+@\t\r]/);
  });

  it('XLSX: the same rows, numbers as numbers, hostile names as strings (never formulas)', async () => {
    const out = join(dir, 'rows.xlsx');
    expect((await run('--spec', specFile, '--format', 'xlsx', '--out', out)).code).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const sheet = workbook.getWorksheet('Rows');
    if (!sheet) throw new Error('no Rows sheet');
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(header);
    expect(values.slice(1).map((r) => r.map((v) => (typeof v === 'string' ? shown(v) : v)))).toEqual(
      expectedRows,
    );
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });
});

describe('export charts', () => {
  it('trend PNG at 2×: 1600 × 900 becomes 3200 × 1800', async () => {
    const out = join(dir, 'trend.png');
    const r = await run(
      ...october,
      '--experience-point',
      '2',
      '--chart',
      'trend',
      '--format',
      'png',
      '--pixel-ratio',
      '2',
      '--out',
      out,
    );
    expect(r.stdout).toBe(`Wrote ${out} (3200×1800 PNG).\n`);
    const png = PNG.sync.read(readFileSync(out));
    expect([png.width, png.height]).toEqual([3200, 1800]);
  });

  it('ranking PDF: caption with the chosen scale and the filters in words, read back by pdftotext', async () => {
    const out = join(dir, 'ranking.pdf');
    expect(
      (
        await run(
          ...october,
          '--experience-point',
          '2',
          '--chart',
          'ranking',
          '--format',
          'pdf',
          '--out',
          out,
        )
      ).code,
    ).toBe(0);
    const text = execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    // Point 2 holds four-button presses only, so the ranking uses that scale.
    for (const part of [
      'Experience points by positive share',
      'Subtree: Deutschland',
      'Period: 2026-10-01 to 2026-10-31',
      'Scale: 4 faces',
      'Misuse: misuse left out',
      'Data as of 2026-11-02 08:30 UTC',
      'Feedback Desk',
    ])
      expect(text).toContain(part);
    // Names from the data are drawn as text: 21 has 2 of 3 positive (66.7 %), 22 has 1 of 2 (50 %).
    expect(text).toContain(hostile.formula.slice(0, 12));
  });

  it('SVG of the heatmap: the Patterns view’s chart (presses, the scale with most presses) with its caption', async () => {
    const out = join(dir, 'heat.svg');
    expect((await run(...october, '--chart', 'heatmap', '--format', 'svg', '--out', out)).code).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toContain('>Presses by weekday and hour of the day</text>');
    // Four faces hold 5 of October's 8 presses (misuse left out), so the heatmap shows that scale, as the app would.
    expect(svg).toContain('Scale: 4 faces');
    for (const day of ['>Mon<', '>Sun<', '>00<', '>23<']) expect(svg).toContain(day);
  });

  it('follow-ups: the pain points trend with its options, as the Follow-ups view draws it (PNG and SVG)', async () => {
    const png = join(dir, 'followups.png');
    const r = await run(...october, '--chart', 'followups', '--format', 'png', '--out', png);
    expect(r.stdout).toBe(`Wrote ${png} (1600×900 PNG).\n`);
    const image = PNG.sync.read(readFileSync(png));
    expect([image.width, image.height]).toEqual([1600, 900]);
    const svg = join(dir, 'followups.svg');
    expect((await run(...october, '--chart', 'followups', '--format', 'svg', '--out', svg)).code).toBe(0);
    const text = readFileSync(svg, 'utf8');
    expect(text).toContain('>Trend of Pain points</text>');
    // The fixture's pain answers (its notes): 10-02 'Waiting time' and '-30% Sale', 10-31 'Waiting time' alone;
    // the x axis shows the two days, the legend both options, the y axis a percent scale up to 100 %.
    for (const part of ['>2026-10-02<', '>2026-10-31<', '>Waiting time<', '>-30% Sale<', '>100 %<'])
      expect(text).toContain(part);
    expect(text).not.toContain('Friendly staff');
    // The drawn shares, by hand: 10-02 two pain choices (one each: 50 % and 50 %), 10-31 one ('Waiting time' 100 %).
    const store = openStore(db, { mustExist: true });
    try {
      const chart = storeChart(
        store.db,
        'followups',
        { from: '2026-10-01', to: '2026-11-01' },
        storeNames(store.db),
      );
      const series = chart.option.series as { name: string; data: number[] }[];
      expect(series.map((s) => [s.name, s.data])).toEqual([
        ['Waiting time', [50, 100]],
        ['-30% Sale', [50, 0]],
      ]);
    } finally {
      store.close();
    }
  });

  it('follow-ups: --side highlights draws the other side; no answers in a period is one sentence', async () => {
    const svg = join(dir, 'highlights.svg');
    expect(
      (await run(...october, '--chart', 'followups', '--side', 'highlights', '--format', 'svg', '--out', svg))
        .code,
    ).toBe(0);
    const text = readFileSync(svg, 'utf8');
    expect(text).toContain('>Trend of Highlights</text>');
    expect(text).toContain('>Friendly staff<');
    const none = join(dir, 'none.png');
    const r = await run(
      '--from',
      '2025-01-01',
      '--to',
      '2025-02-01',
      '--chart',
      'followups',
      '--format',
      'png',
      '--out',
      none,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'feedback-desk export: No follow-up answers match this selection; nothing was written.\n',
    );
    expect(readdirSync(dir)).not.toContain('none.png');
  });
});

describe('bad paths get one sentence and leave nothing behind', () => {
  const leftovers = (folder: string): string[] => readdirSync(folder).filter((f) => f.includes('.part'));

  it('an existing file is kept unless --force', async () => {
    const out = join(dir, 'kept.csv');
    writeFileSync(out, 'mine');
    const r = await run('--format', 'csv', '--out', out);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `feedback-desk export: ${out} already exists; choose another name, or pass --force to replace it.\n`,
    );
    expect(readFileSync(out, 'utf8')).toBe('mine');
    expect((await run('--format', 'csv', '--out', out, '--force')).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^Day,Button,Presses\r\n/);
    expect(leftovers(dir)).toEqual([]);
  });

  it('a missing folder', async () => {
    const out = join(dir, 'nope', 'x.png');
    const r = await run('--chart', 'trend', '--format', 'png', '--out', out);
    expect(r.stderr).toBe(
      `feedback-desk export: The folder ${join(dir, 'nope')} does not exist; create it first or choose another.\n`,
    );
  });

  it('an unwritable folder', async () => {
    // As root every ordinary folder is writable; sysfs is not, for anyone.
    const folder = process.getuid?.() === 0 ? '/sys' : mkdtempSync(join(tmpdir(), 'fd-ro-'));
    if (folder !== '/sys') execFileSync('chmod', ['555', folder]);
    const r = await run('--format', 'csv', '--out', join(folder, 'rows.csv'));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `feedback-desk export: Feedback Desk may not write in ${folder}; choose a folder you can write to.\n`,
    );
    expect(leftovers(folder)).toEqual([]);
    if (folder !== '/sys') rmSync(folder, { recursive: true, force: true });
  });

  it('a chart format without --chart, and rows with --chart, are usage errors', async () => {
    expect((await run('--format', 'png', '--out', join(dir, 'a.png'))).stderr).toBe(
      "feedback-desk export: option '--chart' is required with --format png (trend, heatmap, ranking, followups)\n",
    );
    expect((await run('--format', 'csv', '--chart', 'trend', '--out', join(dir, 'a.csv'))).code).toBe(2);
  });
});
