// Anomalies in Chromium on the hand-made world of src-main/analytics/testing/anomalyWorld.ts (a real SQLite file
// written without a sync, served in web mode): the Trends list "Unusual in this period" and the pin on the line equal
// what plain SQL over the fact table says of the incident day; "Why?" shows that day's follow-up answers as text; the
// link opens Comments on that point and day.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { fillAnomalyWorld, incidentDay } from '../../src-main/analytics/testing/anomalyWorld.ts';
import { openStore } from '../../src-main/store/db.ts';
import { ViewsPage } from './support/viewsPage.ts';
import { startWebMode, type WebMode } from './support/webMode.ts';

let dir = '';
let storePath = '';
let server: WebMode;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'fd-e2e-anomalies-'));
  storePath = join(dir, 'store.sqlite');
  const store = openStore(storePath);
  fillAnomalyWorld(store);
  store.close();
  server = await startWebMode({ storePath });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Red share of the whole tree per local day, by plain SQL (the second route). */
function redShare(day: string): number {
  const db = new Database(storePath, { readonly: true, fileMustExist: true });
  try {
    const r = db
      .prepare(
        'SELECT avg(button_index <= 1) AS share FROM v2_button_feedback WHERE local_day = ? AND misuse = 0',
      )
      .get(day) as { share: number };
    return r.share;
  } finally {
    db.close();
  }
}

test('the Unusual list and the pin on the trend show the incident day, with its reasons and a way into Comments', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(server.url);
  const app = new ViewsPage(page, server.url);
  await app.open('trends', { period: 'custom', from: '2024-02-26', to: '2024-03-03', grain: 'day' });

  const list = page.getByTestId('unusual-list');
  await expect(list.getByTestId('unusual-item').first()).toBeVisible({ timeout: 60_000 });
  // Most unusual first: A's day (60 % red against 10 % in each of the 8 Wednesdays before).
  const first = list.getByTestId('unusual-item').first();
  await expect(first).toContainText('A');
  await expect(first).toContainText('Red answers 60%');
  await expect(first).toContainText('usually 10%');
  // 3 days (A, its group, the company) and A's 10 hours: 8 shown, 5 more.
  await expect(list.getByTestId('unusual-item')).toHaveCount(8);
  await expect(list.getByTestId('unusual-more')).toHaveText('Show 5 more');
  await page.screenshot({ path: test.info().outputPath('chart.png') });
  await list.screenshot({ path: test.info().outputPath('list.png') });

  // The pin: on the company line (the tree's root) at the incident day, whose value is the day's red share by SQL.
  const drawn = await app.chartData<{
    labels: string[];
    anomalies: { index: number; label: string; worse: boolean }[];
  }>('trend-chart');
  expect(drawn.anomalies).toHaveLength(1);
  expect(drawn.labels[drawn.anomalies[0]?.index ?? -1]).toBe(incidentDay);
  expect(drawn.anomalies[0]?.worse).toBe(true);
  expect(drawn.anomalies[0]?.label).toContain('Company: unusually bad');
  expect(drawn.anomalies[0]?.label).toContain(`Red answers ${(redShare(incidentDay) * 100).toFixed(1)}%`);

  // Why: the follow-up answers of that day, as text (a tag in an answer stays visible characters).
  await first.getByRole('button', { name: 'Why?' }).click();
  const reasons = first.getByTestId('anomaly-reasons');
  await expect(reasons).toContainText('Long queue');
  await expect(reasons).toContainText('<b>Dirty</b>');
  await expect(reasons.locator('b')).toHaveCount(0);
  // And what was said then: the hand-made world writes presses only, no comment, so the panel says there was none.
  await expect(reasons).toContainText('Said then (newest first)');
  await expect(reasons).toContainText('No comments at that point then.');
  await list.screenshot({ path: test.info().outputPath('reasons.png') });

  await list.getByTestId('unusual-more').click();
  await expect(list.getByTestId('unusual-item')).toHaveCount(13);

  // The Overview lists the same.
  await app.open('overview', { period: 'custom', from: '2024-02-26', to: '2024-03-03' });
  const overview = page.getByTestId('unusual-list');
  await expect(overview.getByTestId('unusual-item').first()).toContainText('Red answers 60%');
  await overview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('overview.png') });
  await app.open('trends', { period: 'custom', from: '2024-02-26', to: '2024-03-03', grain: 'day' });

  // The way into Comments: that point and that day.
  await first.getByTestId('unusual-comments').click();
  await expect(page).toHaveURL(/#\/comments\?/);
  const query = new URLSearchParams(page.url().split('?')[1] ?? '');
  expect(query.get('from')).toBe(incidentDay);
  expect(query.get('to')).toBe(incidentDay);
  expect(query.get('points')).toBe('21');
});
