// Builds the interactive HTML report's script (src-renderer/report/htmlReportRuntime.ts with a minimal ECharts) into
// one minified IIFE: by the app's build (electron.vite.config.ts writes out/main/htmlReportRuntime.js) and, when
// the app runs from its sources, on demand (src-main/export/htmlRuntime.ts runs this file: `node … --out FILE`).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';

/** The entry, relative to the project's folder. */
export const htmlRuntimeEntry = 'src-renderer/report/htmlReportRuntime.ts';

/** `root`: the project's folder (the default is right when this file runs from scripts/, not when bundled). */
export async function buildHtmlReportRuntime(root = resolve(import.meta.dirname, '..')): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production'), __DEV__: 'false' },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: resolve(root, htmlRuntimeEntry),
        formats: ['iife'],
        name: 'feedbackDeskReport',
        fileName: () => 'runtime.js',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('The HTML report runtime build gave no script.');
  // Inlined in a <script> element: it must not be able to end that element early.
  if (/<\/script|<!--/i.test(chunk.code))
    throw new Error('The HTML report runtime contains </script or <!--.');
  return chunk.code;
}

if (import.meta.main) {
  const at = process.argv.indexOf('--out');
  const out = at >= 0 ? process.argv[at + 1] : undefined;
  if (!out) {
    console.error('usage: node scripts/htmlReportRuntime.ts --out FILE');
    process.exit(2);
  }
  writeFileSync(out, await buildHtmlReportRuntime());
}
