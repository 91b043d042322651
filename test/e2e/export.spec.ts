// Exports from a view in Chromium (web mode): the chart as PNG at 2× and as a report PDF, the rows as CSV; each file
// is downloaded under a meaningful name and read back (PNG decoded, PDF read by pdftotext, CSV parsed).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { writeExportStore } from '../../src-main/export/testing/exportStore.ts';
import { waitUntilSettled } from './support/appRoutes.ts';
import { ExportMenu } from './support/exportMenu.ts';
import { guardPage } from './support/pageGuard.ts';
import { startWebMode, type WebMode } from './support/webMode.ts';

let dir: string;
let server: WebMode;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-e2e-export-'));
  writeExportStore(join(dir, 'default.sqlite'));
  server = await startWebMode({ storePath: join(dir, 'default.sqlite') });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('export the daily chart (PNG 2×, report PDF) and its rows (CSV) from the Daily buttons view', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const guard = await guardPage(page, new URL(server.url).origin);
  await page.goto(server.url);
  await waitUntilSettled(page);
  // Deutschland (id 2) over October 2026, four-button scale: the fixture's hand-counted presses are there.
  await page.goto(
    `${new URL(server.url).origin}/#/explore?points=2&period=custom&from=2026-10-01&to=2026-10-31`,
  );
  await waitUntilSettled(page);
  await expect(page.getByTestId('selection-title')).toHaveText('Deutschland');
  const menu = new ExportMenu(page);

  const png = await menu.download('png', { size: '1600 × 900', ratio: '2×' });
  expect(png.suggestedFilename()).toBe(
    'deutschland-daily-presses-per-button_deutschland_2026-10-01_2026-10-31.png',
  );
  const image = PNG.sync.read(readFileSync(await png.path()));
  expect([image.width, image.height]).toEqual([3200, 1800]);
  await expect(menu.status).toHaveText(`Downloaded ${png.suggestedFilename()}`);

  const csv = await menu.download('csv');
  const text = readFileSync(await csv.path(), 'utf8');
  // Point 2's four-button presses by day (fixture notes): 10-01 two b3, 10-02 b0 and b2, 10-31 b1.
  expect(text.split('\r\n').slice(0, 5)).toEqual([
    'Day,Very negative,Negative,Positive,Very positive,Total',
    '2026-10-01,0,0,0,2,2',
    '2026-10-02,1,0,1,0,2',
    '2026-10-03,0,0,0,0,0',
    '2026-10-04,0,0,0,0,0',
  ]);

  // For a look at the menu (test-results only, never the docs).
  await page.getByTestId('export-toggle').click();
  await page.screenshot({ path: testInfo.outputPath('export-menu.png') });
  await page.keyboard.press('Escape');

  const report = await menu.downloadReport();
  expect(report.suggestedFilename()).toBe('deutschland_deutschland_2026-10-01_2026-10-31.pdf');
  const pdf = join(dir, 'report.pdf');
  await report.saveAs(pdf);
  execFileSync('pdftoppm', ['-png', '-r', '50', pdf, testInfo.outputPath('report-page')]);
  const words = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const part of [
    'Deutschland',
    'Subtree:',
    'Period:',
    'Scale: 4 faces',
    'misuse left out',
    'Presses per answer',
    'Data as of 2026-11-02 08:30 UTC',
  ])
    expect(words).toContain(part);
  expect(guard.problems()).toEqual([]);
});
