// Electron main: app lifecycle only. Security lives in shell/, the bridge in ipc/, everything else in services.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, ipcMain, session, type BrowserWindow } from 'electron';
import type { MenuCommand } from '#shared/contract.ts';
import { chooseCredentialStore } from './credentials/chooseStore.ts';
import { createEncryptedFileStore } from './credentials/encryptedFileStore.ts';
import { createKeytarStore } from './credentials/keytarStore.ts';
import { eventChannel } from './ipc/channels.ts';
import { forwardEvents, registerIpcHandlers, senderFromOrigin } from './ipc/register.ts';
import { dataDir, defaultStorePath } from './paths.ts';
import { createServices } from './services.ts';
import {
  createMainWindow,
  hardenSession,
  hardenWebContents,
  installMenu,
  registerRendererScheme,
  safeStorageCipher,
  serveRenderer,
  showFatalError,
} from './shell/desktop.ts';
import { desktopExportChooser } from './shell/exportDialog.ts';
import { desktopNetwork } from './shell/network.ts';
import { rendererEntryUrl, rendererOrigin, shellContentSecurityPolicy } from './shell/policy.ts';

const here = dirname(fileURLToPath(import.meta.url)); // out/main
const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL || null : null; // an empty value means none
const devOrigin = devUrl === null ? null : new URL(devUrl).origin;

registerRendererScheme();
app.enableSandbox();
app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start().catch((error: unknown) => {
    showFatalError(error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
}

/**
 * The SQL migrations are files, not bundled code: beside the built main (the build copies them to
 * out/main/migrations), else in the source tree (`electron .` from the project folder).
 */
function migrationsDir(): string {
  const beside = join(here, 'migrations');
  return existsSync(beside) ? beside : join(app.getAppPath(), 'src-main', 'store', 'migrations');
}

// eslint-disable-next-line max-lines-per-function -- the desktop app's start, step by step in the order it needs (single instance, store, services, window, IPC, menu)
async function start(): Promise<void> {
  await app.whenReady();
  const folder = dataDir();
  mkdirSync(folder, { recursive: true });
  // Secrets: the OS keychain; where no Secret Service answers, safeStorage-encrypted blobs in a file beside the
  // profiles (never in SQLite); where safeStorage cannot really encrypt either, this session's memory.
  const credentials = await chooseCredentialStore({
    keychain: createKeytarStore(),
    encryptedFile: () => {
      const safe = safeStorageCipher();
      return safe
        ? createEncryptedFileStore({
            path: join(folder, 'secrets.enc.json'),
            cipher: safe.cipher,
            description: `an encrypted file in the data folder (Electron safeStorage, ${safe.backend})`,
          })
        : null;
    },
  });
  // Requests go through Chromium (system proxy, PAC, the OS certificate store); the sync's threads get its proxy.
  const network = desktopNetwork();
  const services = createServices({
    storePath: defaultStorePath(),
    fetch: network.fetch,
    network: network.network,
    dataDir: folder,
    migrationsDir: migrationsDir(),
    credentials: credentials.store,
    credentialsInfo: credentials.info,
    chooseExportPath: desktopExportChooser(folder),
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
      statePath: join(folder, 'window-state.json'),
    });
    window.on('closed', () => (window = null));
  };
  const send = (channel: string, payload: unknown): void => {
    if (window && !window.isDestroyed()) window.webContents.send(channel, payload);
  };
  forwardEvents(services.onEvent, send);
  const menu = (command: MenuCommand) => () => send(eventChannel('app:menu'), { command });
  installMenu(
    'Feedback Desk',
    {
      app: app.getVersion(),
      electron: process.versions.electron ?? '',
      chrome: process.versions.chrome ?? '',
      node: process.versions.node,
      v8: process.versions.v8,
    },
    {
      exportView: menu('export'),
      exportViewHtml: menu('exportHtml'),
      syncNow: menu('sync'),
      openSettings: menu('settings'),
    },
  );
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
