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
/** The worker-thread entries (`…Thread.js`, no hash): each is loaded in a worker of its own. */
const threadEntries = [
  'afterSyncThread.js',
  'checkStoreThread.js',
  'emulatorThread.js',
  'feedbackFetchThread.js',
  'feedbackWriterThread.js',
  'migrateThread.js',
  'reportPackThread.js',
  'syncRunnerThread.js',
  'verifyThread.js',
];
const isThreadEntry = (file: string): boolean => file.endsWith('Thread.js');
/** Entries that start the app when loaded: the desktop harness (e2e) runs index.js, web mode runs cli.js. */
const startingEntries = ['index.js', 'cli.js'];

function files(dir: string, ending: string): string[] {
  if (!existsSync(dir)) throw new Error(`${dir} is missing: run \`npx electron-vite build\` first`);
  return readdirSync(dir)
    .filter((f) => f.endsWith(ending))
    .map((f) => join(dir, f));
}

/**
 * Loads modules in one worker thread with `workerData: null`, one after another, and resolves with those that did not
 * load. A module that fails to parse or link rejects its import with a SyntaxError or an ERR_MODULE_… code: that is
 * its failure (and that of every module importing it). Anything after linking (a thread entry refusing the missing
 * workerData, say) means the module loaded. One worker for all: the chunks they share are compiled once, not once per
 * chunk (a worker each took 12.8 s for the shared chunks on a quiet machine).
 */
function notLoading(files: readonly string[]): Promise<string[]> {
  const code = `
    const { parentPort } = require('node:worker_threads');
    const urls = ${JSON.stringify(files.map((file) => pathToFileURL(file).href))};
    const isLoadError = (e) =>
      e instanceof SyntaxError || /^ERR_(MODULE|UNSUPPORTED|REQUIRE|IMPORT|PACKAGE)/.test(String(e?.code ?? ''));
    (async () => {
      const failed = [];
      for (const url of urls)
        await import(url).catch((e) => { if (isLoadError(e)) failed.push(url + ': ' + String(e)); });
      parentPort.postMessage({ notLoaded: failed });
    })();`;
  return new Promise((done, fail) => {
    const worker = new Worker(code, { eval: true, workerData: null, stdout: true, stderr: true });
    // Only the answer counts: a module's own message (a thread entry's, say) is not it.
    worker.on('message', (message: { notLoaded?: string[] }) => {
      if (!Array.isArray(message?.notLoaded)) return;
      done(message.notLoaded);
      void worker.terminate();
    });
    worker.once('error', (error) => fail(new Error(`the loading worker failed: ${String(error)}`)));
    // A thread entry may end its thread once loaded (its port closed): for one module alone, that is loaded too (a
    // module that failed to load answered before). With several, an early end would leave the rest unloaded.
    worker.once('exit', (exitCode) =>
      exitCode === 0 && files.length === 1
        ? done([])
        : fail(new Error(`the loading worker exited with ${exitCode} before answering`)),
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
      (f) => !isThreadEntry(f) && !startingEntries.some((entry) => f.endsWith(`/${entry}`)),
    );
    expect(chunks.length).toBeGreaterThan(0);
    // The chunk with the export renderers, loaded lazily by the desktop app on the first export, is among them.
    expect(chunks.some((f) => /\/exportFiles-[^/]+\.js$/.test(f))).toBe(true);
    expect(await notLoading(chunks)).toEqual([]);
  }, 120_000);

  it('each worker-thread entry loads', async () => {
    const entries = files(outMain, '.js').filter(isThreadEntry);
    expect(entries.map((f) => f.slice(outMain.length + 1)).sort()).toEqual(threadEntries);
    // A worker each: an entry uses the thread's port (or ends its thread) when it loads.
    for (const entry of entries) expect(await notLoading([entry])).toEqual([]);
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
