// Starts `feedback-desk serve` from the built bundle (out/main/cli.js) as a child process on a temp data folder and
// reads the URL it prints: the e2e suite runs the main-process code the app ships, not the TypeScript sources.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const projectRoot = resolve(import.meta.dirname, '../../..');

export interface WebMode {
  url: string;
  dataDir: string;
  storePath: string;
  output(): string;
  stop(): Promise<void>;
  /** Stops the server and leaves its data folder in place (the caller keeps or removes it). */
  stopKeepingData(): Promise<void>;
}

/** The pinned Node 24: this process when it is 24+, else the `node` devDependency's binary. */
export function pinnedNode(): string {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return process.execPath;
  const local = join(projectRoot, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(local)) throw new Error('the pinned Node 24 (npm package `node`) is not installed');
  return local;
}

/**
 * The built command line (electron-vite's `cli` entry, sharing its chunks with out/main/index.js), or a clear error
 * when the app was not built.
 */
export function builtCli(): string {
  const cli = join(projectRoot, 'out', 'main', 'cli.js');
  if (!existsSync(cli) || !existsSync(join(projectRoot, 'out', 'renderer', 'index.html')))
    throw new Error(
      'out/main/cli.js or out/renderer is missing: run `npx electron-vite build` before the e2e tests',
    );
  return cli;
}

export interface WebModeOptions {
  /** A store synced beforehand (see syncedStore.ts); default a new one in the temp data folder. */
  storePath?: string;
  /** More environment for the server (e.g. a private D-Bus session's address, for its keychain). */
  env?: NodeJS.ProcessEnv;
  /** A data folder to start from (e.g. the run's synced demo, demoTemplate.ts): copied into the new temp folder. */
  dataFrom?: string;
}

export async function startWebMode(options: WebModeOptions = {}): Promise<WebMode> {
  const cli = builtCli();
  const dataDir = mkdtempSync(join(tmpdir(), 'fd-e2e-'));
  if (options.dataFrom) cpSync(options.dataFrom, dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    pinnedNode(),
    [cli, 'serve', '--no-open', '--port', '0', ...(options.storePath ? ['--db', options.storePath] : [])],
    {
      cwd: projectRoot,
      env: { ...process.env, ...options.env, FEEDBACK_DESK_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = await new Promise<string>((done, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL within 20 s:\n${output}`)), 20_000);
    const check = (): void => {
      const match = /^Open (http:\/\/127\.0\.0\.1:\d+\/\?session=\S+)$/m.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => reject(new Error(`serve exited (${code}) before printing a URL:\n${output}`)));
  });
  const storePath = /Local data: (.+)$/m.exec(output)?.[1] ?? join(dataDir, 'default.sqlite');
  async function stopKeepingData(): Promise<void> {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
  return {
    url,
    dataDir,
    storePath,
    output: () => output,
    async stop() {
      await stopKeepingData();
      rmSync(dataDir, { recursive: true, force: true });
    },
    stopKeepingData,
  };
}
