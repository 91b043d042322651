// Electron's `app` for the stand-in: paths, readiness (Chromium started), the single-instance lock (a lock file and a
// Unix socket in userData, as Electron keeps them there), and quitting in Electron's order: before-quit, every window
// closed, will-quit (which the app may prevent while it closes its services), quit, exit.
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { startBrowser, stopBrowser } from './browser.ts';
import { onTestCommand, report } from './control.ts';
import { menuItemAt } from './menu.ts';
import { BrowserWindow, connectWindows, type WebContents } from './window.ts';

/** The app's folder: the nearest package.json above the main script (out/main/index.js → the project). */
function findAppRoot(): string {
  let dir = dirname(resolve(process.argv[1] ?? '.'));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
const appRoot = findAppRoot();
const pkg = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const userData = process.env.ELECTRON_STANDIN_USER_DATA ?? mkdtempSync(join(tmpdir(), 'electron-standin-'));
mkdirSync(userData, { recursive: true });
const paths: Record<string, string> = {
  home: homedir(),
  appData: dirname(userData),
  userData,
  sessionData: userData,
  temp: tmpdir(),
  documents: process.env.ELECTRON_STANDIN_DOCUMENTS ?? join(homedir(), 'Documents'),
  downloads: join(homedir(), 'Downloads'),
  desktop: join(homedir(), 'Desktop'),
  logs: join(userData, 'logs'),
  exe: process.execPath,
};

let ready = false;
let quitting = false;
let exiting: Promise<never> | null = null;
let markReady: () => void = () => {};
const readyPromise = new Promise<void>((done) => (markReady = done));
let lockServer: Server | null = null;
let lockHeld = false;
const lockFile = join(userData, 'SingletonLock');
const lockSocket = join(userData, 'SingletonSocket');
let notice: Promise<void> = Promise.resolve();

function emitPreventable(name: string, ...args: unknown[]): boolean {
  let prevented = false;
  app.emit(name, { preventDefault: () => (prevented = true) }, ...args);
  return prevented;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const app = Object.assign(new EventEmitter(), {
  isPackaged: process.env.ELECTRON_STANDIN_PACKAGED !== '0',
  commandLine: { appendSwitch: () => undefined, hasSwitch: () => false, getSwitchValue: () => '' },
  getName: () => pkg.name,
  setName: () => undefined,
  getVersion: () => pkg.version,
  getAppPath: () => appRoot,
  getLocale: () => 'en-US',
  getSystemLocale: () => 'en-US',
  getPath(name: string): string {
    const path = paths[name];
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  },
  setPath(name: string, path: string): void {
    paths[name] = path;
  },
  enableSandbox: () => undefined,
  setAppUserModelId: () => undefined,
  isReady: () => ready,
  whenReady: () => readyPromise,
  focus: () => undefined,

  requestSingleInstanceLock(additionalData: unknown = {}): boolean {
    if (lockHeld) return true;
    const holder = existsSync(lockFile) ? Number(readFileSync(lockFile, 'utf8')) : NaN;
    if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
      // Tell the first instance, as Electron does, before this one quits.
      notice = new Promise((done) => {
        const socket = connect(lockSocket, () =>
          socket.end(JSON.stringify({ argv: process.argv, cwd: process.cwd(), additionalData }), done),
        );
        socket.on('error', () => done());
      });
      return false;
    }
    writeFileSync(lockFile, String(process.pid));
    rmSync(lockSocket, { force: true });
    lockServer = createServer((socket) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => {
        const message = JSON.parse(text) as { argv: string[]; cwd: string; additionalData: unknown };
        app.emit('second-instance', {}, message.argv, message.cwd, message.additionalData);
      });
    });
    lockServer.listen(lockSocket);
    lockServer.unref();
    lockHeld = true;
    return true;
  },
  hasSingleInstanceLock: () => lockHeld,
  releaseSingleInstanceLock(): void {
    if (!lockHeld) return;
    lockHeld = false;
    lockServer?.close();
    rmSync(lockFile, { force: true });
    rmSync(lockSocket, { force: true });
  },

  quit(): void {
    quitting = true;
    if (emitPreventable('before-quit')) return ((quitting = false), undefined);
    for (const window of BrowserWindow.getAllWindows()) {
      window.close();
      if (!window.isDestroyed()) return ((quitting = false), undefined);
    }
    if (emitPreventable('will-quit')) return;
    app.emit('quit', {}, 0);
    void app.exit(0);
  },

  /** Ends at once (no events), after Chromium is closed and the lock released. */
  exit(code = 0): Promise<never> {
    quitting = true;
    exiting ??= (async () => {
      await notice;
      for (const window of BrowserWindow.getAllWindows()) window.destroy();
      await stopBrowser();
      app.releaseSingleInstanceLock();
      report({ type: 'quit', code });
      process.exit(code);
    })();
    return exiting;
  },
});

function windowClosed(): void {
  if (quitting || BrowserWindow.getAllWindows().length > 0) return;
  if (app.listenerCount('window-all-closed') > 0) app.emit('window-all-closed');
  else app.quit();
}

onTestCommand((command) => {
  if (command.type === 'quit') app.quit();
  else if (command.type === 'close-window') BrowserWindow.getFocusedWindow()?.close();
  else if (command.type === 'menu-click') {
    try {
      menuItemAt(command.path).click();
    } catch (error) {
      console.error(`electron stand-in: ${String(error)}`);
    }
  }
});

// Ready once the main script's first run is over (Electron too is never ready during it) and Chromium answers.
setImmediate(() => {
  if (quitting) return;
  startBrowser(join(userData, 'standin-chromium'))
    .then(({ context, cdpEndpoint }) => {
      connectWindows({
        context: () => context,
        webContentsCreated: (contents: WebContents) => app.emit('web-contents-created', {}, contents),
        windowClosed,
      });
      report({ type: 'browser', cdpEndpoint });
      ready = true;
      app.emit('ready', {}, {});
      markReady();
    })
    .catch((error: unknown) => {
      console.error(`electron stand-in: Chromium did not start: ${String(error)}`);
      void app.exit(1);
    });
});

// In Electron the main process's JavaScript runs on the browser's UI thread: while it is busy, the window neither
// repaints nor takes input. Any stall of a second or more is said on stderr (the harness shows the output).
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - lastTick > 1250)
    console.error(
      `electron stand-in: the main process was blocked for ${Math.round(now - lastTick - 250)} ms`,
    );
  lastTick = now;
}, 250).unref();
