// The desktop window's security policy as plain data and predicates (no electron at run time, so tested in Node).
import { contentSecurityPolicy } from '../web/securityHeaders.ts';

/** The renderer is served from this privileged custom scheme, never from file:// (Electron security checklist). */
export const appScheme = 'app';
export const rendererOrigin = 'app://renderer';
export const rendererEntryUrl = `${rendererOrigin}/index.html`;

/**
 * Addresses the app may hand to the system browser (shell.openExternal): https only, and only these hosts — the
 * project's own pages. Anything else a page tries to open is refused.
 */
export const externalHosts: readonly string[] = ['github.com', 'www.electronjs.org'];

export function isAllowedExternalUrl(url: string, hosts: readonly string[] = externalHosts): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' && !parsed.username && !parsed.password && hosts.includes(parsed.hostname)
  );
}

/**
 * The CSP the shell enforces. In development (electron-vite's dev server) Vite injects <style> tags and talks to
 * its server over a WebSocket, so only then are inline styles and that one socket allowed.
 */
export function shellContentSecurityPolicy(devOrigin: string | null): string {
  if (devOrigin === null) return contentSecurityPolicy;
  const ws = devOrigin.replace(/^http/, 'ws');
  return contentSecurityPolicy
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    .replace("connect-src 'self'", `connect-src 'self' ${ws}`);
}

/** Requests the renderer may make: its own files and DevTools; in development, the dev server. Nothing on the network. */
export function isAllowedRendererRequest(url: string, devOrigin: string | null): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'data:' || parsed.protocol === 'devtools:') return true;
  if (parsed.protocol === `${appScheme}:`) return parsed.host === 'renderer';
  if (devOrigin === null) return false;
  const dev = new URL(devOrigin);
  const wsProtocol = dev.protocol === 'https:' ? 'wss:' : 'ws:';
  return parsed.host === dev.host && (parsed.protocol === dev.protocol || parsed.protocol === wsProtocol);
}
