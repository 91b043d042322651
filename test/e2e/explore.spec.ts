// End to end in Chromium against web mode: first launch → demo sync → chart → pick a group → the chart follows.
import { expect, test, type ConsoleMessage } from '@playwright/test';
import { join } from 'node:path';
import { ExplorePage } from './support/explorePage.ts';
import { countsBySubtree, pickGroup, sum } from './support/independentCounts.ts';
import { projectRoot, startWebMode, type WebMode } from './support/webMode.ts';

let server: WebMode;

test.beforeAll(async () => {
  server = await startWebMode();
});
test.afterAll(async () => {
  await server?.stop();
});

test('explore demo data, pick a group, and the chart shows exactly that subtree', async ({ page }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  // Stable screenshots: the app turns chart animation off under reduced motion.
  await page.emulateMedia({ reducedMotion: 'reduce' });

  const app = new ExplorePage(page);
  await app.open(server.url);
  expect(new URL(page.url()).search).toBe(''); // the token was traded for a cookie and left the address bar
  await expect(app.exploreButton).toBeVisible();
  await app.exploreDemo();
  await app.waitForChart();

  // The whole tree first: the chart must equal the facts of the root's subtree.
  const { root, group } = pickGroup(server.storePath);
  await expect(app.title).toHaveText(root.name);
  const rootCounts = countsBySubtree(server.storePath, root.id);
  expect(sum(rootCounts)).toBeGreaterThan(0);
  expect(await app.chartCounts()).toEqual(rootCounts);

  // Then one group: the chart changes, and equals that group's facts.
  await app.treeItem(group.id).click();
  await expect(app.treeItem(group.id)).toHaveAttribute('aria-selected', 'true');
  await expect(app.treeItem(group.id)).toHaveText(group.name);
  await expect(app.title).toHaveText(group.name);
  const groupCounts = countsBySubtree(server.storePath, group.id);
  await expect.poll(async () => sum(await app.chartCounts()), { timeout: 60_000 }).toBe(sum(groupCounts));
  expect(await app.chartCounts()).toEqual(groupCounts);
  expect(sum(groupCounts)).toBeLessThan(sum(rootCounts));
  await app.waitForChart();

  // Keyboard: back to the root with the arrow keys and Enter.
  await app.treeItem(group.id).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(app.title).toHaveText(root.name);
  await expect.poll(async () => sum(await app.chartCounts()), { timeout: 60_000 }).toBe(sum(rootCounts));
  await app.treeItem(group.id).click();
  await expect.poll(async () => sum(await app.chartCounts()), { timeout: 60_000 }).toBe(sum(groupCounts));

  // The tooltip is drawn as canvas text (richText); hovering must not trip the CSP either.
  const box = await app.chart.boundingBox();
  if (box) await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6);
  await page.waitForTimeout(300);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(projectRoot, 'docs', 'screenshot.png') });
  expect(problems, 'console errors and warnings (CSP violations included)').toEqual([]);
});

test('a page without the session gets nothing', async ({ page }) => {
  const origin = new URL(server.url).origin;
  const response = await page.goto(origin + '/');
  expect(response?.status()).toBe(403);
  expect(await page.content()).not.toContain('<script');
});
