// The interactive HTML report's script (one minified IIFE with a minimal ECharts): the file the app's build writes
// beside the main bundle (out/main/htmlReportRuntime.js, packed with it), or — when the app runs from its sources
// (the CLI through npx, the tests) — built once by scripts/htmlReportRuntime.ts and kept in node_modules/.cache.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Its name beside the built main (electron.vite.config.ts writes it there). */
export const htmlRuntimeFileName = 'htmlReportRuntime.js';

/** The script cannot be found or built: one sentence, nothing written. */
export class HtmlRuntimeError extends Error {
  override name = 'HtmlRuntimeError';
}

const here = dirname(fileURLToPath(import.meta.url));
let loading: Promise<string> | null = null;

/** The script's text (read or built once per process). */
export function htmlReportRuntime(): Promise<string> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function load(): Promise<string> {
  const built = join(here, htmlRuntimeFileName);
  if (existsSync(built)) return readFileSync(built, 'utf8');
  const root = resolve(here, '../..');
  const script = join(root, 'scripts', 'htmlReportRuntime.ts');
  if (!existsSync(script))
    throw new HtmlRuntimeError(
      `This installation lacks the interactive report's chart script (${htmlRuntimeFileName}), so no HTML report was written; reinstall Feedback Desk, or export a PDF meanwhile.`,
    );
  const folder = join(root, 'node_modules', '.cache', 'feedback-desk');
  const cached = join(folder, `html-report-runtime-${sourceKey(root)}.js`);
  if (existsSync(cached)) return readFileSync(cached, 'utf8');
  mkdirSync(folder, { recursive: true });
  const part = `${cached}.${process.pid}.part`;
  try {
    await new Promise<void>((done, failed) =>
      execFile(
        process.execPath,
        [script, '--out', part],
        { cwd: root, timeout: 120_000 },
        (error, _o, stderr) =>
          error
            ? failed(
                new HtmlRuntimeError(
                  `Building the interactive report's script failed: ${stderr || error.message}`,
                ),
              )
            : done(),
      ),
    );
    renameSync(part, cached);
  } finally {
    rmSync(part, { force: true });
  }
  return readFileSync(cached, 'utf8');
}

/** A digest of everything the script is built from, so an edited source or an ECharts update builds it again. */
function sourceKey(root: string): string {
  const hash = createHash('sha256');
  const files = [
    'scripts/htmlReportRuntime.ts',
    'src-shared/charts/chartFormat.ts',
    'src-shared/charts/chartText.ts',
    'node_modules/echarts/package.json',
    'node_modules/vite/package.json',
    ...['src-renderer/report', 'src-shared/report'].flatMap((dir) =>
      readdirSync(join(root, dir))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => `${dir}/${f}`),
    ),
  ].sort();
  for (const file of files) {
    hash.update(file);
    hash.update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : 'missing');
  }
  return hash.digest('hex').slice(0, 16);
}
