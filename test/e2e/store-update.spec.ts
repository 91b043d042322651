// The data file's update for a new version, in Chromium against web mode: while its migrations run every view shows
// the step and waits, then loads; a step that fails is said with what to do. The synced tiny world is served with
// two more migration steps than it has applied (a copy of this version's migrations plus two small ones), each
// held back by the services' explicit `migrationPauseMs` (8 s, so a page that opens slowly on a loaded machine still
// sees them) so the progress can be watched on a small file.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generateWorld } from '#emulator/index.ts';
import { createServices, type Services } from '../../src-main/services.ts';
import { defaultMigrationsDir, loadMigrations } from '../../src-main/store/migrate.ts';
import { startWebServer, type RunningWebServer } from '../../src-main/web/server.ts';
import { sharedSyncedStore, tinyWorldNow } from './support/syncedStore.ts';
import { projectRoot } from './support/webMode.ts';

let dir: string;
let storeCopy: string;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const store = await sharedSyncedStore('tiny', () =>
    generateWorld({ seed: 2, size: 'tiny', now: new Date(tinyWorldNow) }),
  );
  dir = mkdtempSync(join(tmpdir(), 'fd-e2e-update-'));
  storeCopy = join(dir, 'older.sqlite');
  copyFileSync(store.storePath, storeCopy);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** This version's migrations and `extra` more steps after them (name → SQL), in a folder of their own. */
function migrationsWith(name: string, extra: Record<string, string>): string {
  const target = join(dir, name);
  mkdirSync(target);
  for (const f of readdirSync(defaultMigrationsDir))
    copyFileSync(join(defaultMigrationsDir, f), join(target, f));
  let next = loadMigrations(target).length;
  for (const [step, sql] of Object.entries(extra))
    writeFileSync(join(target, `${String(++next).padStart(4, '0')}_${step}.sql`), sql);
  return target;
}

async function serve(
  migrationsDir: string,
  storePath: string,
): Promise<{ services: Services; server: RunningWebServer }> {
  const services = createServices({ storePath, dataDir: dir, migrationsDir, migrationPauseMs: 8000 });
  const server = await startWebServer({
    handlers: services.handlers,
    onEvent: services.onEvent,
    rendererDir: join(projectRoot, 'out', 'renderer'),
  });
  return { services, server };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('while the data file is updated every view says which step runs and waits, then loads', async ({
  page,
}) => {
  const working = join(dir, 'working.sqlite');
  copyFileSync(storeCopy, working);
  const { services, server } = await serve(
    migrationsWith('ok', {
      first_step: 'CREATE TABLE e2e_step_one (n INTEGER);',
      second_step: 'CREATE TABLE e2e_step_two (n INTEGER);',
    }),
    working,
  );
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(server.url);
    const banner = page.getByTestId('store-update');
    // By hand: the copy has applied every migration of this version, so the two added ones are pending (the update
    // began with the services, before the page opened: the first step may be over when the page shows).
    await expect(banner).toContainText(/Step [12] of 2: \d{4} (first step|second step), \d+ s so far\./, {
      timeout: 15_000,
    });
    // The shell is there and the view waits instead of failing: no figure, no error yet.
    await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
    await expect(page.getByTestId('figure-presses')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shot(page, 'store-update-running');
    await page.getByRole('link', { name: 'Trends' }).click();
    await expect(banner).toContainText('Step 2 of 2: ', { timeout: 20_000 });
    await expect(banner).toContainText('second step');
    await shot(page, 'store-update-trends');
    // Done: the banner leaves, and the view answers from the updated file.
    await expect(banner).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('[data-testid="trend-chart"][data-rendered="true"]')).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shot(page, 'store-update-done');
  } finally {
    await server.close();
    await services.close();
  }
});

test('a step that fails is said with what to do, and the file keeps the steps before it', async ({
  page,
}) => {
  const broken = join(dir, 'broken.sqlite');
  copyFileSync(storeCopy, broken);
  const { services, server } = await serve(
    migrationsWith('broken', {
      good_step: 'CREATE TABLE e2e_good (n INTEGER);',
      bad_step: 'SELECT * FROM e2e_missing;',
    }),
    broken,
  );
  try {
    await page.goto(server.url);
    const banner = page.getByTestId('store-update');
    // The first step may be over when a slow page shows (the update began with the services).
    await expect(banner).toContainText(/Step [12] of 2/, { timeout: 30_000 });
    await expect(banner).toHaveAttribute('role', 'alert', { timeout: 30_000 });
    await expect(banner).toContainText('The local data could not be updated.');
    await expect(banner).toContainText('stopped at step 2 of 2');
    await expect(banner).toContainText('e2e_missing');
    await expect(banner).toContainText('then try again');
    await shot(page, 'store-update-failed');
    // Tried again: the good step was kept, so the broken one is now step 1 of 1, and fails the same way.
    await banner.getByRole('button', { name: 'Try again' }).click();
    await expect(banner).toContainText('stopped at step 1 of 1', { timeout: 30_000 });
  } finally {
    await server.close();
    await services.close();
  }
});
