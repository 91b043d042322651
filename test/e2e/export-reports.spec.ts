// Exports on a synced tiny world in Chromium (web mode): a distribution chart's rows as CSV against plain
// SQL over the demographics, and the People and Comments reports (every chart, the comments listed) read back by
// pdftotext.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ExportMenu } from './support/exportMenu.ts';
import { genderCounts } from './support/insightCounts.ts';
import { tinyWorldInWebMode } from './support/tinyWorld.ts';

const app = tinyWorldInWebMode();
const { open } = app;

async function reportText(page: Page, path: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByTestId('export-report').click();
  await (await download).saveAs(path);
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

test('People: the gender chart’s rows equal the demographics rows; the report holds every chart', async ({
  page,
}, testInfo) => {
  await open(page, '#/people?period=all');
  const chart = page.getByTestId('people-gender');
  await expect(chart).toHaveAttribute('data-rendered', 'true');
  const csv = readFileSync(await (await new ExportMenu(page, chart).download('csv')).path(), 'utf8');
  const lines = csv.split('\r\n').filter((l) => l.length > 0);
  expect(lines[0]).toBe('Category,Feedbacks');
  // Second route: feedbacks per gender by plain SQL over v2_demographics (misuse left out); no gender = "not given".
  const expected = genderCounts(app.store.storePath);
  const rows = new Map(
    lines.slice(1).map((l) => {
      const [label = '', n = ''] = l.split(',');
      return [label === 'not given' ? '' : label, Number(n)] as const;
    }),
  );
  expect(rows).toEqual(expected);

  const charts = await page
    .locator('figure[aria-label]')
    .evaluateAll((figs) => figs.map((f) => f.getAttribute('aria-label') ?? ''));
  expect(charts).toHaveLength(4);
  const words = await reportText(page, testInfo.outputPath('people.pdf'));
  for (const title of charts) expect(words).toContain(`Chart: ${title}`);
  // No key table of its own: the charts' rows are the tables, each headed by its chart's title.
  for (const title of charts) expect(words).toContain(`Table: ${title}`);
});

test('Comments: the report lists the comments loaded, after its title page', async ({ page }, testInfo) => {
  await open(page, '#/comments?period=all');
  await expect(page.getByTestId('comment-list').locator('[role="option"]').first()).toBeVisible();
  const words = await reportText(page, testInfo.outputPath('comments.pdf'));
  for (const part of [
    'Comments',
    'Table: Comments',
    'Local time',
    'Experience point id',
    'Answer',
    'Comment',
  ])
    expect(words).toContain(part);
  // A title page and at least one page of rows.
  expect(words).toMatch(/Page 2 of \d+/);
});
