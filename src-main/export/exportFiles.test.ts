// Chart and table files as a reader sees them: PNG decoded, SVG parsed, PDF rendered and read by poppler,
// CSV and XLSX read back; hostile names stay inert text in every format.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportTable, PixelRatio } from '#shared/contract.ts';
import type { Caption } from './caption.ts';
import { chartFile, reportFile, tableFile } from './exportFiles.ts';
import { hostile } from './testing/exportStore.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-export-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const caption: Caption = {
  title: `Happy Index ${hostile.markup}`,
  filters: {
    subtree: `Deutschland, ${hostile.formula}`,
    period: '2026-10-01 to 2026-10-31',
    comparison: 'previous period',
    scale: '4 faces',
    survey: hostile.question,
    misuse: 'misuse left out',
  },
  dataAsOf: '2026-11-02T08:30:00.000Z',
  app: { name: 'Feedback Desk', version: '9.8.7' },
};
const option = {
  legend: {},
  xAxis: { type: 'category', data: ['2026-10-01', '2026-10-02'] },
  yAxis: { type: 'value' },
  series: [
    { type: 'bar', name: hostile.markup, stack: 'p', data: [2, 1] },
    { type: 'bar', name: 'Very positive', stack: 'p', data: [3, 0] },
  ],
};

/** Every text node of a parsed XML tree, in document order. */
function texts(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string' || typeof node === 'number') out.push(String(node));
  else if (Array.isArray(node)) node.forEach((n) => texts(n, out));
  else if (typeof node === 'object' && node !== null)
    for (const [k, v] of Object.entries(node)) if (!k.startsWith('@_') && k !== ':@') texts(v, out);
  return out;
}

describe('chart files', () => {
  it.each([1, 2, 3] as PixelRatio[])('PNG at %i× measures width × ratio by height × ratio', async (ratio) => {
    const png = PNG.sync.read(
      await chartFile(option, caption, 'png', { width: 640, height: 360, pixelRatio: ratio }),
    );
    expect([png.width, png.height]).toEqual([640 * ratio, 360 * ratio]);
    // The page is opaque white at the corner (no transparent background in a slide).
    expect([...png.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
  });

  it('SVG parses as XML and carries the caption, hostile text as text (no element injected)', async () => {
    const svg = (
      await chartFile(option, caption, 'svg', { width: 800, height: 450, pixelRatio: 1 })
    ).toString();
    const parser = new XMLParser({ ignoreAttributes: false, preserveOrder: true, trimValues: false });
    const tree: unknown = parser.parse(svg);
    const all = texts(tree).map((t) =>
      t
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'"),
    );
    expect(all).toContain(caption.title);
    const joined = all.join(' ').replace(/\s+/g, ' ');
    expect(joined).toContain(`Subtree: Deutschland, ${hostile.formula}`);
    expect(joined).toContain('Comparison: previous period');
    expect(all).toContain('Data as of 2026-11-02 08:30 UTC · Feedback Desk 9.8.7');
    expect(all).toContain(hostile.markup); // the legend, escaped by ECharts
    expect(svg).not.toMatch(/<b>|<i>/);
  });

  it('PDF renders with pdftoppm and pdftotext reads the caption and every filter', async () => {
    const pdf = await chartFile(option, caption, 'pdf', { width: 1600, height: 900, pixelRatio: 1 });
    const file = join(dir, 'chart.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const part of [
      caption.title,
      'Subtree: Deutschland',
      '2026-10-01 to 2026-10-31',
      'Scale: 4 faces',
      'misuse left out',
      'Data as of 2026-11-02 08:30 UTC',
      'Feedback Desk 9.8.7',
    ])
      expect(text).toContain(part);
    // 1600 × 900 CSS pixels = 1200 × 675 points: at 96 dpi poppler draws it back at 1600 × 900.
    execFileSync('pdftoppm', ['-png', '-r', '96', '-singlefile', file, join(dir, 'page')]);
    const page = PNG.sync.read(readFileSync(join(dir, 'page.png')));
    expect([page.width, page.height]).toEqual([1600, 900]);
  });

  it('a report PDF has a title page, a page per chart and the table pages, all captioned', async () => {
    const table: ExportTable = {
      title: 'Presses per point',
      columns: [
        { key: 'name', label: 'Experience point', type: 'text' },
        { key: 'n', label: 'Presses', type: 'number' },
      ],
      rows: Array.from({ length: 60 }, (_, i) => [`Point ${i}`, i]),
    };
    const pdf = await reportFile({
      caption,
      charts: [
        { title: 'Trend', option },
        { title: 'Again', option },
      ],
      tables: [table],
    });
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    // 1 title page + 2 charts + 60 rows at up to 37 a page = 2 table pages.
    expect(/Pages:\s+(\d+)/.exec(info)?.[1]).toBe('5');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pages = text.split('\f');
    expect(pages[0]).toContain('Happy Index');
    expect(pages[0]).toContain('previous period');
    expect(pages[1]).toContain('Trend');
    expect(pages[3]).toContain('Point 0');
    expect(pages[4]).toContain('Point 59');
    expect(pages[4]).toContain('Page 5 of 5');
  });
});

const table: ExportTable = {
  title: 'Rows',
  columns: [
    { key: 'day', label: 'Day', type: 'date' },
    { key: 'hour', label: 'Hour', type: 'datetime' },
    { key: 'name', label: 'Experience point', type: 'text' },
    { key: 'n', label: 'Presses', type: 'number' },
  ],
  rows: [
    ['2026-10-01', '2026-10-01T09:00', hostile.formula, 2],
    ['2026-10-02', '2026-10-02T23:00', hostile.plus, -3],
    ['2026-10-03', null, hostile.minus, 0.5],
    ['2026-10-04', '2026-10-04T00:00', hostile.at, 1],
    ['2026-10-05', '2026-10-05T01:00', hostile.tab, 1],
    ['2026-10-06', '2026-10-06T02:00', 'Zürich "Süd", line\r\ntwo', 1],
  ],
};

describe('table files', () => {
  it('CSV is RFC 4180 (CRLF, quotes doubled), UTF-8 with an optional BOM, hostile cells quoted', async () => {
    const plain = await tableFile(table, 'csv', caption);
    const bom = await tableFile(table, 'csv', caption, { bom: true });
    expect([...bom.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bom.subarray(3).equals(plain)).toBe(true);
    // Expected text written out by hand from the table above.
    expect(plain.toString('utf8')).toBe(
      [
        'Day,Hour,Experience point,Presses',
        `2026-10-01,2026-10-01T09:00,"'=HYPERLINK(""https://example.invalid"",""Outlet"")",2`,
        `2026-10-02,2026-10-02T23:00,'+49 Müller's Späti,-3`,
        `2026-10-03,,'-30% Sale,0.5`,
        `2026-10-04,2026-10-04T00:00,'@home Store,1`,
        `2026-10-05,2026-10-05T01:00,'\tTabbed,1`,
        `2026-10-06,2026-10-06T02:00,"Zürich ""Süd"", line\r\ntwo",1`,
        '',
      ].join('\r\n'),
    );
  });

  it('XLSX: numbers as numbers, dates as dates, header frozen, hostile names stay strings when read back', async () => {
    const workbook = new ExcelJS.Workbook();
    const file = join(dir, 'rows.xlsx');
    writeFileSync(file, await tableFile(table, 'xlsx', caption));
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Rows');
    if (!sheet) throw new Error('no Rows sheet');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, 'Day', 'Hour', 'Experience point', 'Presses']);
    const day = sheet.getCell('A2').value;
    expect(day).toBeInstanceOf(Date);
    expect(day instanceof Date && day.toISOString()).toBe('2026-10-01T00:00:00.000Z');
    const hour = sheet.getCell('B3').value;
    expect(hour instanceof Date && hour.toISOString()).toBe('2026-10-02T23:00:00.000Z');
    expect(sheet.getCell('D3').value).toBe(-3);
    expect(sheet.getCell('D4').value).toBe(0.5);
    const names = [2, 3, 4, 5, 6].map((r) => sheet.getCell(`C${r}`));
    // No cell holds a formula; each is the quoted text of the name.
    for (const cell of names) expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(names.map((c) => c.value)).toEqual(
      [hostile.formula, hostile.plus, hostile.minus, hostile.at, hostile.tab].map((n) => `'${n}`),
    );
    const about = workbook.getWorksheet('About');
    expect(about?.getCell('A3').value).toBe('Data as of 2026-11-02 08:30 UTC · Feedback Desk 9.8.7');
  });
});
