// Hardening of the desktop session and of every web contents: CSP, no network, no permissions, no navigation.
import type { Session, WebContents } from 'electron';
import { isAllowedRendererRequest } from './policy.ts';

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
