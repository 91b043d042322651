// The same failure, the same words: a connection profile synced from the app (Sync now, in Chromium against web
// mode) and from the command line (`feedback-desk sync --profile`) ends in one outcome sentence, because both are
// adapters over one sync service (src-main/app/syncService.ts, syncOutcome.ts). Two failures: the service refuses
// the token (a proxy in front of the emulator turns to 401), then the service cannot be reached (the proxy is gone).
// The app and the command line share a real keychain: a private D-Bus session with an unlocked gnome-keyring.
import { expect, test, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
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

/** `feedback-desk sync --profile NAME` on the server's data folder and keychain: exit code and standard error. */
function cliSync(profile: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      pinnedNode(),
      [join(projectRoot, 'bin', 'feedback-desk.js'), 'sync', '--profile', profile],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          FEEDBACK_DESK_DATA_DIR: server.dataDir,
          DBUS_SESSION_BUS_ADDRESS: session.address,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

/** Sync now from the header; the outcome's lines once the sync has ended with `expected` in them. */
async function appSyncNow(page: Page, expected: string): Promise<string> {
  await page.getByTestId('header-sync').click();
  const outcome = page.getByTestId('header-sync-panel').getByRole('status');
  await expect(outcome).toContainText(expected, { timeout: 120_000 });
  return (await outcome.locator('p').allInnerTexts()).join('\n');
}

test('the app and the command line say the same sentence for a refused token and for a service gone', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Connect your account' }).click();
  await page.getByLabel('Profile name').fill('Acme');
  await page.getByLabel('Service address').fill(proxy.url);
  await page.getByLabel('v2 token').fill('demo-v2-token');
  await page.getByRole('button', { name: 'Save and use' }).click();
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible({ timeout: 120_000 });

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
