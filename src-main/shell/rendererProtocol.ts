// Serves the built renderer over app://renderer with the security headers (instead of file://).
import { protocol } from 'electron';
import { securityHeaders } from '../web/securityHeaders.ts';
import { readStaticFile } from '../web/staticFiles.ts';
import { appScheme } from './policy.ts';

/** Must run before the app is ready. */
export function registerRendererScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, codeCache: true } },
  ]);
}

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
