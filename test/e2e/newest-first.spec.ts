// End to end in Chromium against web mode: a first connect syncs newest first. With the history held back at the
// service (support/holdingProxy.ts), the Overview opens on the newest days, says how far back history is complete,
// and shows exactly what plain SQL counts over the file at that moment (the presses, the Happy Index and every point
// of its trend, support/viewCounts.ts); released, history lands and the same Overview (not reloaded) follows the file
// to its complete count.
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { holdingProxy, type HoldingProxy } from './support/holdingProxy.ts';
import { happyIndexOf, pressesPerBucketButton, pressesPerButton } from './support/viewCounts.ts';
import { ViewsPage } from './support/viewsPage.ts';
import { startWebMode, type WebMode } from './support/webMode.ts';

let emulator: RunningEmulator | null = null;
let proxy: HoldingProxy | null = null;
let server: WebMode;

test.beforeAll(async () => {
  emulator = await startEmulator({ size: 'tiny', seed: 5, port: 0, host: '127.0.0.1' });
  proxy = await holdingProxy(emulator.url);
  server = await startWebMode();
});
test.afterAll(async () => {
  proxy?.release();
  await proxy?.close();
  await emulator?.close();
  await server?.stop();
});

const storeFile = (): string => join(server.dataDir, 'profile-acme.sqlite');

/**
 * What the Overview must show over the file as it is now, by plain SQL (support/viewCounts.ts): the presses, the
 * Happy Index and the trend's Happy Index per month or day (the grain the chart chose, read from its labels).
 */
async function expectOverviewEqualsFile(app: ViewsPage): Promise<number> {
  const all = { scale: 'four', first: '2000-01-01', last: '2099-12-31' };
  const buttons = pressesPerButton(storeFile(), all);
  const presses = [...buttons.values()].reduce((a, b) => a + b, 0);
  expect(await app.figureValue('presses')).toBe(presses);
  expect(await app.figureValue('score')).toBeCloseTo(happyIndexOf(buttons, 4), 1);
  const trend = await app.chartData<{ labels: string[]; lines: { values: (number | null)[] }[] }>(
    'overview-trend',
  );
  const grain = /^\d{4}-\d{2}$/.test(trend.labels[0] ?? '') ? 'month' : 'day';
  expect(trend.labels[0] ?? '', 'the trend is drawn per month or per day').toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
  const buckets = pressesPerBucketButton(storeFile(), all, grain);
  expect(trend.labels).toEqual([...buckets.keys()].sort());
  const values = trend.lines[0]?.values ?? [];
  trend.labels.forEach((label, i) => {
    expect(values[i] ?? NaN, label).toBeCloseTo(happyIndexOf(buckets.get(label) ?? new Map(), 4), 6);
  });
  return presses;
}

/** Plain SQL over the profile's file: presses on four faces (misuse left out, as the views count) in [first, last]. */
function storedPresses(first: string, last: string): number {
  const db = new Database(join(server.dataDir, 'profile-acme.sqlite'), { readonly: true });
  try {
    return Number(
      db
        .prepare(
          `SELECT count(*) FROM v2_button_feedback f JOIN v2_survey s ON s.survey_id = f.survey_id
           WHERE f.misuse = 0 AND s.feedback_scale = 'four' AND f.local_day BETWEEN ? AND ?`,
        )
        .pluck()
        .get(first, last),
    );
  } finally {
    db.close();
  }
}

/** The first local day with a stored press (misuse included). */
function firstStoredDay(): string {
  const db = new Database(join(server.dataDir, 'profile-acme.sqlite'), { readonly: true });
  try {
    return String(db.prepare('SELECT min(local_day) FROM v2_button_feedback').pluck().get());
  } finally {
    db.close();
  }
}

test('the Overview opens while history syncs and shows what the file holds at that moment', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Connect your account' }).click();
  await page.getByLabel('Profile name').fill('Acme');
  await page.getByLabel('Service address').fill(proxy?.url ?? '');
  await page.getByLabel('v2 token').fill('demo-v2-token');
  await page.getByRole('button', { name: 'Save and use' }).click();

  // The newest days are stored and history is held at the service: the views open, the banner says from when.
  const banner = page.getByTestId('history-coverage');
  await expect(banner).toBeVisible({ timeout: 120_000 });
  await expect(banner).toContainText('is still syncing');
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
  // History really is waiting at the service. The banner can show before the sync has asked for the first history
  // page (the views open once the newest window is stored; on a loaded machine the next request comes a moment
  // later): the proxy holds it whenever it comes, and lets nothing through until the test releases it.
  await expect.poll(() => proxy?.held() ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
  const completeFrom = (await banner.getAttribute('data-complete-from')) ?? '';
  expect(completeFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // The file holds no press before that day, and some from it on.
  expect(firstStoredDay() >= completeFrom).toBe(true);

  // The Overview over all time (a custom range from long before), compared with plain SQL over the file now.
  const app = new ViewsPage(page, server.url);
  const allTime = { period: 'custom', from: '2000-01-01', to: '2099-12-31', scale: 'four', compare: 'off' };
  await app.open('overview', allTime);
  const now = storedPresses('2000-01-01', '2099-12-31');
  expect(now).toBeGreaterThan(0);
  await expect.poll(() => app.figureValue('presses')).toBe(now);
  await expect(page.locator('[data-testid="overview-trend"][data-rendered="true"]')).toBeVisible();
  expect(proxy?.held()).toBeGreaterThan(0); // still held: the file has not moved since the count
  expect(await expectOverviewEqualsFile(app)).toBe(now);
  await page.screenshot({ path: testInfo.outputPath('overview-while-history-syncs.png') });

  // History released: it lands, the banner leaves, and the open Overview follows the file to its complete count.
  proxy?.release();
  await expect(banner).toHaveCount(0, { timeout: 120_000 });
  await expect(page.getByTestId('header-sync')).toBeVisible({ timeout: 120_000 }); // the whole sync has ended
  await expect
    .poll(async () => (await app.figureValue('presses')) === storedPresses('2000-01-01', '2099-12-31'), {
      timeout: 60_000,
    })
    .toBe(true);
  expect(await app.figureValue('presses')).toBeGreaterThan(now);
  await app.settled();
  expect(await expectOverviewEqualsFile(app)).toBeGreaterThan(now);
  expect(firstStoredDay() < completeFrom).toBe(true);
});
