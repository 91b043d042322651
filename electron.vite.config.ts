// Build of the three Electron parts: main (ESM), preload (CommonJS, for the sandbox) and the Vue renderer.
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve('src-main/index.ts') },
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
