// Launches the built desktop app (out/main/index.js with out/preload and out/renderer) on the pinned Node with the
// electron stand-in (test/desktop/electron-standin) and hands the test its window as a Playwright page, reached over
// CDP; the test answers the app's dialogs, clicks its menu and reads what it asked of the shell.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { pinnedNode, projectRoot } from './webMode.ts';

type Report =
  | { type: 'browser'; cdpEndpoint: string }
  | { type: 'window-shown'; id: number; url: string }
  | { type: 'dialog'; id: number; kind: 'save' | 'open' | 'message' | 'error'; options: unknown }
  | { type: 'shell'; method: string; args: unknown[] }
  | { type: 'quit'; code: number };

export interface SaveDialogOptions {
  title?: string;
  defaultPath?: string;
  filters?: Array<{ name: string; extensions: string[] }>;
}

export interface DesktopApp {
  /** The main window's page (the renderer at its stand-in https address, see docs/DESKTOP-TESTS.md). */
  page: Page;
  /** The app's data folder (FEEDBACK_DESK_DATA_DIR) and Electron's userData folder. */
  dataDir: string;
  userDataDir: string;
  /** How the next save dialogs are answered: a path, or null for "Cancel". Unanswered dialogs are cancelled. */
  answerSaveDialogs(answer: (options: SaveDialogOptions) => string | null): void;
  /** Every dialog the app opened, in order (save, open, message and error boxes). */
  dialogs(): Array<{ kind: string; options: unknown }>;
  /** Calls of electron.shell (openExternal, …), in order. */
  shellCalls(): Array<{ method: string; args: unknown[] }>;
  /** Clicks an item of the application menu by its labels, e.g. ['File', 'Export…']. */
  clickMenu(...path: string[]): void;
  /** What the main process printed. */
  output(): string;
  /** Quits as the menu's Quit would (services closed first) and resolves with the exit code. */
  quit(): Promise<number | null>;
  /** Quits if still running, then removes the temp folders it made. */
  dispose(): Promise<void>;
}

export interface LaunchOptions {
  /** Reuse a data folder (e.g. a second launch); default a new temp folder. */
  dataDir?: string;
  userDataDir?: string;
  /** Where the save dialog opens by default (app.getPath('documents')). */
  documentsDir?: string;
}

const outMain = join(projectRoot, 'out', 'main', 'index.js');
const register = join(projectRoot, 'test', 'desktop', 'electron-standin', 'register.ts');

/** Starts the built main process; resolves once its window has shown the renderer. */
export async function launchDesktop(options: LaunchOptions = {}): Promise<DesktopApp> {
  for (const built of [outMain, join(projectRoot, 'out', 'preload', 'index.cjs')])
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npx electron-vite build\` first`);
  const scratch = mkdtempSync(join(tmpdir(), 'fd-desktop-'));
  const dataDir = options.dataDir ?? join(scratch, 'data');
  const userDataDir = options.userDataDir ?? join(scratch, 'user-data');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FEEDBACK_DESK_DATA_DIR: dataDir,
    ELECTRON_STANDIN_USER_DATA: userDataDir,
    ELECTRON_STANDIN_DOCUMENTS: options.documentsDir ?? join(scratch, 'Documents'),
  };
  delete env.ELECTRON_RENDERER_URL;
  const child = launch(env);
  const started = await started_(child);
  return connect(child, started, { dataDir, userDataDir, scratch });
}

function launch(env: NodeJS.ProcessEnv): ChildProcess {
  return fork(outMain, [], {
    cwd: projectRoot,
    execPath: pinnedNode(),
    execArgv: ['--import', register],
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}

interface Started {
  output: { text: string };
  reports: Report[];
  cdpEndpoint: string;
  windowUrl: string;
  exited: Promise<number | null>;
}

/** Waits for Chromium and the first window, collecting everything the child says meanwhile. */
function started_(child: ChildProcess): Promise<Started> {
  const output = { text: '' };
  const reports: Report[] = [];
  child.stdout?.on('data', (c: Buffer) => (output.text += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output.text += c.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((done, fail) => {
    let cdpEndpoint = '';
    const timer = setTimeout(
      () => fail(new Error(`the desktop app showed no window within 60 s:\n${output.text}`)),
      60_000,
    );
    child.on('message', (report: Report) => {
      reports.push(report);
      if (report.type === 'browser') cdpEndpoint = report.cdpEndpoint;
      if (report.type === 'window-shown') {
        clearTimeout(timer);
        done({ output, reports, cdpEndpoint, windowUrl: report.url, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`the desktop app exited (${code}) before showing a window:\n${output.text}`));
    });
  });
}

async function connect(
  child: ChildProcess,
  started: Started,
  folders: { dataDir: string; userDataDir: string; scratch: string },
): Promise<DesktopApp> {
  const browser: Browser = await chromium.connectOverCDP(started.cdpEndpoint);
  const origin = new URL(started.windowUrl).origin;
  const page = browser
    .contexts()
    .flatMap((c) => c.pages())
    .find((p) => p.url().startsWith(`${origin}/`));
  if (!page) {
    await browser.close();
    throw new Error(`no page at ${origin} in the app's Chromium`);
  }
  let saveAnswer: (options: SaveDialogOptions) => string | null = () => null;
  const { reports } = started;
  child.on('message', (report: Report) => {
    if (report.type === 'dialog' && report.kind !== 'error') {
      const answer = report.kind === 'save' ? saveAnswer(report.options as SaveDialogOptions) : null;
      child.send({ type: 'dialog-answer', id: report.id, answer });
    }
  });
  let quitting: Promise<number | null> | null = null;
  const quit = (): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return started.exited;
    quitting ??= (async () => {
      await browser.close().catch(() => undefined); // disconnects this client; the app's own closes Chromium
      if (child.connected) child.send({ type: 'quit' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await started.exited;
      clearTimeout(timer);
      return code;
    })();
    return quitting;
  };
  return {
    page,
    dataDir: folders.dataDir,
    userDataDir: folders.userDataDir,
    answerSaveDialogs: (answer) => void (saveAnswer = answer),
    dialogs: () =>
      reports.flatMap((r) => (r.type === 'dialog' ? [{ kind: r.kind, options: r.options }] : [])),
    shellCalls: () =>
      reports.flatMap((r) => (r.type === 'shell' ? [{ method: r.method, args: r.args }] : [])),
    clickMenu: (...path) => void child.send({ type: 'menu-click', path }),
    output: () => started.output.text,
    quit,
    async dispose() {
      await quit();
      rmSync(folders.scratch, { recursive: true, force: true });
    },
  };
}

/** Starts a second instance on the same folders and resolves with its exit code (it should hand over and quit). */
export async function launchSecondInstance(
  first: DesktopApp,
): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FEEDBACK_DESK_DATA_DIR: first.dataDir,
    ELECTRON_STANDIN_USER_DATA: first.userDataDir,
  };
  delete env.ELECTRON_RENDERER_URL;
  const child = launch(env);
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
  return { code, output };
}
