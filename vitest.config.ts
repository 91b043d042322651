// Test projects: main (plain Node), renderer (happy-dom), integration (real emulator, SQLite file, keychain), and the
// emulator package's own (packages/emulator/vitest.config.ts).
import vue from '@vitejs/plugin-vue';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/** The integration projects' settings (below). */
const integration = {
  environment: 'node',
  // The child processes the tests start (the CLI, the sync children killed and resumed) inherit it: they keep
  // their compiled modules in the CLI's own cache folder instead of compiling every module at each start.
  env: { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), 'node-compile-cache') },
  // A guard against a hang, never waited out by a passing test: on the shared 2-core machine at load ~18, with
  // the integration halves and e2e side by side, the ten-kill test of sync-kill passed 120 s.
  testTimeout: 300_000,
  hookTimeout: 300_000,
  fileParallelism: false,
} as const;
/**
 * The long syncs of the small world, about half of the integration files' time (sync-kill 72 s, sync-incremental 64,
 * sync-faults 56, sync-v1 55, sync-newest-kill 24, sync-newest-order 20 of 531 s in all, at load 3-8): a project of
 * their own, so `npm test` runs them beside the other files (scripts/test.js).
 */
const longSyncFiles = [
  'test/integration/sync-kill.test.ts',
  'test/integration/sync-newest-kill.test.ts',
  'test/integration/sync-incremental.test.ts',
  'test/integration/sync-faults.test.ts',
  'test/integration/sync-v1.test.ts',
  'test/integration/sync-newest-order.test.ts',
];
/** The integration files that set the process's D-Bus session (keytar's connection is the process's). */
const keychainFiles = [
  'test/integration/connections.test.ts',
  'test/integration/credentials.test.ts',
  'test/integration/credentials-errors.test.ts',
  'test/integration/credentials-fallback.test.ts',
  'test/integration/packaging.test.ts',
];

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core to its main process (cores − 1): one file at a time on the
    // 2-core CI machine, where the main process, its transforms done, sits mostly idle. The integration project still
    // runs one file at a time (fileParallelism below).
    maxWorkers: availableParallelism(),
    projects: [
      'packages/emulator',
      {
        test: {
          name: 'main',
          // Each worker process runs file after file, keeping the modules loaded (no test here mocks a module or stubs
          // a global; every file opens its own stores and servers): 54 → 36 s for the unit projects on 2 cores.
          isolate: false,
          environment: 'node',
          include: ['src-main/**/*.test.ts', 'src-shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Some unit tests start a real server, a worker or a PDF renderer: 5 s (the default) is not a speed
          // target, and on a loaded 2-core machine it failed sound tests. Speed is measured by `npm run bench`.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [vue()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['src-renderer/**/*.test.ts'],
          // Each file still runs in its own VM context (isolated as before), but happy-dom is set up once per worker
          // thread instead of once per file in a new process: the project's CPU time fell from ~49 s to ~14 s.
          pool: 'vmThreads',
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: [...longSyncFiles, ...keychainFiles],
          // One worker process runs the files one after another, each file's module state kept (no test here mocks a
          // module or stubs a global; each file starts its own emulator and stores): the project's files went from
          // 470 to 400 s at load ~7. Not the keychain's files (below). After the unit projects when run with them
          // (vitest runs projects of different worker counts in groups, one group after another).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...integration,
          name: 'integration-long',
          include: longSyncFiles,
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          ...integration,
          // The files that point the process at a D-Bus session of their own (a keyring, or none): keytar keeps its
          // connection to the first bus it met, so each of these runs in a process of its own, after the others.
          name: 'integration-keychain',
          include: keychainFiles,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
