// The whole demo, synced once per test run the way a user first meets it, for every spec that needs a synced demo:
// web mode on an empty data folder, "Explore demo data", Cancel (the notice, the button back), "Explore demo data"
// again (it resumes), the views open on the newest days while history syncs, then the whole demo with its check.
// Whichever spec asks first makes it and asserts each step (a failure fails that spec); the data folder it leaves is
// kept as a template, and a spec starts web mode on a copy of it (`startWebMode({ dataFrom })`): the app restarted on
// the folder the demo left, never a file another spec has written to. The folder lives for the whole run
// (FD_E2E_DEMO_DIR, set once by playwright.config.ts, removed by its global teardown), so a worker restarted after a
// failure reuses it too, and so does the other worker: the first to take the folder's lock makes the demo, the other
// waits for its manifest (and makes it itself, its steps asserted, if the maker failed or died).
import { expect, type Browser, type ConsoleMessage } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSynced } from './demoSynced.ts';
import { ExplorePage } from './explorePage.ts';
import { startWebMode } from './webMode.ts';

export interface DemoTemplate {
  /** The data folder the demo left (profiles and the demo's file): copy it, never open it. */
  dataDir: string;
  /** The demo's file's name inside that folder. */
  storeFile: string;
  /** Seconds from the click that resumed the demo to the views opening, and to the whole demo checked. */
  viewsOpenedAfter: number;
  syncedAfter: number;
  /** The history banner was shown while the views were open and history still syncing (newest first). */
  historySyncingShown: boolean;
}

/** Where this run keeps its demo (one folder per `npx playwright test`, see playwright.config.ts). */
function runDir(): string {
  return process.env.FD_E2E_DEMO_DIR ?? join(tmpdir(), `fd-e2e-demo-${process.ppid}`);
}

/** How long the whole demo may take; a spec that asks for the demo sets its timeout to `demoBound` plus its own. */
export const demoBound = 1_800_000;

let making: Promise<DemoTemplate> | null = null;

/** The run's synced demo: made by the first caller (its steps asserted there), then reused. */
export function demoTemplate(browser: Browser): Promise<DemoTemplate> {
  making ??= madeOrMake(browser).catch((error: unknown) => {
    making = null;
    throw error;
  });
  return making;
}

async function madeOrMake(browser: Browser): Promise<DemoTemplate> {
  const dir = runDir();
  mkdirSync(dir, { recursive: true });
  const manifest = join(dir, 'demo.json');
  const lock = join(dir, 'demo.lock');
  for (;;) {
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')) as DemoTemplate;
    if (takeLock(lock))
      try {
        return await makeTemplate(browser, manifest);
      } finally {
        rmSync(lock, { force: true });
      }
    await folderChanged(dir); // the other worker wrote its manifest, or let go of the lock
  }
}

/** Takes the lock file (this process's id in it); false while a live process holds it. A dead holder's is removed. */
function takeLock(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    let holder: number;
    try {
      holder = Number(readFileSync(lock, 'utf8'));
    } catch {
      return false; // let go of meanwhile: look again
    }
    try {
      process.kill(holder, 0); // (0 while the holder is still writing its id: the process group, alive)
      return false;
    } catch {
      rmSync(lock, { force: true });
      return false;
    }
  }
}

/** Resolves when an entry of `dir` is added, changed or removed, or after 5 s (a holder that died says nothing). */
function folderChanged(dir: string): Promise<void> {
  return new Promise((done) => {
    const watcher = watch(dir, () => finish());
    const timer = setTimeout(() => finish(), 5_000);
    function finish(): void {
      clearTimeout(timer);
      watcher.close();
      done();
    }
  });
}

async function makeTemplate(browser: Browser, manifest: string): Promise<DemoTemplate> {
  const server = await startWebMode(); // a new, empty data folder: the first launch
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    const app = new ExplorePage(page);
    await app.open(server.url);
    expect(new URL(page.url()).search).toBe(''); // the token was traded for a cookie and left the address bar
    await expect(page.getByRole('button', { name: 'Connect your account' })).toBeVisible();
    await expect(app.exploreButton).toBeVisible();

    // Start, cancel: a plain notice, and "Explore demo data" again resumes.
    await app.exploreDemo();
    await app.cancelButton.click();
    // Stopping waits for the current step (the demo world's generation, or the sync thread's current page): on a
    // loaded shared machine that takes a while.
    const cancelled = 'Sync cancelled. What was already fetched is kept.';
    await expect(page.getByRole('status')).toContainText(cancelled, { timeout: 180_000 });
    await expect(app.exploreButton).toBeEnabled();
    await expect(app.cancelButton).toBeHidden();
    const clicked = performance.now();
    await app.exploreDemo();
    // Newest first: the views open on the recent days while the rest of the demo goes on syncing.
    await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible({ timeout: 480_000 });
    const viewsOpenedAfter = (performance.now() - clicked) / 1000;
    const historySyncingShown = await page
      .getByTestId('history-coverage')
      .isVisible()
      .catch(() => false);
    // The demo's last step, its check, is kept in the file: everything is in (bounded generously: minutes at load 20).
    await demoSynced(server.storePath, demoBound);
    const syncedAfter = (performance.now() - clicked) / 1000;
    expect(problems, 'console errors and warnings during the demo (CSP violations included)').toEqual([]);
    await page.close();
    await context.close();
    await server.stopKeepingData();

    const dir = runDir();
    const dataDir = join(dir, 'data');
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    renameSync(server.dataDir, dataDir); // both in the OS temp folder
    const storeFile = server.storePath.slice(server.dataDir.length + 1);
    const template: DemoTemplate = { dataDir, storeFile, viewsOpenedAfter, syncedAfter, historySyncingShown };
    writeFileSync(`${manifest}.part`, JSON.stringify(template));
    renameSync(`${manifest}.part`, manifest); // whole, for a worker waiting for it
    return template;
  } finally {
    await context.close().catch(() => undefined);
    await server.stop();
  }
}

/** What the demo's making took, said (never asserted: timing on a shared machine means nothing). */
export function demoTimings(t: DemoTemplate): string {
  return `views opened ${t.viewsOpenedAfter.toFixed(1)} s after the click that resumed the demo; the whole demo synced and checked after ${t.syncedAfter.toFixed(1)} s (once per run, shared)`;
}
