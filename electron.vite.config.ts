// Build of the three Electron parts: main (ESM), preload (CommonJS, for the sandbox) and the Vue renderer.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { buildHtmlReportRuntime } from './scripts/htmlReportRuntime.ts';
import { htmlRuntimeFileName } from './src-main/export/htmlRuntime.ts';

/** The SQL migrations are files read at run time: copied beside the built main (out/main/migrations). */
function copyMigrations(): Plugin {
  return {
    name: 'feedback-desk-copy-migrations',
    writeBundle() {
      const from = resolve('src-main/store/migrations');
      const to = resolve('out/main/migrations');
      mkdirSync(to, { recursive: true });
      for (const file of readdirSync(from).filter((f) => f.endsWith('.sql')))
        copyFileSync(join(from, file), join(to, file));
    },
  };
}

/**
 * The interactive HTML report's script (a minimal ECharts and the report's code, one minified IIFE) is built beside
 * the main bundle (out/main/htmlReportRuntime.js), so the packaged app carries it (src-main/export/htmlRuntime.ts).
 */
function htmlReportRuntime(): Plugin {
  return {
    name: 'feedback-desk-html-report-runtime',
    async writeBundle() {
      const to = resolve('out/main');
      mkdirSync(to, { recursive: true });
      writeFileSync(join(to, htmlRuntimeFileName), await buildHtmlReportRuntime(resolve('.')));
    },
  };
}

export default defineConfig({
  main: {
    plugins: [copyMigrations(), htmlReportRuntime()],
    build: {
      outDir: 'out/main',
      // The worker threads' modules are entries of their own, so the built app runs the sync and the store
      // check on threads too (src-main/threadModule.ts finds them beside index.js).
      lib: {
        entry: {
          index: resolve('src-main/index.ts'),
          // The command line, built with the same chunks as the desktop main: the e2e suite runs web mode from it
          // (`node out/main/cli.js serve`), so the tests exercise the bundle the app ships, not the sources.
          cli: resolve('src-main/cli/run.ts'),
          syncRunnerThread: resolve('src-main/sync/syncRunnerThread.ts'),
          feedbackFetchThread: resolve('src-main/sync/feedbackFetchThread.ts'),
          feedbackWriterThread: resolve('src-main/sync/feedbackWriterThread.ts'),
          checkStoreThread: resolve('src-main/store/checkStoreThread.ts'),
          migrateThread: resolve('src-main/store/migrateThread.ts'),
          afterSyncThread: resolve('src-main/app/afterSyncThread.ts'),
          verifyThread: resolve('src-main/app/verifyThread.ts'),
          emulatorThread: resolve('src-main/app/emulatorThread.ts'),
          reportPackThread: resolve('src-main/export/reportPackThread.ts'),
        },
      },
      rollupOptions: { output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      lib: { entry: resolve('src-preload/index.ts'), formats: ['cjs'] },
      rollupOptions: { output: { entryFileNames: 'index.cjs' } },
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    plugins: [vue()],
    // vue-i18n: Composition API only, no devtools; messages are JIT-compiled to an AST (no eval under the CSP).
    define: {
      __VUE_I18N_FULL_INSTALL__: 'true',
      __VUE_I18N_LEGACY_API__: 'false',
      __INTLIFY_PROD_DEVTOOLS__: 'false',
      __INTLIFY_JIT_COMPILATION__: 'true',
      __INTLIFY_DROP_MESSAGE_COMPILER__: 'false',
    },
    build: {
      outDir: resolve('out/renderer'),
      minify: true,
      // ECharts alone is ~450 kB minified; views are loaded lazily, each in its own chunk.
      chunkSizeWarningLimit: 800,
      rollupOptions: { input: resolve('src-renderer/index.html') },
    },
  },
});
