// The Electron side of the shell: the window (remembered bounds), the app:// renderer scheme, the hardening of
// sessions and contents, the menu, native dialogs and the safeStorage cipher for the credentials fallback.
import {
  BrowserWindow,
  Menu,
  app,
  dialog,
  protocol,
  safeStorage,
  screen,
  shell,
  type MenuItemConstructorOptions,
  type Session,
  type WebContents,
} from 'electron';
import type { SecretCipher } from '../credentials/encryptedFileStore.ts';
import { securityHeaders } from '../web/securityHeaders.ts';
import { readStaticFile } from '../web/staticFiles.ts';
import { aboutDetail, buildMenuTemplate, type MenuActions, type Versions } from './menu.ts';
import { appScheme, isAllowedExternalUrl, isAllowedRendererRequest } from './policy.ts';
import { windowIconPath } from './windowIcon.ts';
import { loadWindowState, minimumSize, placeWindow, saveWindowState } from './windowState.ts';

export function createMainWindow(options: {
  preloadPath: string;
  url: string;
  statePath: string;
}): BrowserWindow {
  const state = loadWindowState(options.statePath);
  const bounds = placeWindow(
    state,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const icon = windowIconPath(app.getAppPath(), process.platform) ?? undefined;
  const window = new BrowserWindow({
    ...bounds,
    icon,
    minWidth: minimumSize.width,
    minHeight: minimumSize.height,
    show: false,
    title: 'Feedback Desk',
    backgroundColor: '#f5f6f8',
    // A literal, so Electronegativity (npm test) checks every value.
    webPreferences: {
      preload: options.preloadPath, // eng-disable PRELOAD_JS_CHECK: reviewed, it exposes the contract's Bridge only
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick', // eng-disable BLINK_FEATURES_JS_CHECK: turns a feature off, none on
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  });
  if (state.maximized) window.maximize();
  const remember = (): void => {
    if (window.isDestroyed()) return;
    saveWindowState(options.statePath, {
      bounds: window.isMaximized() || window.isFullScreen() ? (state.bounds ?? null) : window.getBounds(),
      maximized: window.isMaximized(),
    });
  };
  window.on('close', remember);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}

/** Must run before the app is ready. */
export function registerRendererScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, codeCache: true } },
  ]);
}

/** Serves the built renderer over app://renderer with the security headers (instead of file://). */
export function serveRenderer(rendererDir: string, csp: string): void {
  protocol.handle(appScheme, async (request) => {
    const headers = { ...securityHeaders, 'Content-Security-Policy': csp };
    const url = new URL(request.url);
    const file =
      url.host === 'renderer' && request.method === 'GET'
        ? await readStaticFile(rendererDir, url.pathname)
        : null;
    if (!file) return new Response('Not found', { status: 404, headers });
    return new Response(new Uint8Array(file.body), {
      headers: { ...headers, 'Content-Type': file.contentType },
    });
  });
}

/** CSP, no network, no permissions for the desktop session. */
export function hardenSession(ses: Session, csp: string, devOrigin: string | null): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isAllowedRendererRequest(details.url, devOrigin) });
  });
  // The app:// handler sets the CSP itself; this covers every other answer. In production the policy is written
  // out (policy.test.ts checks it equals web mode's), so Electronegativity evaluates it; development relaxes it.
  ses.webRequest.onHeadersReceived((details, callback) => {
    if (devOrigin === null)
      callback({
        // Reviewed (Electronegativity asks for it): 'self' is app://renderer, which serves only the bundled files.
        /* eng-disable CSP_GLOBAL_CHECK */ responseHeaders: {
          ...details.responseHeaders,
          'Content-Security-Policy': [
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
          ],
        },
      });
    else callback(withPolicy(details.responseHeaders, csp));
  });
}

/** Development only: the same policy plus Vite's inline styles and socket (shellContentSecurityPolicy). */
function withPolicy(
  headers: Record<string, string | string[]> | undefined,
  csp: string,
): { responseHeaders: Record<string, string | string[]> } {
  return { responseHeaders: { ...headers, 'Content-Security-Policy': [csp] } };
}

/** Applied to every web contents the app creates (app 'web-contents-created'). */
export function hardenWebContents(contents: WebContents): void {
  // No new windows; a link to one of the project's own pages opens in the system browser, nothing else does.
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK: allowlist
    return { action: 'deny' };
  });
  // A single-page app never navigates; loadURL and reload do not fire this. Subframes cannot load at all:
  // the CSP's default-src 'none' leaves frame-src empty.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The application menu; About is a native dialog with every version. */
export function installMenu(
  appName: string,
  versions: Versions,
  actions: Omit<MenuActions, 'showAbout'>,
): void {
  const showAbout = (): void => {
    const window = BrowserWindow.getFocusedWindow();
    const box = {
      type: 'info' as const,
      title: `About ${appName}`,
      message: appName,
      detail: aboutDetail(versions),
    };
    void (window ? dialog.showMessageBox(window, box) : dialog.showMessageBox(box));
  };
  const template: MenuItemConstructorOptions[] = buildMenuTemplate(process.platform, appName, {
    ...actions,
    showAbout,
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

/** A native error box for a start that cannot go on (e.g. the data folder is not writable). */
export function showFatalError(message: string): void {
  dialog.showErrorBox('Feedback Desk cannot start', message);
}

/**
 * Electron's safeStorage as the credentials fallback's cipher — only when it really encrypts: on Linux without a
 * keyring it falls back to a fixed key ('basic_text'), which is no protection, so then there is none.
 */
export function safeStorageCipher(): { cipher: SecretCipher; backend: string } | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform;
  if (backend === 'basic_text' || backend === 'unknown') return null;
  return {
    cipher: {
      encrypt: (plain) => safeStorage.encryptString(plain),
      decrypt: (blob) => safeStorage.decryptString(blob),
    },
    backend,
  };
}
