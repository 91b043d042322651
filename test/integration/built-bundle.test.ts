// The built bundle parses and loads, chunk by chunk: every out/main and out/preload file passes `node --check`, every
// shared main chunk and every worker-thread entry loads with its imports linked, and the preload exposes the bridge.
// Web mode and the unit tests run the sources; a chunk only the desktop app loads (lazily, e.g. the export's) would
// otherwise break the app unseen (issue 18: `Identifier 'require' has already been declared`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const out = resolve(import.meta.dirname, '../../out');
const outMain = join(out, 'main');
const threadEntries = [
  'syncRunnerThread.js',
  'feedbackFetchThread.js',
  'feedbackWriterThread.js',
  'checkStoreThread.js',
  'migrateThread.js',
];
/** Entries that start the app when loaded: the desktop harness (e2e) runs index.js, web mode runs cli.js. */
const startingEntries = ['index.js', 'cli.js'];

function files(dir: string, ending: string): string[] {
  if (!existsSync(dir)) throw new Error(`${dir} is missing: run \`npx electron-vite build\` first`);
  return readdirSync(dir)
    .filter((f) => f.endsWith(ending))
    .map((f) => join(dir, f));
}

/**
 * Loads one module in a worker thread with `workerData: null`. A module that fails to parse or link rejects with a
 * SyntaxError or an ERR_MODULE_… code: that fails the worker. Anything after linking (a thread entry refusing the
 * missing workerData, say) means the module loaded, and the worker ends.
 */
function loadInWorker(file: string): Promise<void> {
  const code = `
    const url = ${JSON.stringify(pathToFileURL(file).href)};
    const isLoadError = (e) =>
      e instanceof SyntaxError || /^ERR_(MODULE|UNSUPPORTED|REQUIRE|IMPORT|PACKAGE)/.test(String(e?.code ?? ''));
    import(url).then(
      () => process.exit(0),
      (e) => { if (isLoadError(e)) throw e; process.exit(0); },
    );`;
  return new Promise((done, fail) => {
    const worker = new Worker(code, { eval: true, workerData: null, stdout: true, stderr: true });
    worker.once('error', (error) => fail(new Error(`${file} did not load: ${String(error)}`)));
    worker.once('exit', (exitCode) =>
      exitCode === 0 ? done() : fail(new Error(`${file}: the loading worker exited with ${exitCode}`)),
    );
  });
}

describe('the built bundle', () => {
  it('every out/main and out/preload file parses (node --check)', () => {
    const all = [...files(outMain, '.js'), ...files(join(out, 'preload'), '.cjs')];
    expect(all.length).toBeGreaterThan(threadEntries.length + startingEntries.length);
    const broken: string[] = [];
    for (const file of all) {
      try {
        execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' });
      } catch (error) {
        const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
        broken.push(`${file}: ${stderr.split('\n').find((l) => /Error/.test(l)) ?? stderr}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('each shared main chunk loads with its imports linked', async () => {
    const chunks = files(outMain, '.js').filter(
      (f) => ![...threadEntries, ...startingEntries].some((entry) => f.endsWith(`/${entry}`)),
    );
    expect(chunks.length).toBeGreaterThan(0);
    // The chunk with the export renderers, loaded lazily by the desktop app on the first export, is among them.
    expect(chunks.some((f) => /\/exportFiles-[^/]+\.js$/.test(f))).toBe(true);
    for (const chunk of chunks) await loadInWorker(chunk);
  }, 120_000);

  it('each worker-thread entry loads', async () => {
    for (const entry of threadEntries) await loadInWorker(join(outMain, entry));
  });

  it('the built preload, run as the sandbox runs it, exposes the bridge and nothing else', () => {
    const source = readFileSync(join(out, 'preload', 'index.cjs'), 'utf8');
    const exposed: Array<[string, unknown]> = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.push([key, api]) },
      ipcRenderer: { invoke: async () => null, on: () => undefined, removeListener: () => undefined },
    };
    // A sandboxed preload gets a `require` that knows a few modules; this one needs electron only.
    const sandboxRequire = (name: string): unknown => {
      if (name === 'electron') return electron;
      throw new Error(`the sandboxed preload required '${name}', which a sandbox does not offer`);
    };
    const module = { exports: {} };
    runInNewContext(source, { require: sandboxRequire, module, exports: module.exports, console });
    expect(exposed.map(([key]) => key)).toEqual(['feedbackDesk']);
    const bridge = exposed[0]?.[1] as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
  });
});
