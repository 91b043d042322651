// The desktop app as built (out/main, out/preload, out/renderer) through the electron stand-in
// (test/desktop/electron-standin, docs/DESKTOP-TESTS.md): a first launch on an empty data folder, the demo, every
// view, exports through the native save dialog (PNG and XLSX from the chart's export menu, the view's PDF report
// through File › Export…, the same report as HTML through File › Save as Interactive Report (HTML)…), a second
// instance, and quitting. The files are read back: the PNG decoded and its caption band checked for text pixels, the
// PDF through pdftotext, the XLSX through exceljs, the HTML's embedded report data as text.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { discoverRoutes, openRoute, waitUntilSettled } from './support/appRoutes.ts';
import {
  launchDesktop,
  launchSecondInstance,
  type DesktopApp,
  type SaveDialogOptions,
} from './support/desktopHarness.ts';
import { ExplorePage } from './support/explorePage.ts';
import { guardPage } from './support/pageGuard.ts';
import { captionInk } from './support/pngInk.ts';

/** Waits until the export's status says it saved `path`, and the file is there. */
async function savedAs(page: Page, path: string): Promise<void> {
  // Generous: a report over the demo's two million presses takes a while on a loaded 2-core machine.
  await expect(page.getByText(`Saved to ${path}`).first()).toBeVisible({ timeout: 180_000 });
  expect(statSync(path).size).toBeGreaterThan(0);
}

let app: DesktopApp;

// eslint-disable-next-line no-empty-pattern -- Playwright wants the fixtures argument destructured
test.afterEach(async ({}, testInfo) => {
  // What the main process printed (the stand-in says when main was blocked), beside the test's report.
  if (app) await testInfo.attach('main-process-output', { body: app.output(), contentType: 'text/plain' });
  if (app && testInfo.status !== testInfo.expectedStatus) console.log(app.output());
});
test.afterAll(async () => {
  await app?.dispose();
});

// eslint-disable-next-line no-empty-pattern -- as above
test('the built desktop app: first launch, demo, every view, exports through the save dialog, second instance, quit', async ({}, testInfo) => {
  test.setTimeout(600_000);
  const shots = (name: string): string => testInfo.outputPath(`desktop-${name}.png`);

  await test.step('first launch on an empty data folder', async () => {
    app = await launchDesktop();
    const page = app.page;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.getByRole('button', { name: 'Connect your account' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Explore demo data' })).toBeVisible();
    await page.screenshot({ path: shots('first-launch') });
    // The shell's hardening as the page sees it: no Node, the contract's bridge only, no raw IPC.
    expect(
      await page.evaluate(() => {
        const g = globalThis as unknown as Record<string, unknown>;
        const bridge = g.feedbackDesk as Record<string, unknown> | undefined;
        return {
          require: typeof g.require,
          process: typeof g.process,
          bridge: bridge ? Object.keys(bridge).sort() : null,
          frozen: bridge ? Object.isFrozen(bridge) : null,
          rawIpc: Object.keys(g).filter((k) => /electron/i.test(k)),
        };
      }),
    ).toEqual({
      require: 'undefined',
      process: 'undefined',
      bridge: ['invoke', 'on'],
      frozen: true,
      rawIpc: [],
    });
    // What Electron refuses to clone (a Vue reactive object is a Proxy) is refused before it reaches main.
    expect(
      await page.evaluate(async () => {
        const bridge = (
          globalThis as unknown as { feedbackDesk: { invoke(c: string, a: unknown): Promise<unknown> } }
        ).feedbackDesk;
        try {
          await bridge.invoke('tree:list', new Proxy({}, {}));
          return 'sent';
        } catch (error) {
          return (error as Error).message;
        }
      }),
    ).toBe('An object could not be cloned.');
  });

  const page = (): Page => app.page;
  const guard = await guardPage(app.page, new URL(app.page.url()).origin);

  await test.step('the demo', async () => {
    const explore = new ExplorePage(page());
    await explore.exploreDemo();
    await expect(page().getByRole('navigation', { name: 'Views' })).toBeVisible({ timeout: 300_000 });
    await waitUntilSettled(page());
  });

  await test.step('every view of the navigation', async () => {
    const routes = await discoverRoutes(page());
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      await openRoute(page(), route);
      await expect(
        page()
          .getByRole('alert')
          .filter({ hasText: /went wrong/i }),
        route.name,
      ).toHaveCount(0);
      await page().screenshot({ path: shots(`view-${route.href.replace(/\W+/g, '-')}`) });
    }
  });

  const exportsDir = join(app.userDataDir, '..', 'exports');
  mkdirSync(exportsDir, { recursive: true });
  const asked: SaveDialogOptions[] = [];
  app.answerSaveDialogs((options) => {
    asked.push(options);
    return join(exportsDir, basename(options.defaultPath ?? 'export'));
  });

  await test.step('PNG and XLSX from the Daily buttons chart, through the save dialog', async () => {
    const explore = new ExplorePage(page());
    await explore.openView('Daily buttons');
    await explore.choosePeriod('All time');
    await explore.waitForChart();
    const menu = page().getByTestId('export-menu').first();
    await menu.getByTestId('export-toggle').click();
    await menu.getByTestId('export-png').click();
    await expect.poll(() => asked.length).toBe(1);
    const png = join(exportsDir, basename(asked[0]?.defaultPath ?? ''));
    await savedAs(page(), png);
    // The first dialog opens in Documents (app.getPath), with the format's filter.
    expect(asked[0]?.defaultPath?.startsWith(join(app.userDataDir, '..', 'Documents'))).toBe(true);
    expect(asked[0]?.filters).toEqual([{ name: 'PNG image', extensions: ['png'] }]);
    const { ink, width, height } = captionInk(png);
    expect([width, height]).toEqual([3200, 1800]); // the menu's default size, 1600 × 900 at 2×
    expect(ink).toBeGreaterThan(500);

    await menu.getByTestId('export-toggle').click();
    await menu.getByTestId('export-xlsx').click();
    await expect.poll(() => asked.length).toBe(2);
    // The folder of the last export is remembered.
    expect(asked[1]?.defaultPath?.startsWith(exportsDir)).toBe(true);
    const xlsx = join(exportsDir, basename(asked[1]?.defaultPath ?? ''));
    await savedAs(page(), xlsx);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).text).toBe('Day');
    expect(sheet?.rowCount ?? 0).toBeGreaterThan(2);
  });

  await test.step('the view’s PDF report through File › Export…', async () => {
    await new ExplorePage(page()).choosePeriod('Last 30 days');
    await waitUntilSettled(page());
    app.clickMenu('File', 'Export…');
    await expect.poll(() => asked.length, { timeout: 30_000 }).toBe(3);
    expect(asked[2]?.filters).toEqual([{ name: 'PDF document', extensions: ['pdf'] }]);
    const pdf = join(exportsDir, basename(asked[2]?.defaultPath ?? ''));
    await savedAs(page(), pdf);
    const words = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(words).toContain('Presses per answer');
    expect(words).toContain('Period:');
  });

  await test.step('the same report as interactive HTML through File › Save as Interactive Report (HTML)…', async () => {
    app.clickMenu('File', 'Save as Interactive Report (HTML)…');
    await expect.poll(() => asked.length, { timeout: 30_000 }).toBe(4);
    expect(asked[3]?.filters).toEqual([{ name: 'HTML report', extensions: ['html'] }]);
    const html = join(exportsDir, basename(asked[3]?.defaultPath ?? ''));
    await savedAs(page(), html);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('<script id="report-data" type="application/json">');
    expect(text).toContain('Presses per answer');
    await page().screenshot({ path: shots('after-exports') });
  });

  await test.step('Help › About opens a message box with the versions', async () => {
    app.clickMenu('Help', 'About Feedback Desk');
    await expect.poll(() => app.dialogs().filter((d) => d.kind === 'message').length).toBe(1);
    const about = app.dialogs().find((d) => d.kind === 'message')?.options as { detail?: string };
    expect(about.detail).toContain('Version 0.1.0');
  });

  await test.step('a second instance hands over to the first and quits', async () => {
    const second = await launchSecondInstance(app);
    expect(second.code, second.output).toBe(0);
    await expect(page().getByRole('navigation', { name: 'Views' })).toBeVisible();
  });

  expect(guard.problems()).toEqual([]);
  expect(app.shellCalls()).toEqual([]);

  await test.step('quit closes the services and ends the process', async () => {
    const code = await app.quit();
    expect(code, app.output()).toBe(0);
    // The store was closed: SQLite folded its write-ahead log back into the file.
    expect(existsSync(join(app.dataDir, 'default.sqlite-wal'))).toBe(false);
  });
});
