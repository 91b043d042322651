// The same failure, the same words: a connection profile synced from the app (Sync now, in Chromium against web
// mode) and from the command line (`feedback-desk sync --profile`) ends in one outcome sentence, because both are
// adapters over one sync service (src-main/app/syncService.ts, syncOutcome.ts). Two failures: the service refuses
// the token (a proxy in front of the emulator turns to 401), then the service cannot be reached (the proxy is gone).
// The app and the command line share a real keychain: a private D-Bus session with an unlocked gnome-keyring.
import { expect, test, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { startPrivateSession, type PrivateSession } from '../integration/credentialsKeyring.ts';
import { revokingProxy } from '../integration/syncFixtures.ts';
import { pinnedNode, projectRoot, startWebMode, type WebMode } from './support/webMode.ts';

let session: PrivateSession;
let emulator: RunningEmulator;
let proxy: Awaited<ReturnType<typeof revokingProxy>>;
let server: WebMode;

test.beforeAll(async () => {
  session = await startPrivateSession('unlocked');
  emulator = await startEmulator({ size: 'tiny', seed: 6, port: 0, host: '127.0.0.1' });
  proxy = await revokingProxy(emulator.url, Number.POSITIVE_INFINITY); // passes everything until revoke()
  server = await startWebMode({ env: { DBUS_SESSION_BUS_ADDRESS: session.address } });
});
test.afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await emulator?.close();
  await session?.close();
});

/** `feedback-desk sync --profile NAME` on the server's data folder and keychain: exit code and what it wrote. */
function cliSync(
  profile: string,
  on: WebMode = server,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      pinnedNode(),
      [join(projectRoot, 'bin', 'feedback-desk.js'), 'sync', '--profile', profile],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          FEEDBACK_DESK_DATA_DIR: on.dataDir,
          DBUS_SESSION_BUS_ADDRESS: session.address,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Sync now from the header; the outcome's lines once the sync has ended with `expected` in them. */
async function appSyncNow(page: Page, expected: string): Promise<string> {
  await page.getByTestId('header-sync').click();
  const outcome = page.getByTestId('header-sync-panel').getByRole('status');
  await expect(outcome).toContainText(expected, { timeout: 120_000 });
  return (await outcome.locator('p').allInnerTexts()).join('\n');
}

/** Connects the profile `name` to `url` from the first screen (the app syncs it), until the views are open. */
async function connect(page: Page, name: string, url: string, on: WebMode = server): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(on.url);
  await page.getByRole('button', { name: 'Connect your account' }).click();
  await page.getByLabel('Profile name').fill(name);
  await page.getByLabel('Service address').fill(url);
  await page.getByLabel('v2 token').fill('demo-v2-token');
  await page.getByRole('button', { name: 'Save and use' }).click();
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible({ timeout: 120_000 });
}

test('the app and the command line say the same sentence for a refused token and for a service gone', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await connect(page, 'Acme', proxy.url);

  // 1. The service refuses the token.
  proxy.revoke();
  const refusedInApp = await appSyncNow(page, 'refused the API token (401)');
  await page.screenshot({ path: testInfo.outputPath('refused-app.png') });
  expect(refusedInApp).toContain("Save the profile 'Acme' again with a valid token");
  const refusedInCli = await cliSync('Acme');
  expect(refusedInCli.code).toBe(1);
  expect(refusedInCli.stderr.endsWith(`feedback-desk sync: ${refusedInApp}\n`), refusedInCli.stderr).toBe(
    true,
  );

  // 2. The service cannot be reached.
  await proxy.close();
  const goneInApp = await appSyncNow(page, 'cannot be reached');
  await page.screenshot({ path: testInfo.outputPath('unreachable-app.png') });
  const goneInCli = await cliSync('Acme');
  expect(goneInCli.code).toBe(1);
  expect(goneInCli.stderr.endsWith(`feedback-desk sync: ${goneInApp}\n`), goneInCli.stderr).toBe(true);
});

test('the app and the command line say the same sentence when the work after the sync fails', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  // An app of its own (a first launch, so the first screen offers to connect), on the same keychain.
  const own = await startWebMode({ env: { DBUS_SESSION_BUS_ADDRESS: session.address } });
  try {
    await connect(page, 'Beta', emulator.url, own);
    // A real failure inside SQLite: the anomaly tests' window table of the profile's file refuses every write.
    const db = new Database(join(own.dataDir, 'profile-beta.sqlite'));
    db.exec(`CREATE TRIGGER refuse_insert BEFORE INSERT ON v2_anomaly_window
        BEGIN SELECT RAISE(ABORT, 'the test refuses the anomaly tests'); END;
      CREATE TRIGGER refuse_update BEFORE UPDATE ON v2_anomaly_window
        BEGIN SELECT RAISE(ABORT, 'the test refuses the anomaly tests'); END;`);
    db.close();
    // Written out by hand (src-main/app/syncOutcome.ts afterSyncNote): the sync is done, the step is said.
    const note =
      'After the sync, the anomaly tests could not be prepared ahead (the test refuses the anomaly tests). Nothing synced is lost: the views compute it when they need it instead.';
    const inApp = await appSyncNow(page, note);
    await page.screenshot({ path: testInfo.outputPath('after-sync-note-app.png') });
    expect(inApp).toContain('Synced in');
    const inCli = await cliSync('Beta', own);
    expect(inCli.code, inCli.stderr).toBe(0);
    expect(inCli.stdout.split('\n')).toContain(note);
  } finally {
    await own.stop();
  }
});
