// `feedback-desk export --format html` in-process against the small hand-made store (hostile names): the chart and
// the rows it shows, or the selection's rows; the file holds those and nothing else of the store.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HtmlReportData } from '#shared/report/htmlReportData.ts';
import { hostile, writeExportStore } from '../../export/testing/exportStore.ts';
import { runCommand } from '../testing.ts';
import { exportCommand } from './export.ts';

let dir: string;
let db: string;
let specFile: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-export-html-'));
  db = join(dir, 'store.sqlite');
  writeExportStore(db);
  specFile = join(dir, 'by-point.json');
  writeFileSync(
    specFile,
    JSON.stringify({
      measures: ['count'],
      groupBy: ['experiencePointId', 'buttonIndex'],
      filter: { from: '2026-10-01', to: '2026-11-01', scale: 'four' },
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) => runCommand(exportCommand, ['--db', db, ...args], {});

/** The embedded JSON block, read by a regular expression (independent of the writer). */
function embedded(html: string): HtmlReportData {
  const json = /<script id="report-data" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error('no data block');
  return JSON.parse(json) as HtmlReportData;
}

describe('export --format html', () => {
  it('--chart trend: the chart and the rows it shows, the filters in words, nothing of the store beyond them', async () => {
    const out = join(dir, 'trend.html');
    const r = await run(
      ...['--from', '2026-10-01', '--to', '2026-11-01', '--experience-point', '2'],
      ...['--chart', 'trend', '--format', 'html', '--out', out],
    );
    const html = readFileSync(out, 'utf8');
    const data = embedded(html);
    expect(data.charts.map((c) => c.title)).toEqual(['4 faces: answers per day']);
    expect(data.filters).toContainEqual(['Subtree', 'Deutschland']);
    expect(data.dataAsOf).toBe('Data as of 2026-11-02 08:30 UTC');
    const table = data.tables[0];
    if (!table) throw new Error('no table');
    expect(r.stdout).toBe(`Wrote ${out} (1 chart, ${table.rows.length} rows, HTML).\n`);
    expect(table.columns.map((c) => c.label)).toEqual([
      'Day',
      'Very negative',
      'Negative',
      'Positive',
      'Very positive',
    ]);
    // By hand from the store's notes (Deutschland = points 21 and 22, four faces, misuse left out): 10-01 two
    // "very positive", 10-02 one "very negative" and one "positive", 10-31 one "negative"; every other day nothing.
    const nonZero = table.rows.filter((row) => row.slice(1).some((v) => v !== 0));
    expect(nonZero).toEqual([
      ['2026-10-01', 0, 0, 0, 2],
      ['2026-10-02', 1, 0, 1, 0],
      ['2026-10-31', 0, 1, 0, 0],
    ]);
    // Nothing else of the store: no other point's name, no survey question, no path of the machine.
    for (const absent of [hostile.markup, hostile.question, '"Company"', dir, db, tmpdir()])
      expect(html.includes(absent), absent).toBe(false);
  }, 120_000);

  it('without --chart: the selection’s rows as a table, hostile names kept as their text', async () => {
    const out = join(dir, 'rows.html');
    const r = await run('--spec', specFile, '--format', 'html', '--out', out);
    expect(r.stdout).toBe(`Wrote ${out} (4 rows, HTML).\n`);
    const data = embedded(readFileSync(out, 'utf8'));
    expect(data.charts).toEqual([]);
    // By hand: October, four faces, misuse left out — 21: b0 once, b3 twice; 22: b1 once, b2 once.
    expect(data.tables[0]?.rows).toEqual([
      [21, hostile.formula, 0, 'Very negative', 1],
      [21, hostile.formula, 3, 'Very positive', 2],
      [22, hostile.plus, 1, 'Negative', 1],
      [22, hostile.plus, 2, 'Positive', 1],
    ]);
  }, 120_000);
});
