// End to end in Chromium against web mode: first launch → demo sync (cancel, resume; made once per run and asserted
// step by step by support/demoTemplate.ts, whichever spec asks first) → the app restarted on the folder the demo left
// → chart on the most pressed scale → another scale → pick a group → the chart follows, always equal to an
// independent count of the facts.
import { expect, test, type ConsoleMessage } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoBound, demoTemplate, demoTimings } from './support/demoTemplate.ts';
import { ExplorePage } from './support/explorePage.ts';
import {
  countsBySubtree,
  pickGroup,
  pressesBySegment,
  scaleSegments,
  sum,
} from './support/independentCounts.ts';
import { projectRoot, startWebMode, type WebMode } from './support/webMode.ts';

let server: WebMode;
/** Web mode on a copy of the run's synced demo (the main test's). */
let demoServer: WebMode | null = null;
/** The tracked documentation image: `npm run screenshots` writes it, no test may (checked after each test). */
const docsImage = join(projectRoot, 'docs', 'screenshot.png');
const digest = (): string => createHash('sha256').update(readFileSync(docsImage)).digest('hex');
let docsImageBefore = '';

test.beforeAll(async () => {
  docsImageBefore = digest();
  server = await startWebMode();
});
test.afterEach(() => {
  expect(digest(), 'docs/screenshot.png is written by npm run screenshots only').toBe(docsImageBefore);
});
test.afterAll(async () => {
  await server?.stop();
  await demoServer?.stop();
});

test('explore demo data (cancel, resume), pick a scale and a group: the chart shows exactly that', async ({
  page,
  browser,
}) => {
  // The whole demo (every v2 resource, v1 and the check): about 5 minutes on a loaded 2-core machine, once per run.
  test.setTimeout(demoBound + 600_000);
  // First launch, Explore, Cancel (its notice), Explore again (it resumes and finishes): support/demoTemplate.ts.
  const demo = await demoTemplate(browser);
  test.info().annotations.push({ type: 'demo sync', description: demoTimings(demo) });
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  // Stable screenshots: the app turns chart animation off under reduced motion.
  await page.emulateMedia({ reducedMotion: 'reduce' });

  // The app restarted on the folder the demo left; the counts below are of that file.
  demoServer = await startWebMode({ dataFrom: demo.dataDir });
  const storePath = demoServer.storePath;
  const app = new ExplorePage(page);
  await app.open(demoServer.url);
  expect(new URL(page.url()).search).toBe(''); // the token was traded for a cookie and left the address bar
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible({ timeout: 60_000 });
  // The daily buttons over all time are one view and one preset away.
  await app.openView('Daily buttons');
  await expect(app.title).toBeVisible();
  await app.choosePeriod('All time');
  await expect(page).toHaveURL(/#\/explore\?(.*&)?period=all/);
  await app.waitForChart();

  // The whole tree first, on the scale with the most presses (counted independently), equal to its facts.
  const { root, group } = pickGroup(storePath);
  await expect(app.title).toHaveText(root.name);
  const rootSegments = pressesBySegment(storePath, root.id);
  expect(rootSegments.length).toBeGreaterThan(1); // the demo has several scales, so there is a choice
  const [mostPressed] = rootSegments[0] ?? ['4 faces'];
  await expect(app.scales.getByRole('radio')).toHaveCount(rootSegments.length);
  expect(await app.checkedScale()).toBe(mostPressed);
  const rootDefault = countsBySubtree(storePath, root.id, scaleSegments[mostPressed]);
  expect(sum(rootDefault)).toBeGreaterThan(0);
  expect(await app.chartCounts()).toEqual(rootDefault);

  // Another scale: the chart changes to that scale's series, equal to its facts.
  const other =
    rootSegments.find(([label]) => label === 'NPS 0–10')?.[0] ?? rootSegments[1]?.[0] ?? mostPressed;
  expect(other).not.toBe(mostPressed);
  await app.scale(other).click();
  await expect(app.scale(other)).toHaveAttribute('aria-checked', 'true');
  const rootOther = countsBySubtree(storePath, root.id, scaleSegments[other]);
  await expect.poll(async () => sum(await app.chartCounts()), { timeout: 60_000 }).toBe(sum(rootOther));
  expect(await app.chartCounts()).toEqual(rootOther);
  expect(rootOther).not.toEqual(rootDefault);
  expect((await app.chartSeries()).series).toHaveLength(
    other === 'NPS 0–10' ? 11 : other === '5 faces' ? 5 : 4,
  );
  await app.waitForChart();

  // Then one group: the chosen scale stays if the group has it, and the chart equals that group's facts.
  await app.treeItem(group.id).click();
  await expect(app.treeItem(group.id)).toHaveAttribute('aria-selected', 'true');
  await expect(app.treeItem(group.id)).toHaveText(group.name);
  await expect(app.title).toHaveText(group.name);
  const groupSegments = pressesBySegment(storePath, group.id);
  const groupScale = groupSegments.some(([label]) => label === other)
    ? other
    : (groupSegments[0]?.[0] ?? other);
  await expect(app.scale(groupScale)).toHaveAttribute('aria-checked', 'true');
  const groupCounts = countsBySubtree(storePath, group.id, scaleSegments[groupScale]);
  await expect.poll(async () => sum(await app.chartCounts()), { timeout: 60_000 }).toBe(sum(groupCounts));
  expect(await app.chartCounts()).toEqual(groupCounts);
  await app.waitForChart();

  // Keyboard: back to the root with the arrow keys and Enter (the chosen scale stays).
  await app.treeItem(group.id).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(app.title).toHaveText(root.name);
  await expect.poll(async () => sum(await app.chartCounts()), { timeout: 60_000 }).toBe(sum(rootOther));
  await app.treeItem(group.id).click();
  await expect.poll(async () => sum(await app.chartCounts()), { timeout: 60_000 }).toBe(sum(groupCounts));
  await app.waitForChart();

  // The tooltip is drawn as canvas text (richText); hovering must not trip the CSP either.
  const box = await app.chart.boundingBox();
  if (box) await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6);
  await page.waitForTimeout(300);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(600); // the canvas tooltip hides after its hideDelay; keep it out of the screenshot
  // What it shows is asserted above; the picture is taken but written nowhere (docs/ images are written by
  // `npm run screenshots`, never by a test).
  const shot = await page.screenshot();
  expect(shot.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(problems, 'console errors and warnings (CSP violations included)').toEqual([]);
});

test('a page without the session gets nothing', async ({ page }) => {
  const origin = new URL(server.url).origin;
  const response = await page.goto(origin + '/');
  expect(response?.status()).toBe(403);
  expect(await page.content()).not.toContain('<script');
});
