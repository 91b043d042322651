// Test projects: main (plain Node), renderer (happy-dom), integration (real emulator, SQLite file, keychain), and the
// emulator package's own (packages/emulator/vitest.config.ts).
import vue from '@vitejs/plugin-vue';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

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
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          // The child processes the tests start (the CLI, the sync children killed and resumed) inherit it: they keep
          // their compiled modules in the CLI's own cache folder instead of compiling every module at each start.
          env: { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), 'node-compile-cache') },
          // A guard against a hang, never waited out by a passing test: on the shared 2-core machine at load ~18, with
          // the integration halves and e2e side by side, the ten-kill test of sync-kill passed 120 s.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
