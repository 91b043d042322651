// The Electron side of the shell: the window, the app:// renderer scheme and the hardening of sessions and contents.
import { BrowserWindow, protocol, type Session, type WebContents } from 'electron';
import { securityHeaders } from '../web/securityHeaders.ts';
import { readStaticFile } from '../web/staticFiles.ts';
import { appScheme, isAllowedRendererRequest, windowWebPreferences } from './policy.ts';

export function createMainWindow(options: { preloadPath: string; url: string }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1320,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Feedback Desk',
    backgroundColor: '#f5f6f8',
    webPreferences: windowWebPreferences(options.preloadPath),
  });
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
  // The app:// handler sets the CSP itself; this covers the development server too.
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}

/** Applied to every web contents the app creates (app 'web-contents-created'). */
export function hardenWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // A single-page app never navigates; loadURL and reload do not fire this. Subframes cannot load at all:
  // the CSP's default-src 'none' leaves frame-src empty.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
