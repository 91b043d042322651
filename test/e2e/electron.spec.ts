// The desktop app itself through Playwright's Electron driver: launch, the first screen, the demo sync, a chart, one
// export through the save dialog (its answer set in main), the menu.
// It needs the Electron binary, which `npm ci` downloads where Electron's host is reachable; elsewhere it is
// reported as skipped with the reason (scripts/test.js prints it).
import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { demoSynced } from './support/demoSynced.ts';
import { captionInk } from './support/pngInk.ts';
import { projectRoot } from './support/webMode.ts';

/**
 * The binary's path, or why there is none. Read from the electron package's path.txt and dist/ (what its install
 * step writes) rather than require('electron'), which would try to download the binary on the spot.
 */
function electronBinary(): { path: string } | { reason: string } {
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!existsSync(pathFile))
    return {
      reason:
        'no Electron binary on this machine (its download from Electron’s host is not reachable here; `npm ci` fetches it where it is)',
    };
  const path = join(override ?? join(dir, 'dist'), readFileSync(pathFile, 'utf8').trim());
  return existsSync(path) ? { path } : { reason: `the Electron binary is missing at ${path}` };
}

const binary = electronBinary();

test('desktop app: launches, offers both ways in, syncs the demo and draws a chart', async () => {
  test.skip('reason' in binary, 'reason' in binary ? binary.reason : '');
  if (!('path' in binary)) return;
  if (!existsSync(join(projectRoot, 'out', 'main', 'index.js')))
    throw new Error('out/main is missing: run `npx electron-vite build` before the e2e tests');
  // The whole demo (every v2 resource, v1 and the check) and then its incremental sync: minutes on a loaded machine.
  test.setTimeout(1_200_000);
  const data = mkdtempSync(join(tmpdir(), 'fd-electron-'));
  const app = await electron.launch({
    executablePath: binary.path,
    args: [projectRoot],
    env: { ...process.env, FEEDBACK_DESK_DATA_DIR: data, ELECTRON_RENDERER_URL: '' },
  });
  try {
    const page = await app.firstWindow();
    await expect(page.getByRole('button', { name: 'Connect your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Explore demo data' }).click();
    await expect(page.locator('nav a[href^="#/sync"]')).toBeVisible({ timeout: 720_000 });
    // Newest first: the views open while the demo goes on; Sync now below waits for it to have ended.
    await demoSynced(join(data, 'default.sqlite'));
    await page.locator('nav a[href^="#/explore"]').click();
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 60_000 });

    // One export as a user makes it: the chart's PNG through the native save dialog, whose answer is set in main
    // (a test cannot click a native dialog); the file has its caption drawn (fonts found by resvg).
    const png = join(data, 'chart.png');
    await app.evaluate(({ dialog }, filePath) => {
      dialog.showSaveDialog = (async () => ({ canceled: false, filePath })) as typeof dialog.showSaveDialog;
    }, png);
    const menu = page.getByTestId('export-menu').first();
    await menu.getByTestId('export-toggle').click();
    await menu.getByTestId('export-png').click();
    await expect(page.getByText(`Saved to ${png}`).first()).toBeVisible({ timeout: 60_000 });
    expect(captionInk(png).ink).toBeGreaterThan(500);
    // The shell's hardening holds in the real thing: no Node in the page, only the contract's bridge.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(
      await page.evaluate(
        () => typeof (globalThis as { feedbackDesk?: { invoke?: unknown } }).feedbackDesk?.invoke,
      ),
    ).toBe('function');

    // The application menu reaches the window: its items, Sync › Sync now (progress and outcome in the header,
    // wherever the user is) and Settings (Connections). File › Export and About are driven through the stand-in
    // (desktop.spec.ts), where the test answers the dialogs.
    const labels = await app.evaluate(({ Menu }) => {
      const walk = (items: Electron.MenuItem[]): string[] =>
        items.flatMap((i) => [i.label, ...walk(i.submenu?.items ?? [])]);
      return walk(Menu.getApplicationMenu()?.items ?? []);
    });
    expect(labels).toEqual(
      expect.arrayContaining(['Export…', 'Sync now', 'Settings…', 'About Feedback Desk']),
    );
    await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.getMenuItemById('sync')?.click());
    await expect(page.getByTestId('header-sync-panel').getByRole('status')).toContainText('Synced in', {
      timeout: 400_000,
    });
    await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.getMenuItemById('settings')?.click());
    await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();
  } finally {
    await app.close();
    rmSync(data, { recursive: true, force: true });
  }
});
