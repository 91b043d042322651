// End-to-end tests in Debian's Chromium against web mode (`feedback-desk serve`), started by the test itself.
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The run's synced demo (test/e2e/support/demoTemplate.ts): one folder per run, set here in the runner and inherited
// by its workers (which load this file again and keep it), removed by the global teardown.
process.env.FD_E2E_DEMO_DIR ??= mkdtempSync(join(tmpdir(), 'fd-e2e-demo-'));
// The web-mode servers, CLI syncs and desktop mains the specs start keep their compiled modules in one cache (the CLI's
// own folder), instead of compiling the built bundle again at each of their starts.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'node-compile-cache');

export default defineConfig({
  testDir: 'test/e2e',
  globalTeardown: './test/e2e/support/globalTeardown.ts',
  timeout: 120_000,
  // Two workers, each taking the next spec file (its tests in order, in one worker): a spec mostly waits for the page or
  // for its server, so on the 2-core CI machine the second worker (beside the integration suite) fills time the first
  // leaves idle. The run's demo is made once for both (support/demoTemplate.ts), a small world's store once per worker.
  fullyParallel: false,
  workers: 2,
  // The order in which the workers take the spec files: the one that makes the run's demo first (minutes of syncing,
  // while the other worker goes through the rest), every spec that needs no demo next, and the one that only reads the
  // demo last (begun earlier, it would wait for the demo with nothing to do).
  projects: [
    { name: 'demo', testMatch: '**/explore.spec.ts' },
    { name: 'views', testIgnore: ['**/explore.spec.ts', '**/first-launch.spec.ts'] },
    { name: 'on the demo', testMatch: '**/first-launch.spec.ts' },
  ],
  // A failure is a failure, in CI too: an intermittent one is a race to fix, not to retry.
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
