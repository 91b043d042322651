// A world of hostile names, questions, options, users and comments (support/hostileWorld.ts), synced through v2 and
// v1 like any other, renders inert on every view: no dialog, no request but the app's, no CSP violation, no console
// error, no element built from data, no page wider than the window — and the hostile text is on screen as text. The
// interactive HTML reports of those views, opened offline from file://, stay as inert.
import { expect, test } from '@playwright/test';
import { discoverRoutes, openRoute, waitUntilSettled } from './support/appRoutes.ts';
import { OfflineReport } from './support/htmlReport.ts';
import { hostileTexts, hostileWorld } from './support/hostileWorld.ts';
import { guardPage } from './support/pageGuard.ts';
import { syncWorld, type SyncedStore } from './support/syncedStore.ts';
import { startWebMode, type WebMode } from './support/webMode.ts';

let store: SyncedStore;
let server: WebMode;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  store = await syncWorld(hostileWorld());
  server = await startWebMode({ storePath: store.storePath });
});
test.afterAll(async () => {
  await server?.stop();
  store?.remove();
});

test('hostile names, questions and comments render inert on every view', async ({ page }) => {
  test.setTimeout(300_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const guard = await guardPage(page, new URL(server.url).origin);
  await page.goto(server.url);
  await waitUntilSettled(page);
  const routes = await discoverRoutes(page);
  const found: string[] = [];
  const shown: string[] = [];
  for (const route of routes) {
    await openRoute(page, route);
    // Move over the view's middle: tooltips and hover states are drawn from the same data.
    const box = await page.locator('main, #app').first().boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(1, 1);
    found.push(...(await guard.inspect(route.name)));
    shown.push(await page.locator('body').innerText());
  }
  expect([...found, ...guard.problems()], `views: ${routes.map((r) => r.name).join(', ')}`).toEqual([]);
  // The hostile texts are on screen somewhere (names, comments), as the characters they are made of.
  expect(shown.join('\n')).toContain(hostileTexts[0]);
});

test('the interactive HTML reports of the views with hostile text stay inert offline', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(server.url);
  await waitUntilSettled(page);
  const shown: string[] = [];
  // Names in the ranking's bars and table, comments in a table, follow-up options in a legend and a table.
  for (const route of [
    { name: 'Ranking', href: '#/ranking' },
    { name: 'Comments', href: '#/comments' },
    { name: 'Follow-ups', href: '#/follow-ups' },
  ]) {
    await openRoute(page, route);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save as interactive report (HTML)' }).click();
    const path = testInfo.outputPath(`${route.href.slice(2)}.html`);
    await (await download).saveAs(path);
    const report = await OfflineReport.open(browser, path);
    try {
      // Every chart drawn; the mouse over each one's middle (its tooltip is drawn from the same names).
      for (const chart of await report.charts().all()) {
        await expect(chart.locator('svg path').first()).toBeAttached();
        const box = await chart.boundingBox();
        if (box) await report.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
      }
      shown.push(await report.page.locator('body').innerText());
      expect(report.requests, route.name).toEqual([]);
      expect(await report.problems(), route.name).toEqual([]);
    } finally {
      await report.close();
    }
  }
  // The hostile texts are in the reports as the characters they are made of.
  expect(shown.join('\n')).toContain(hostileTexts[0]);
});
