// `npm run screenshots`: builds the app and writes the documentation images (docs/screenshot.png) from web mode on
// demo data, in Debian's Chromium. The tests never write tracked files; this script is the only writer of docs/*.png.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { pickGroup } from '../test/e2e/support/independentCounts.ts';
import { startWebMode } from '../test/e2e/support/webMode.ts';
import { screenshotViews } from './screenshotViews.ts';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const target = join(root, 'docs', 'screenshot.png');

console.log('Building Feedback Desk…');
const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--logLevel', 'warn'],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error('screenshots: the build failed (see above); no image was written.');
  process.exit(build.status ?? 1);
}

const server = await startWebMode();
// A browser that cannot start must not leave the web-mode server running.
const browser = await chromium
  .launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  })
  .catch(async (error) => {
    await server.stop();
    throw error;
  });
try {
  // The views of a fully synced world first (they need no demo sync, and stand on their own).
  await screenshotViews(browser, join(root, 'docs'));
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.emulateMedia({ reducedMotion: 'reduce' }); // the app then draws charts without animation
  const drawn = page.locator('section[aria-busy="false"] [data-testid="daily-chart"][data-rendered="true"]');
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Explore demo data' }).click();
  // The app opens on the overview once the demo is synced; the picture is the daily buttons over all time.
  const views = page.getByRole('navigation', { name: 'Views' });
  await views.waitFor({ timeout: 720_000 }); // the whole demo: minutes on a loaded machine
  await views.getByRole('link', { name: 'Daily buttons' }).click();
  await page.getByTestId('period-select').click();
  await page.getByRole('option', { name: 'All time', exact: true }).click();
  await drawn.waitFor({ timeout: 120_000 });
  // The picture the README describes: daily NPS answers of one country group, its tree item selected.
  await page
    .getByRole('radiogroup', { name: 'Answer scale' })
    .getByRole('radio', { name: 'NPS 0–10' })
    .click();
  const { group } = pickGroup(server.storePath);
  await page.locator(`[role="tree"] [role="treeitem"][data-id="${group.id}"]`).click();
  await page.locator(`[data-testid="selection-title"]:text-is(${JSON.stringify(group.name)})`).waitFor();
  await drawn.waitFor({ timeout: 60_000 });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: target });
  console.log(`Wrote ${target}`);
} finally {
  await browser.close();
  await server.stop();
}
