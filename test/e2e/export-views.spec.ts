// Exports from the analyst's views in Chromium (web mode) over the hand-made export store: a chart as PNG named by
// the web-mode rule, its rows as CSV (checked against plain SQL over the fact table), the heatmap's rows, and every
// view's report PDF (title page filters, every chart's title, table headers; each page rendered by pdftoppm).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { writeExportStore } from '../../src-main/export/testing/exportStore.ts';
import { readCsv } from '../../src-main/export/testing/readCsv.ts';
import { waitUntilSettled } from './support/appRoutes.ts';
import { ExportMenu } from './support/exportMenu.ts';
import { guardPage } from './support/pageGuard.ts';
import { happyIndexOf, pressesPerButton, pressesPerHourOfWeek } from './support/viewCounts.ts';
import { startWebMode, type WebMode } from './support/webMode.ts';

let dir: string;
let store: string;
let server: WebMode;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-e2e-export-views-'));
  store = join(dir, 'default.sqlite');
  writeExportStore(store);
  server = await startWebMode({ storePath: store });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Deutschland (id 2) over October 2026 on four faces: where the fixture's hand-counted presses are. */
const october = 'points=2&period=custom&from=2026-10-01&to=2026-10-31&scale=four&compare=off';
async function open(page: Page, view: string, extra = ''): Promise<void> {
  await page.goto(`${new URL(server.url).origin}/#/${view}?${october}${extra}`);
  await waitUntilSettled(page);
}

/** The report's text (pdftotext) and its pages drawn by pdftoppm, counted against pdfinfo's page count. */
function readReport(path: string, pngPrefix: string): { words: string; pages: number } {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  execFileSync('pdftoppm', ['-png', '-r', '40', path, pngPrefix]);
  const drawn = readdirSync(join(pngPrefix, '..')).filter((f) =>
    f.startsWith(pngPrefix.split('/').pop() ?? ''),
  );
  expect(drawn).toHaveLength(pages);
  const words = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  return { words, pages };
}

test('Trends: the Happy Index chart as PNG (web-mode name, 2×), its rows as CSV, and the view report', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const guard = await guardPage(page, new URL(server.url).origin);
  await page.goto(server.url);
  await waitUntilSettled(page);
  await open(page, 'trends', '&grain=day&measure=score');
  const chart = page.getByTestId('trend-chart');
  await expect(chart).toHaveAttribute('data-rendered', 'true');
  const menu = new ExportMenu(page, chart);

  const png = await menu.download('png', { size: '1600 × 900', ratio: '2×' });
  // The web-mode rule: what (the measure), where (the subtree), the first and the last day shown.
  expect(png.suggestedFilename()).toBe('happy-index_deutschland_2026-10-01_2026-10-31.png');
  const image = PNG.sync.read(readFileSync(await png.path()));
  expect([image.width, image.height]).toEqual([3200, 1800]);
  await expect(menu.status).toHaveText('Downloaded happy-index_deutschland_2026-10-01_2026-10-31.png');
  await page.screenshot({ path: testInfo.outputPath('trends-confirmation.png') });

  const csv = readCsv(readFileSync(await (await menu.download('csv')).path(), 'utf8'));
  expect(csv[0]).toEqual(['Day', 'Happy Index', 'Happy Index, 95% low', 'Happy Index, 95% high']);
  // Second route: per day, presses per button by plain SQL over the facts, then 100·Σ(i·nᵢ)/((k−1)·N) with k = 4.
  // Point 3 (the only other point) answers NPS only, so the four-face facts of the whole store are Deutschland's.
  const days = csv.slice(1).map((r) => r[0] ?? '');
  expect(days).toEqual(['2026-10-01', '2026-10-02', '2026-10-31']);
  for (const row of csv.slice(1)) {
    const day = row[0] ?? '';
    const expected = happyIndexOf(pressesPerButton(store, { scale: 'four', first: day, last: day }), 4);
    expect(Number(row[1])).toBeCloseTo(expected, 6);
    // The band's edges: 100/3 · (x̄ ± 1.96·√(Var/N)), Var = Σ nᵢ (i − x̄)² / N from the same counts.
    const counts = pressesPerButton(store, { scale: 'four', first: day, last: day });
    const n = [...counts.values()].reduce((a, b) => a + b, 0);
    const mean = [...counts].reduce((s, [i, c]) => s + i * c, 0) / n;
    const se = Math.sqrt([...counts].reduce((s, [i, c]) => s + c * (i - mean) ** 2, 0) / n / n);
    expect(Number(row[2])).toBeCloseTo((100 / 3) * (mean - 1.96 * se), 6);
    expect(Number(row[3])).toBeCloseTo((100 / 3) * (mean + 1.96 * se), 6);
  }

  const report = await menu.downloadReport();
  expect(report.suggestedFilename()).toBe('trends_deutschland_2026-10-01_2026-10-31.pdf');
  const pdf = join(dir, 'trends.pdf');
  await report.saveAs(pdf);
  const { words, pages } = readReport(pdf, testInfo.outputPath('trends-report'));
  // Title page, the chart's page, its rows' page.
  expect(pages).toBe(3);
  for (const part of [
    'Trends',
    'Subtree: Deutschland',
    'Period:',
    'Scale: 4 faces',
    'Misuse: misuse left out',
    'Chart: Happy Index',
    'Table: Happy Index',
    'Day Happy Index',
  ])
    expect(words).toContain(part);
  expect(guard.problems()).toEqual([]);
});

test('Patterns: the heatmap’s rows as CSV, weekday and hour by name, equal to plain SQL', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(server.url);
  await waitUntilSettled(page);
  await open(page, 'patterns', '&measure=presses');
  const chart = page.getByTestId('pattern-chart');
  await expect(chart).toHaveAttribute('data-rendered', 'true');
  const csv = readCsv(readFileSync(await (await new ExportMenu(page, chart).download('csv')).path(), 'utf8'));
  expect(csv[0]).toEqual(['Weekday', 'Hour of day', 'Presses']);
  // Second route: presses per ISO weekday and local hour by plain SQL; the view names Monday first (en: Mon…Sun).
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const counts = pressesPerHourOfWeek(store, { scale: 'four', first: '2026-10-01', last: '2026-10-31' });
  const expected = [...counts]
    .map(([key, n]) => {
      const [d, h] = key.split('/').map(Number);
      return [names[(d ?? 1) - 1] ?? '', String(h).padStart(2, '0'), String(n)];
    })
    .sort((a, b) => (a.join() < b.join() ? -1 : 1));
  expect(csv.slice(1).sort((a, b) => (a.join() < b.join() ? -1 : 1))).toEqual(expected);
});

test('every view with charts or tables exports one report: its filters, every chart, its key tables', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(server.url);
  await waitUntilSettled(page);
  /** Each view, its title, and the table titles and headers its report must hold (each word found on its own). */
  const views: { view: string; title: string; headers: string[] }[] = [
    {
      view: 'overview',
      title: 'Overview',
      headers: ['Figures', 'Figure', 'Value', 'Best points', 'Name', 'Detail'],
    },
    { view: 'patterns', title: 'Patterns', headers: ['Weekday', 'Hour of day', 'Presses'] },
    {
      view: 'ranking',
      title: 'Ranking',
      headers: ['Rank', 'Experience point id', 'Experience point', 'Presses'],
    },
    {
      view: 'follow-ups',
      title: 'Follow-ups',
      headers: ['Pain points', 'Highlights', 'Option', 'Chosen', 'Share'],
    },
    { view: 'alerts', title: 'Alerts', headers: [] },
    { view: 'people', title: 'People', headers: [] },
    { view: 'reconciliation', title: 'Reconciliation', headers: [] },
    { view: 'data', title: 'Data', headers: ['day', 'presses', 'happyIndex'] },
    { view: 'comments', title: 'Comments', headers: [] },
  ];
  for (const { view, title, headers } of views) {
    await open(page, view);
    await page.screenshot({ path: testInfo.outputPath(`${view}.png`) });
    // Every chart shown on the view (its export title is its label) must have its own page in the report.
    const charts = await page
      .locator('figure[aria-label]')
      .evaluateAll((figs) => figs.map((f) => f.getAttribute('aria-label') ?? ''));
    const download = page.waitForEvent('download');
    await page.getByTestId('export-report').click();
    const report = await download;
    expect(report.suggestedFilename()).toMatch(new RegExp(`_deutschland_2026-10-01_2026-10-31\\.pdf$`));
    const pdf = join(dir, `${view}.pdf`);
    await report.saveAs(pdf);
    const { words, pages } = readReport(pdf, testInfo.outputPath(`${view}-report`));
    expect(pages, view).toBeGreaterThanOrEqual(1 + charts.length);
    for (const part of [title, 'Subtree: Deutschland', 'Period:', 'Misuse: misuse left out', ...headers])
      expect(words, `${view}: ${part}`).toContain(part);
    for (const chart of charts) expect(words, `${view}: chart ${chart}`).toContain(`Chart: ${chart}`);
  }
});
