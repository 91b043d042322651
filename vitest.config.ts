// Test projects: main (plain Node), renderer (happy-dom), integration (real emulator, SQLite file, keychain), and the
// emulator package's own (packages/emulator/vitest.config.ts).
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
