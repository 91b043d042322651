// End to end in Chromium against web mode: connect an account (the emulator on loopback) from the first screen,
// test it, save it, sync it with verification; then the service goes away: the app says so once and every view of
// the navigation keeps working from the local file. Finally no token is in anything the page received, the page
// itself, the server's log, or any file of the data folder (SQLite, its WAL, profiles.json).
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { discoverRoutes, openRoute } from './support/appRoutes.ts';
import { startWebMode, type WebMode } from './support/webMode.ts';

const tokens = { v2: 'demo-v2-token', v1Id: 'demo-client', v1: 'demo-token' };
let emulator: RunningEmulator | null = null;
let server: WebMode;

test.beforeAll(async () => {
  emulator = await startEmulator({ size: 'tiny', seed: 5, port: 0, host: '127.0.0.1' });
  server = await startWebMode();
});
test.afterAll(async () => {
  await emulator?.close();
  await server?.stop();
});

/** The authorised root as the service lists it (a second route: the item whose parent is not visible). */
async function rootName(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/v2/experience-points.json`, {
    headers: { 'X-Svc-API-Token': tokens.v2 },
  });
  const list = (await res.json()) as { experiencePointId: number; name: string; parent?: number | null }[];
  const ids = new Set(list.map((i) => i.experiencePointId));
  return list.find((i) => i.parent == null || !ids.has(i.parent))?.name ?? '';
}

test('connect, sync and verify; the service gone, every view still works; no token anywhere', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const baseUrl = emulator?.url ?? '';
  const received: string[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('/api/invoke/')) received.push(await r.text().catch(() => ''));
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(server.url);

  // The first screen offers both ways in.
  const connect = page.getByRole('button', { name: 'Connect your account' });
  await expect(connect).toBeVisible();
  await expect(page.getByRole('button', { name: 'Explore demo data' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('first-screen.png') });

  await connect.click();
  await page.getByLabel('Profile name').fill('Acme');
  await page.getByLabel('Service address').fill(baseUrl);
  await page.getByLabel('v2 token').fill(tokens.v2);
  await page.getByLabel('Client id').fill(tokens.v1Id);
  await page.getByLabel('v1 token').fill(tokens.v1);
  await page.getByRole('button', { name: 'Test connection' }).click();
  const test_ = page.getByTestId('connection-test');
  await expect(test_).toContainText('Scopes: feedback:read, structure:read');
  await expect(test_).toContainText(`Authorised root: ${await rootName(baseUrl)}.`);
  await expect(test_).toContainText('v1: the client id and token work.');
  await page.screenshot({ path: testInfo.outputPath('connection-form.png') });

  // Save: the first sync runs; the views open on its newest days (newest first) and it goes on to the end.
  await page.getByRole('button', { name: 'Save and use' }).click();
  await expect(page.locator('nav a[href^="#/sync"]')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('header-sync')).toBeVisible({ timeout: 120_000 }); // "Sync now": it has ended

  // The header counts the presses the views read: plain SQL over the profile's fact table (v2; v1 synced too).
  const db = new Database(join(server.dataDir, 'profile-acme.sqlite'), { readonly: true });
  const presses = Number(db.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get());
  db.close();
  await expect(page.getByTestId('sync-line')).toContainText(`${presses.toLocaleString('en-US')} presses`);

  // Sync again from the header, on whatever view is open: progress per stream, then the verdict of the check
  // against the aggregates; the Sync view shows the same outcome and the history.
  await page.getByTestId('header-sync').click();
  const panel = page.getByTestId('header-sync-panel');
  await expect(panel.getByRole('status')).toContainText('agrees with the service’s own counts', {
    timeout: 120_000,
  });
  await expect(panel.locator('[data-stream="v2:button-feedbacks"]')).toContainText('done');
  await page.screenshot({ path: testInfo.outputPath('header-sync.png') });
  await panel.getByRole('link', { name: 'History and details' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('verification')).toContainText('agrees with the service’s own counts');
  await expect(page.locator('.history__row--done').first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.screenshot({ path: testInfo.outputPath('sync-panel.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The service goes away: said once (dismissed, not repeated), and the history records it in words.
  await emulator?.close();
  emulator = null;
  const syncNow = page.locator('.sync-panel').getByRole('button', { name: 'Sync now' });
  await syncNow.click();
  const notice = page.getByTestId('offline-notice');
  await expect(notice).toContainText('cannot be reached');
  await expect(notice).toHaveCount(1);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await syncNow.click();
  await expect(page.locator('.sync-panel__error')).toContainText('cannot be reached');
  await expect(notice).toHaveCount(0);
  await expect(page.locator('.history__error').first()).toContainText('cannot be reached');
  // The last check the file kept is still said, with when it ran.
  await expect(page.getByTestId('last-verification')).toContainText('agrees with the service’s own counts');
  await page.screenshot({ path: testInfo.outputPath('sync-offline.png') });

  // Every view of the navigation, from the local file only.
  const routes = await discoverRoutes(page);
  expect(routes.length).toBeGreaterThan(3);
  for (const route of routes) {
    await openRoute(page, route);
    if (route.href.startsWith('#/connections'))
      await page.screenshot({ path: testInfo.outputPath('connections-view.png') });
    await expect(page.getByText('Could not load this view.'), route.name).toHaveCount(0);
  }

  // Connections checks the local file (on a worker thread in main) and says it is sound.
  await page.locator('nav a[href^="#/connections"]').click();
  await page.getByTestId('store-check').click();
  await expect(page.getByTestId('store-check-result')).toContainText(
    /The local file .+ is sound \(checked in [\d.]+ s\)\./,
  );
  await page.screenshot({ path: testInfo.outputPath('connections-check.png'), fullPage: true });

  // No token in what the page received, the page itself, its storage, the server's log, or the data folder.
  const page_ = await page.content();
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  // The renderer's state: every Pinia store of the running app (Vue keeps the app on its mount element).
  const state = await page.evaluate(() => {
    interface Mounted {
      __vue_app__?: { config: { globalProperties: { $pinia?: { state: { value: unknown } } } } };
    }
    const page = globalThis as unknown as { document: { querySelector(s: string): Mounted | null } };
    const pinia = page.document.querySelector('#app')?.__vue_app__?.config.globalProperties.$pinia;
    return pinia ? JSON.stringify(pinia.state.value) : '';
  });
  expect(state).toContain('"connections"'); // the stores were found (the connections store among them)
  const places: [string, string][] = [
    ['answers the page received', received.join('\n')],
    ['the page', page_],
    ['web storage', storage],
    ['the renderer state', state],
    ['the server log', server.output()],
    ...readdirSync(server.dataDir).map((f): [string, string] => [
      f,
      readFileSync(join(server.dataDir, f)).toString('latin1'),
    ]),
  ];
  // The server still has the store open, so its write-ahead log is a file of its own and is searched too.
  expect(places.map(([f]) => f)).toEqual(
    expect.arrayContaining(['profile-acme.sqlite', 'profile-acme.sqlite-wal', 'profiles.json']),
  );
  for (const [where, text] of places)
    for (const secret of [tokens.v2, tokens.v1])
      expect(text.includes(secret), `${secret} in ${where}`).toBe(false);
});
