// Electron main: app lifecycle only. Security lives in shell/, the bridge in ipc/, everything else in services.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, ipcMain, session, type BrowserWindow } from 'electron';
import { forwardEvents, registerIpcHandlers, senderFromOrigin } from './ipc/register.ts';
import { dataDir, defaultStorePath } from './paths.ts';
import { createServices } from './services.ts';
import {
  createMainWindow,
  hardenSession,
  hardenWebContents,
  registerRendererScheme,
  serveRenderer,
} from './shell/desktop.ts';
import { desktopExportChooser } from './shell/exportDialog.ts';
import { rendererEntryUrl, rendererOrigin, shellContentSecurityPolicy } from './shell/policy.ts';

const here = dirname(fileURLToPath(import.meta.url)); // out/main
const devUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;
const devOrigin = devUrl === null ? null : new URL(devUrl).origin;

registerRendererScheme();
app.enableSandbox();
app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void start();
}

/**
 * The SQL migrations are files, not bundled code: beside the built main when the build copies them there,
 * else in the source tree (how `npm start` runs the app: `electron .` from the project folder).
 */
function migrationsDir(): string {
  const beside = join(here, 'migrations');
  return existsSync(beside) ? beside : join(app.getAppPath(), 'src-main', 'store', 'migrations');
}

async function start(): Promise<void> {
  await app.whenReady();
  const services = createServices({
    storePath: defaultStorePath(),
    migrationsDir: migrationsDir(),
    chooseExportPath: desktopExportChooser(dataDir()),
  });
  const csp = shellContentSecurityPolicy(devOrigin);
  hardenSession(session.defaultSession, csp, devOrigin);
  serveRenderer(join(here, '../renderer'), csp);
  registerIpcHandlers({
    ipc: ipcMain,
    handlers: services.handlers,
    isTrustedSender: senderFromOrigin(devOrigin ?? rendererOrigin),
    onHandlerError: (command, error) =>
      console.error(
        `feedback-desk: ${command} failed (${error instanceof Error ? error.name : 'unknown error'})`,
      ),
  });

  let window: BrowserWindow | null = null;
  const open = (): void => {
    window = createMainWindow({
      preloadPath: join(here, '../preload/index.cjs'),
      url: devUrl ?? rendererEntryUrl,
    });
    window.on('closed', () => (window = null));
  };
  forwardEvents(services.onEvent, (channel, payload) => {
    if (window && !window.isDestroyed()) window.webContents.send(channel, payload);
  });
  open();

  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('activate', () => {
    if (window === null) open();
  });
  app.on('window-all-closed', () => app.quit());
  let closing = false;
  app.on('will-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void services.close().finally(() => app.quit());
  });
}
