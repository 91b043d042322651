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
    build: {
      outDir: resolve('out/renderer'),
      minify: true,
      // ECharts alone is ~450 kB minified; one chunk is fine for an app loaded from disk.
      chunkSizeWarningLimit: 800,
      rollupOptions: { input: resolve('src-renderer/index.html') },
    },
  },
});
